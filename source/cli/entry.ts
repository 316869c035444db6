// rein's entry point: the compiler is tuned before the rest of rein loads, so nothing that runs while the modules
// load (the loader's own URL work included) is optimized under V8's defaults first.
import { tuneCompiler } from './compilerTuning.js';

tuneCompiler();
await import('./main.js');
