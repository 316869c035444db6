// The entry turns on Node's module compile cache where Node has one (22.1 and later), and does nothing elsewhere.
import nodeModule from 'node:module';
import { describe, expect, it } from 'vitest';
import { enableCompileCache } from '../../source/cli/compileCache.js';

describe('enableCompileCache', () => {
  it('asks a Node that has the cache to keep it, and answers with its folder', () => {
    const calls: unknown[][] = [];
    const node = { enableCompileCache: (...args: unknown[]) => (calls.push(args), { status: 1, directory: '/tmp/node-compile-cache' }) };
    expect(enableCompileCache(node)).toBe('/tmp/node-compile-cache');
    // No folder of rein's own: NODE_COMPILE_CACHE can still move it.
    expect(calls).toEqual([[]]);
  });

  it('does nothing on a Node without one, such as Node 20', () => {
    expect(enableCompileCache({})).toBeUndefined();
    // The real module: Node 20 has no enableCompileCache; a later Node names a folder (or none if it cannot write).
    const real = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache;
    if (real === undefined) expect(enableCompileCache()).toBeUndefined();
    else expect(typeof real).toBe('function');
  });
});
