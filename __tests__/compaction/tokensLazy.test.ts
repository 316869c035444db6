import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ count: 0 }));

// Counts encoder constructions while keeping the real encoder.
vi.mock('js-tiktoken/lite', async (importOriginal) => {
  const real = await importOriginal<typeof import('js-tiktoken/lite')>();
  class CountedTiktoken extends real.Tiktoken {
    constructor(...args: ConstructorParameters<typeof real.Tiktoken>) {
      super(...args);
      built.count++;
    }
  }
  return { ...real, Tiktoken: CountedTiktoken };
});

describe('encoder construction', () => {
  it('builds the encoder on the first count, once per process, never at import', async () => {
    const { TokenCounter } = await import('../../source/engine/tokens.js');
    const a = new TokenCounter();
    const b = new TokenCounter();
    expect(built.count).toBe(0);
    expect(a.count('one two three')).toBe(3);
    expect(built.count).toBe(1);
    expect(b.count('four five')).toBe(2);
    expect(built.count).toBe(1);
  });
});
