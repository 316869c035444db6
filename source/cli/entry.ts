// rein's entry point: the compiler and the heap are tuned before the rest of rein loads, so nothing
// that runs while the modules load (the loader's own URL work included) runs under V8's defaults first.
// The build names main's chunk (REIN_MAIN_CHUNK) and makes this file CommonJS (dist/package.json): the chunks then
// load through rein's code cache (chunkLoader.ts). Running from the sources, main.ts is imported as it is.
import { loadBuiltinsFirst } from './builtinsFirst.js';
import { tuneCompiler } from './compilerTuning.js';
import { tuneHeap } from './heapTuning.js';
import { enableCompileCache } from './compileCache.js';
import { loadChunks } from './chunkLoader.js';

declare const REIN_MAIN_CHUNK: string | undefined;

loadBuiltinsFirst();
tuneCompiler();
tuneHeap();
// After the V8 flags: a cached compile is taken only under the flags it was made with.
enableCompileCache();
if (typeof REIN_MAIN_CHUNK === 'string') loadChunks(__dirname, REIN_MAIN_CHUNK);
else void import('./main.js');
