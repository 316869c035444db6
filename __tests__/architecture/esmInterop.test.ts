// The CLI's CommonJS wrappers (scripts/esmInterop.mjs): one per module and import mode, shared by every importer,
// and each the same as the one esbuild's own helper makes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedToEsm, toEsmHelper } from '../../scripts/esmInterop.mjs';

type ToEsm = (mod: unknown, isNodeMode?: number) => Record<string, unknown>;

const dist = resolve('dist');
// The CLI's chunks (the SDK's single file, dist/sdk.js, keeps esbuild's helper).
const runtime = readdirSync(dist).filter((file) => file.endsWith('.js') && file !== 'sdk.js' && readFileSync(join(dist, file), 'utf8').includes('__toESM='));

async function helpers(): Promise<{ shared: ToEsm; esbuilds: ToEsm }> {
  const file = join(dist, runtime[0]);
  const shared = ((await import(pathToFileURL(file).href)) as { __toESM: ToEsm }).__toESM;
  // esbuild's own helper, with the same prelude: the built chunk with the rewrite undone.
  const original = readFileSync(file, 'utf8').replace(sharedToEsm, toEsmHelper).replace(/^#!.*\n/, '');
  const esbuilds = ((await import(`data:text/javascript;base64,${Buffer.from(original).toString('base64')}`)) as { __toESM: ToEsm }).__toESM;
  return { shared, esbuilds };
}

/** What an importer can see of a wrapper: its keys, each value and whether it is enumerable. */
const seen = (wrapper: Record<string, unknown>) =>
  Object.getOwnPropertyNames(wrapper).sort().map((key) => [key, wrapper[key], Object.getOwnPropertyDescriptor(wrapper, key)?.enumerable]);

describe('the CLI bundle\'s CommonJS wrappers', () => {
  it('are rewritten in the one runtime chunk that defines them', () => {
    expect(runtime).toHaveLength(1);
    const text = readFileSync(join(dist, runtime[0]), 'utf8');
    expect(text).toContain(sharedToEsm);
    expect(text).not.toContain(toEsmHelper);
  });

  it('are made once per module and mode, and every importer gets that one', async () => {
    const { shared } = await helpers();
    const mod = { useState: () => 1, version: '19' };
    const first = shared(mod);
    expect(shared(mod)).toBe(first);
    expect(shared(mod, 1)).toBe(shared(mod, 1));
    expect(shared(mod, 1)).not.toBe(first);
    const factory = Object.assign(() => 'made', { extra: 1 });
    expect(shared(factory)).toBe(shared(factory));
    expect(shared({ ...mod })).not.toBe(first);
    // A live binding still: an export changed later reads through.
    mod.version = '20';
    expect(first.version).toBe('20');
  });

  it('look to an importer exactly as esbuild\'s own do', async () => {
    const { shared, esbuilds } = await helpers();
    const shapes: unknown[] = [
      { a: 1, b: 'two' },
      Object.defineProperty({ visible: 1 }, 'hidden', { value: 2, enumerable: false }),
      { __esModule: true, default: 'the default', named: 3 },
      Object.assign(function exported() { return 1; }, { helper: 2 }),
      null,
      undefined,
      'text',
    ];
    for (const shape of shapes) {
      for (const mode of [undefined, 1]) {
        expect(seen(shared(shape, mode)), String(shape)).toEqual(seen(esbuilds(shape, mode)));
        expect(Object.getPrototypeOf(shared(shape, mode))).toBe(Object.getPrototypeOf(esbuilds(shape, mode)));
      }
    }
  });
});
