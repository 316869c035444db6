// Loads one of the build's CommonJS files (the config validator, yaml) with a V8 code cache of its own, kept in
// rein's home (cache/code/): the next start reads the compiled code instead of compiling the file again. The config
// validator is one generated 80 KB function, compiled on its first call: about 12 ms of every start without a cache.
// * The cache is made after the file's first use (`keep`), so it holds the functions that use compiled, and only
//   when there was none or V8 refused it (another Node, other V8 flags): a start with a good cache writes nothing.
// * Its name hashes the file's text, Node's version and the flags rein runs under: V8 itself checks only the
//   text's length, so a changed file of the same length can never run the old code.
// * Node 22.1 and later keep such a cache themselves (see cli/compileCache.ts); where theirs is on, and where
//   NODE_DISABLE_COMPILE_CACHE=1 turns caches off, the file is required as usual.
// * A cache that cannot be read or written changes nothing but the time: the file is compiled from its text.
// * Each write removes the folder's caches not written for 30 days (those of earlier versions of rein or Node), so
//   the folder stays small; one still in use is made again at its next start.
import { hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { resolveReinHome } from './paths.js';

/** What happened to the cache on a load: read and used, refused by V8, absent, or not used at all. */
export type CodeCacheState = 'used' | 'refused' | 'absent' | 'off';

export interface CachedModule<T> {
  exports: T;
  cache: CodeCacheState;
  /** Writes the cache when it was absent or refused, with what is compiled by now; later calls do nothing. True when it wrote. */
  keep: () => boolean;
}

interface CacheOptions {
  /** Where the cache files go (default: cache/code in rein's home). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
}

type WithCacheDir = { getCompileCacheDir?: () => string | undefined };

/** How long a cache file that was not written again stays. */
export const staleCacheMs = 30 * 24 * 60 * 60 * 1000;

/** Removes the caches in `dir` that were last written more than `staleCacheMs` ago; a folder that cannot be read is left. */
export function removeStaleCaches(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.bin')) continue;
    try {
      const file = join(dir, name);
      if (now - statSync(file).mtimeMs > staleCacheMs) rmSync(file, { force: true });
    } catch {
      // Removed by a start running beside this one.
    }
  }
}

/** The folder the code caches go to. */
export const codeCacheDir = (env: NodeJS.ProcessEnv = process.env): string => join(resolveReinHome(env), 'cache', 'code');

const nodeCacheIsOn = (): boolean => (nodeModule as WithCacheDir).getCompileCacheDir?.() !== undefined;

/** Requires `file` (an absolute path to a CommonJS file) through the code cache; throws as require does when it is missing. */
export function requireCached<T>(file: string, options: CacheOptions = {}): CachedModule<T> {
  const env = options.env ?? process.env;
  const requireFile = createRequire(file);
  if (env.NODE_DISABLE_COMPILE_CACHE === '1' || nodeCacheIsOn()) return { exports: requireFile(file) as T, cache: 'off', keep: () => false };
  const module = { exports: {} as unknown };
  const { cache, keep } = runCached(file, module, requireFile, options);
  return { exports: module.exports as T, cache, keep };
}

export interface RunOptions extends CacheOptions {
  /** Whether `keep` removes the folder's stale caches after writing (default true); a caller keeping many sweeps once itself. */
  sweep?: boolean;
  /**
   * Names the cache by the file's path, size and time instead of a hash of its text, which costs about 2 ms a
   * megabyte: for files whose names change with their text (the build's chunks, see cli/chunkLoader.ts).
   */
  keyByStat?: boolean;
}

// On the wrapper's line, so the file's line numbers stay as they are.
const wrap = (text: string): string => `(function (exports, require, module, __filename, __dirname, __reinMeta) {${text}\n})`;

/**
 * Runs `file` (an absolute path) as the body of a CommonJS module with the given module and require, through the code
 * cache (off when NODE_DISABLE_COMPILE_CACHE=1). The body also gets `__reinMeta.url`, the file's URL, for what was
 * `import.meta.url` before the build made it CommonJS; it is made when first read (a chunk that never reads it skips it).
 */
export function runCached(file: string, module: { exports: unknown }, requireFile: NodeJS.Require, options: RunOptions = {}): { cache: CodeCacheState; keep: () => boolean } {
  const env = options.env ?? process.env;
  const text = readFileSync(file, 'utf8');
  let url: string | undefined;
  const meta = { get url(): string { return (url ??= pathToFileURL(file).href); } };
  const run = (script: Script): void =>
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, requireFile, module, file, dirname(file), meta);
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') {
    run(new Script(wrap(text), { filename: file }));
    return { cache: 'off', keep: () => false };
  }
  const node = `${process.version} ${process.arch} ${process.execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}\0`;
  let what = text;
  if (options.keyByStat === true) {
    const stat = statSync(file);
    what = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  }
  // One call rather than a Hash object: a start keys about 26 chunks, and the objects cost 0.7 ms more.
  const cacheFile = join(options.dir ?? codeCacheDir(env), `${hash('sha256', node + what).slice(0, 32)}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet.
  }
  const script = new Script(wrap(text), { filename: file, cachedData });
  const cache: CodeCacheState = cachedData === undefined ? 'absent' : script.cachedDataRejected === true ? 'refused' : 'used';
  run(script);
  let kept = cache === 'used';
  const keep = (): boolean => {
    if (kept) return false;
    kept = true;
    // Written whole, then renamed: a start running beside this one reads the old file or the new, never half of one.
    const partial = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, cacheFile);
      if (options.sweep !== false) removeStaleCaches(dirname(cacheFile));
      return true;
    } catch {
      // A home that cannot be written only means the next start compiles again.
      try {
        rmSync(partial, { force: true });
      } catch {
        // Nothing was written there.
      }
      return false;
    }
  };
  return { cache, keep };
}
