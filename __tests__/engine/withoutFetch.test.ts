// withoutFetch: the global fetch is hidden while a module loads and comes back afterwards, also after a failure.
import { describe, expect, it } from 'vitest';
import { withoutFetch } from '../../source/cli/withoutFetch.js';

describe('withoutFetch', () => {
  it('hides fetch during the load and restores the same function after it', async () => {
    const original = globalThis.fetch;
    const seen = await withoutFetch(async () => typeof globalThis.fetch);
    expect(seen).toBe('undefined');
    expect(globalThis.fetch).toBe(original);
  });

  it('restores fetch when the load fails', async () => {
    const original = globalThis.fetch;
    await expect(withoutFetch(async () => Promise.reject(new Error('chunk missing')))).rejects.toThrow('chunk missing');
    expect(globalThis.fetch).toBe(original);
    expect(typeof globalThis.fetch).toBe('function');
  });
});
