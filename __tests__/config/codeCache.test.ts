// The code cache of the build's CommonJS files (source/config/codeCache.ts): written once after first use, read at the
// next load, never the old code for a changed file, and a broken or unwritable cache costs only the time.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireCached, staleCacheMs } from '../../source/config/codeCache.js';
import { configLayerSchema, validatorOptions } from '../../source/config/layerSchema.js';
import { configFormats } from '../../source/config/urlFormat.js';

let dir: string;
let cacheDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rein-code-cache-'));
  cacheDir = join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const env = {} as NodeJS.ProcessEnv;
type Sample = { value: string; twice: (n: number) => number; helper: string };

/**
 * The same text under another name: V8 keeps what a process compiled by text and name, and would hand back the
 * first compile without looking at the cache; a new name makes each load read the cache as a new process does.
 */
let copies = 0;
function copyOf(file: string): string {
  copies += 1;
  const copy = join(dirname(file), `copy-${copies}.cjs`);
  writeFileSync(copy, readFileSync(file));
  return copy;
}

function writeModule(value: string): string {
  writeFileSync(join(dir, 'helper.cjs'), "module.exports = 'from the helper';\n");
  const file = join(dir, 'sample.cjs');
  writeFileSync(file, `const helper = require('./helper.cjs');\nmodule.exports = { value: '${value}', twice: (n) => n * 2, helper };\n`);
  return file;
}

describe('requireCached', () => {
  it('loads a CommonJS file with its own require, writes the cache once after use, then reads it', () => {
    const file = writeModule('one');
    const first = requireCached<Sample>(file, { dir: cacheDir, env });
    expect(first.cache).toBe('absent');
    expect(first.exports.value).toBe('one');
    expect(first.exports.helper).toBe('from the helper');
    expect(first.exports.twice(21)).toBe(42);
    first.keep();
    first.keep();
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.bin$/)]);

    const second = requireCached<Sample>(copyOf(file), { dir: cacheDir, env });
    expect(second.cache).toBe('used');
    expect(second.exports.twice(5)).toBe(10);
    // A cache that was used is not written again: a marker put in its place stays.
    const cacheFile = join(cacheDir, readdirSync(cacheDir)[0]);
    writeFileSync(cacheFile, 'marker');
    second.keep();
    expect(readFileSync(cacheFile, 'utf8')).toBe('marker');
  });

  it('never runs the old code of a file changed to text of the same length', () => {
    const file = writeModule('one');
    requireCached<Sample>(file, { dir: cacheDir, env }).keep();
    writeModule('two');
    const changed = requireCached<Sample>(file, { dir: cacheDir, env });
    expect(changed.exports.value).toBe('two');
    expect(changed.cache).toBe('absent');
  });

  it('compiles from the text when the cache file is damaged, and replaces it', () => {
    const file = writeModule('one');
    requireCached<Sample>(file, { dir: cacheDir, env }).keep();
    const cacheFile = join(cacheDir, readdirSync(cacheDir)[0]);
    const damaged = readFileSync(cacheFile);
    damaged.fill(7, 0, 64);
    writeFileSync(cacheFile, damaged);
    const loaded = requireCached<Sample>(copyOf(file), { dir: cacheDir, env });
    expect(loaded.cache).toBe('refused');
    expect(loaded.exports.value).toBe('one');
    loaded.keep();
    expect(requireCached<Sample>(copyOf(file), { dir: cacheDir, env }).cache).toBe('used');
  });

  it('loads as usual where the cache folder cannot be made, and leaves no partial file', () => {
    const file = writeModule('one');
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const loaded = requireCached<Sample>(file, { dir: join(blocked, 'cache'), env });
    expect(loaded.exports.value).toBe('one');
    loaded.keep();
    expect(readdirSync(dir).filter((name) => name.includes('tmp'))).toEqual([]);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1, as Node\'s own cache is', () => {
    const file = writeModule('one');
    const loaded = requireCached<Sample>(file, { dir: cacheDir, env: { NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(loaded.cache).toBe('off');
    expect(loaded.exports.value).toBe('one');
    loaded.keep();
    expect(() => readdirSync(cacheDir)).toThrow(/ENOENT/);
  });

  it('removes, when it writes, the caches not written for 30 days, and keeps the others', () => {
    mkdirSync(cacheDir, { recursive: true });
    const old = join(cacheDir, 'a'.repeat(32) + '.bin');
    const recent = join(cacheDir, 'b'.repeat(32) + '.bin');
    const notOurs = join(cacheDir, 'notes.txt');
    for (const file of [old, recent, notOurs]) writeFileSync(file, 'x');
    const longAgo = (Date.now() - staleCacheMs - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    utimesSync(notOurs, longAgo, longAgo);
    const loaded = requireCached<Sample>(writeModule('one'), { dir: cacheDir, env });
    expect(readdirSync(cacheDir)).toContain(old.slice(cacheDir.length + 1)); // nothing written yet, nothing removed
    loaded.keep();
    const left = readdirSync(cacheDir);
    expect(left).not.toContain(old.slice(cacheDir.length + 1));
    expect(left).toEqual(expect.arrayContaining([recent.slice(cacheDir.length + 1), 'notes.txt']));
    expect(left).toHaveLength(3);
  });

  it('throws as require does for a file that is not there (the callers then compile from the sources)', () => {
    expect(() => requireCached(join(dir, 'missing.cjs'), { dir: cacheDir, env })).toThrow(/ENOENT|Cannot find/);
  });

  it('loads the precompiled config validator so it judges as the schema does, from a fresh and from a warm cache', () => {
    const ajv = new Ajv(validatorOptions);
    ajv.addFormat('uri', configFormats.uri);
    const schema = ajv.compile(configLayerSchema);
    const samples: unknown[] = [{}, { maxTurns: 'ten' }, { modle: 'typo' }, { baseUrl: 'http://host:port/v1' }, { provider: 'openai', model: 'm', maxTurns: 3 }];
    // The build leaves it nothing to require, so a copy anywhere loads.
    const built = join(dir, 'config-validator.cjs');
    writeFileSync(built, readFileSync(resolve('dist/config-validator.cjs')));
    for (const [state, file] of [['absent', built], ['used', copyOf(built)]]) {
      const loaded = requireCached<typeof schema>(file, { dir: cacheDir, env });
      expect(loaded.cache).toBe(state);
      for (const sample of samples) {
        expect(loaded.exports(sample)).toBe(schema(sample));
        expect(loaded.exports.errors?.[0]?.instancePath).toBe(schema.errors?.[0]?.instancePath);
      }
      loaded.keep();
    }
  });
});
