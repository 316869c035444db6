// The loader of the built CLI's chunks (source/cli/chunkLoader.ts): each chunk runs once with the require, module and
// URL it would have had, caches are written by `keep` and read by the next process, and a bad cache costs only time.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepChunkCaches, loadChunks } from '../../source/cli/chunkLoader.js';
import { staleCacheMs } from '../../source/config/codeCache.js';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const loaderUrl = pathToFileURL(path.join(root, 'source/cli/chunkLoader.ts')).href;

let dir: string;
let chunks: string;
let cacheDir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rein-chunks-'));
  chunks = path.join(dir, 'dist');
  cacheDir = path.join(dir, 'cache');
  mkdirSync(chunks);
  writeFileSync(path.join(chunks, 'main.cjs'), [
    '"use strict";',
    'const a = require("./chunk-a.cjs");',
    'const b = require("./chunk-b.cjs");',
    'let strict = false; try { undeclared = 1; } catch { strict = true; }',
    'module.exports = { sum: a.n + b.n(), once: a.b === b, url: __reinMeta.url, file: __filename, sep: require("node:path").sep, strict,',
    '  later: () => Promise.resolve().then(() => require("./chunk-late.cjs")) };',
  ].join('\n'));
  writeFileSync(path.join(chunks, 'chunk-a.cjs'), '"use strict";\nmodule.exports = { n: 1, b: require("./chunk-b.cjs") };\n');
  writeFileSync(path.join(chunks, 'chunk-b.cjs'), '"use strict";\nglobalThis.__reinChunkB = (globalThis.__reinChunkB ?? 0) + 1;\nmodule.exports = { n: () => 2 };\n');
  writeFileSync(path.join(chunks, 'chunk-late.cjs'), '"use strict";\nmodule.exports = { late: "loaded when asked" };\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Main = { sum: number; once: boolean; url: string; file: string; sep: string; strict: boolean; later: () => Promise<{ late: string }> };

/** Loads the chunks in a new node process (V8 reuses an earlier compile of the same text within one), keeps, reports. */
async function loadInChild(): Promise<{ states: Record<string, string>; sum: number }> {
  const script = `
    import { loadChunks } from ${JSON.stringify(loaderUrl)};
    const loaded = loadChunks(${JSON.stringify(chunks)}, 'main.cjs', { cacheDir: ${JSON.stringify(cacheDir)}, env: {}, keepAtExit: false });
    await loaded.exports.later();
    loaded.keep();
    process.stdout.write(JSON.stringify({ states: Object.fromEntries(loaded.states), sum: loaded.exports.sum }));
  `;
  const { stdout } = await execa(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], { cwd: root, env: { NODE_OPTIONS: '' } });
  return JSON.parse(stdout) as { states: Record<string, string>; sum: number };
}

describe('loadChunks', () => {
  it('runs each chunk once, strict, with its require, file name and URL; a later chunk loads when required', async () => {
    const before = (globalThis as { __reinChunkB?: number }).__reinChunkB ?? 0;
    const loaded = loadChunks(chunks, 'main.cjs', { cacheDir, env: {}, keepAtExit: false });
    const main = loaded.exports as Main;
    expect(main.sum).toBe(3);
    expect(main.once).toBe(true);
    expect((globalThis as { __reinChunkB?: number }).__reinChunkB).toBe(before + 1);
    expect(main.url).toBe(pathToFileURL(path.join(chunks, 'main.cjs')).href);
    expect(main.file).toBe(path.join(chunks, 'main.cjs'));
    expect(main.sep).toBe(path.sep);
    expect(main.strict).toBe(true);
    expect([...loaded.states.keys()]).toEqual(['main.cjs', 'chunk-a.cjs', 'chunk-b.cjs']);
    expect(await main.later()).toEqual({ late: 'loaded when asked' });
    expect([...loaded.states.keys()]).toContain('chunk-late.cjs');
  });

  it('publishes its keep for the way out of a signal; it writes each cache once and then sweeps the stale ones', () => {
    mkdirSync(cacheDir, { recursive: true });
    const stale = path.join(cacheDir, 'a'.repeat(32) + '.bin');
    writeFileSync(stale, 'x');
    const longAgo = (Date.now() - staleCacheMs - 60_000) / 1000;
    utimesSync(stale, longAgo, longAgo);
    const published = (globalThis as Record<symbol, unknown>)[keepChunkCaches];
    try {
      loadChunks(chunks, 'main.cjs', { cacheDir, env: {} });
      const keep = (globalThis as Record<symbol, unknown>)[keepChunkCaches] as () => void;
      expect(typeof keep).toBe('function');
      keep();
      const written = readdirSync(cacheDir);
      expect(written).toHaveLength(3);
      expect(written).not.toContain(path.basename(stale));
      const inodes = written.map((name) => statSync(path.join(cacheDir, name)).ino);
      // Called again (the 'exit' after a signal's way out), it writes nothing.
      keep();
      expect(readdirSync(cacheDir).map((name) => statSync(path.join(cacheDir, name)).ino)).toEqual(inodes);
    } finally {
      (globalThis as Record<symbol, unknown>)[keepChunkCaches] = published;
    }
  });

  it('writes a cache per chunk once, which the next process uses without writing again', async () => {
    const first = await loadInChild();
    expect(first.sum).toBe(3);
    expect(first.states).toEqual({ 'main.cjs': 'absent', 'chunk-a.cjs': 'absent', 'chunk-b.cjs': 'absent', 'chunk-late.cjs': 'absent' });
    const written = Object.fromEntries(readdirSync(cacheDir).map((name) => [name, statSync(path.join(cacheDir, name)).ino]));
    expect(Object.keys(written)).toHaveLength(4);

    const second = await loadInChild();
    expect(second.states).toEqual({ 'main.cjs': 'used', 'chunk-a.cjs': 'used', 'chunk-b.cjs': 'used', 'chunk-late.cjs': 'used' });
    expect(Object.fromEntries(readdirSync(cacheDir).map((name) => [name, statSync(path.join(cacheDir, name)).ino]))).toEqual(written);
  });

  it('a cache that is garbage or cut short is refused and written again; the chunks run the same', async () => {
    await loadInChild();
    const files = readdirSync(cacheDir);
    const [garbage, cut] = files;
    writeFileSync(path.join(cacheDir, garbage), Buffer.alloc(statSync(path.join(cacheDir, garbage)).size, 0x5a));
    writeFileSync(path.join(cacheDir, cut), readFileSync(path.join(cacheDir, cut)).subarray(0, 40));
    const again = await loadInChild();
    expect(again.sum).toBe(3);
    expect(Object.values(again.states).filter((state) => state === 'refused')).toHaveLength(2);
    const third = await loadInChild();
    expect(Object.values(third.states)).toEqual(['used', 'used', 'used', 'used']);
  });

  it('a changed chunk is never run from the old cache', async () => {
    await loadInChild();
    // Same length, other text: V8 alone checks only the length.
    const file = path.join(chunks, 'chunk-b.cjs');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('() => 2', '() => 5'));
    const changed = await loadInChild();
    expect(changed.sum).toBe(6);
    expect(changed.states['chunk-b.cjs']).toBe('absent');
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 loads the chunks without reading or writing a cache', () => {
    const loaded = loadChunks(chunks, 'main.cjs', { cacheDir, env: { NODE_DISABLE_COMPILE_CACHE: '1' }, keepAtExit: false });
    expect((loaded.exports as Main).sum).toBe(3);
    loaded.keep();
    expect([...loaded.states.values()]).toEqual(['off', 'off', 'off']);
    expect(() => readdirSync(cacheDir)).toThrow();
  });
});
