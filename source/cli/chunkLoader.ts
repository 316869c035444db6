// Loads the built CLI's chunks (dist/*.cjs, written by scripts/chunkFormat.mjs) with a V8 code cache of their own in
// rein's home (config/codeCache.ts). Node 20 keeps no compiled code between starts, so each start compiled about
// 1 MB of rein before its first request and 1.4 MB before its first frame; with the cache the next start reads the
// compiled functions instead.
// * Each chunk's cache is written when the process exits, holding every function the run compiled, and only when
//   there was none or V8 refused it: a start whose caches were all used writes nothing.
// * A chunk requires another by its file name (`./chunk-….cjs`); that chunk loads here, once. Anything else (Node's
//   modules, the packages left outside the bundle) goes to Node's require from the chunks' folder.
// * NODE_DEBUG=rein-chunks prints each chunk as it loads and what became of its cache (used, refused, absent, off).
// * NODE_DISABLE_COMPILE_CACHE=1 turns the cache off, as it does Node's own; the chunks still load here.
// * A session ended by a signal (the terminal closed, SIGTERM) emits no 'exit': the loader's keep is also published
//   under `keepChunkCaches`, and the shutdown hooks (shutdown.ts), which run on signals too, call it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { debuglog } from 'node:util';
import { codeCacheDir, removeStaleCaches, runCached, type CodeCacheState } from '../config/codeCache.js';

// NODE_DEBUG=rein-chunks prints each chunk as it loads, with what became of its cache.
const debug = debuglog('rein-chunks');

interface Loaded {
  exports: unknown;
}

export interface LoadedChunks {
  exports: unknown;
  /** What happened to each chunk's cache, by file name, in the order the chunks loaded. */
  states: Map<string, CodeCacheState>;
  /** Writes the caches of the chunks loaded so far whose cache was absent or refused (see codeCache.ts). */
  keep: () => void;
}

/** Where the loader publishes its keep, for the way out of a session ended by a signal (see shutdown.ts). */
export const keepChunkCaches = Symbol.for('rein.chunkLoader.keep');

/**
 * Loads `main` (a chunk's file name) from `dir` with the chunks it requires, and keeps their caches when the process
 * exits (`keepAtExit`, default true).
 */
export function loadChunks(dir: string, main: string, options: { env?: NodeJS.ProcessEnv; cacheDir?: string; keepAtExit?: boolean } = {}): LoadedChunks {
  const env = options.env ?? process.env;
  const cacheDir = options.cacheDir ?? codeCacheDir(env);
  const loaded = new Map<string, Loaded>();
  const keeps: Array<() => boolean> = [];
  const states = new Map<string, CodeCacheState>();
  const nodeRequire = createRequire(join(dir, main));
  const chunkRequire = ((id: string): unknown => (id.startsWith('./') && id.endsWith('.cjs') && !id.includes('/', 2) ? load(id.slice(2)) : nodeRequire(id))) as NodeJS.Require;
  chunkRequire.resolve = nodeRequire.resolve;
  chunkRequire.cache = nodeRequire.cache;
  const load = (name: string): unknown => {
    const known = loaded.get(name);
    if (known) return known.exports;
    // Registered before it runs, as Node's require does, so a chunk that required itself back would see its exports.
    const module: Loaded = { exports: {} };
    loaded.set(name, module);
    // In the order the chunks start to load; the state is known once it ran.
    states.set(name, 'absent');
    const run = runCached(join(dir, name), module, chunkRequire, { env, dir: cacheDir, keyByStat: true, sweep: false });
    keeps.push(run.keep);
    states.set(name, run.cache);
    debug('%s %s', name, run.cache);
    return module.exports;
  };
  const keep = (): void => {
    let wrote = false;
    // A chunk's keep writes only when its cache was absent or refused.
    for (const each of keeps.splice(0)) wrote = each() || wrote;
    if (wrote) removeStaleCaches(cacheDir);
  };
  if (options.keepAtExit !== false) {
    process.once('exit', keep);
    (globalThis as Record<symbol, unknown>)[keepChunkCaches] = keep;
  }
  return { exports: load(main), states, keep };
}
