// Yoga's WebAssembly (Ink's layout engine), read from dist/yoga.wasm and compiled on this thread. Yoga's own loader
// decodes it from 96 KB of base64 kept in the bundle and compiles it on V8's helper thread, which rein keeps to one:
// the first frame needs the layout, so the main thread waited for it with nothing else to do. The build writes the
// file and hands these options to Yoga's loader (scripts/bundleSwaps.mjs); running from the sources, Yoga loads itself.
import { readFileSync } from 'node:fs';

interface YogaModuleOptions {
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): WebAssembly.Exports;
}

/** Options for Yoga's Emscripten loader: the module made from `file` (default: yoga.wasm beside this bundle), synchronously. */
export function yogaOptions(file: URL = new URL('./yoga.wasm', import.meta.url)): YogaModuleOptions {
  const bytes = readFileSync(file);
  return {
    instantiateWasm(imports, done) {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
      done(instance);
      return instance.exports;
    },
  };
}
