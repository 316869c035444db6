// The CLI's CommonJS wrappers (scripts/esmInterop.mjs): one per module and import mode, shared by every importer,
// and each the same as the one esbuild's own helper makes. The rewrite is checked on a split build of the CLI's kind
// (ES modules, before scripts/chunkFormat.mjs makes them CommonJS), and its result in the CLI's own chunks.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedToEsm, shareEsmWrappers, toEsmHelper } from '../../scripts/esmInterop.mjs';
import { loadChunks } from '../../source/cli/chunkLoader.js';

type ToEsm = (mod: unknown, isNodeMode?: number) => Record<string, unknown>;

const dist = resolve('dist');
// The CLI's chunks after the build made them CommonJS (scripts/chunkFormat.mjs): the one with the shared helper.
const runtime = readdirSync(dist).filter((file) => file.endsWith('.cjs') && readFileSync(join(dist, file), 'utf8').includes('__toESMMade=new WeakMap'));

// The same rewrite on a split build of the build's own kind, before the chunks become CommonJS: two ES modules that
// import one CommonJS module.
let work: string;
let splitRuntime: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rein-esm-interop-'));
  mkdirSync(join(work, 'src'));
  writeFileSync(join(work, 'src', 'dep.cjs'), 'module.exports = { value: 1 };\n');
  writeFileSync(join(work, 'src', 'a.js'), 'import dep from "./dep.cjs";\nexport const a = () => dep.value;\n');
  writeFileSync(join(work, 'src', 'b.js'), 'import dep from "./dep.cjs";\nexport const b = () => dep.value;\n');
  await build({ entryPoints: [join(work, 'src', 'a.js'), join(work, 'src', 'b.js')], bundle: true, splitting: true, format: 'esm', platform: 'node', minifyWhitespace: true, minifySyntax: true, outdir: join(work, 'out'), logLevel: 'silent' });
  splitRuntime = shareEsmWrappers(join(work, 'out'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function helpers(): Promise<{ shared: ToEsm; esbuilds: ToEsm }> {
  const file = join(work, 'out', splitRuntime);
  const shared = ((await import(pathToFileURL(file).href)) as { __toESM: ToEsm }).__toESM;
  // esbuild's own helper, with the same prelude: the built chunk with the rewrite undone.
  const original = readFileSync(file, 'utf8').replace(sharedToEsm, toEsmHelper);
  const esbuilds = ((await import(`data:text/javascript;base64,${Buffer.from(original).toString('base64')}`)) as { __toESM: ToEsm }).__toESM;
  return { shared, esbuilds };
}

/** What an importer can see of a wrapper: its keys, each value and whether it is enumerable. */
const seen = (wrapper: Record<string, unknown>) =>
  Object.getOwnPropertyNames(wrapper).sort().map((key) => [key, wrapper[key], Object.getOwnPropertyDescriptor(wrapper, key)?.enumerable]);

describe('the CLI bundle\'s CommonJS wrappers', () => {
  it('are rewritten in the one runtime chunk that defines them', () => {
    const text = readFileSync(join(work, 'out', splitRuntime), 'utf8');
    expect(text).toContain(sharedToEsm);
    expect(text).not.toContain(toEsmHelper);
    // The CLI's build: one chunk, whose helper is the shared one.
    expect(runtime).toHaveLength(1);
    const built = loadChunks(dist, runtime[0], { env: { NODE_DISABLE_COMPILE_CACHE: '1' }, keepAtExit: false }).exports as { __toESM: ToEsm };
    const mod = { useState: () => 1 };
    expect(built.__toESM(mod)).toBe(built.__toESM(mod));
    expect(built.__toESM(mod).useState).toBe(mod.useState);
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
