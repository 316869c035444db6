// rein's entry point: the compiler and the heap are tuned before the rest of rein loads, so nothing
// that runs while the modules load (the loader's own URL work included) runs under V8's defaults first.
import { tuneCompiler } from './compilerTuning.js';
import { tuneHeap } from './heapTuning.js';
import { enableCompileCache } from './compileCache.js';

tuneCompiler();
tuneHeap();
// After the V8 flags: a cached compile is taken only under the flags it was made with.
enableCompileCache();
await import('./main.js');
