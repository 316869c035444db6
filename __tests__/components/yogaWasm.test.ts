// Yoga's WebAssembly as the bundle loads it (components/screen/yogaWasm.ts): the build's dist/yoga.wasm is the
// module the package carries in base64, compiled on the calling thread, and Ink's layout works on it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { yogaOptions } from '../../components/screen/yogaWasm.js';

const packageDir = resolve('node_modules/yoga-layout/dist');
type Yoga = typeof import('yoga-layout').default;

describe('yogaOptions', () => {
  it('dist/yoga.wasm is the module the package ships as base64', () => {
    const loader = readFileSync(resolve(packageDir, 'binaries/yoga-wasm-base64-esm.js'), 'utf8');
    const payload = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(loader)?.[1] ?? '';
    expect(payload.length).toBeGreaterThan(1000);
    expect(readFileSync(resolve('dist/yoga.wasm')).equals(Buffer.from(payload, 'base64'))).toBe(true);
  });

  it('makes Yoga before its loader returns, and lays out as Yoga does', async () => {
    const { default: loadYoga } = (await import(pathToFileURL(resolve(packageDir, 'binaries/yoga-wasm-base64-esm.js')).href)) as { default: (options: object) => Promise<object> };
    const { default: wrapAssembly } = (await import(pathToFileURL(resolve(packageDir, 'src/wrapAssembly.js')).href)) as { default: (lib: object) => Yoga };
    const options = yogaOptions(pathToFileURL(resolve('dist/yoga.wasm')));
    let instantiated = false;
    const loading = loadYoga({ instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) =>
      options.instantiateWasm(imports, (instance) => {
        instantiated = true;
        done(instance);
      }) });
    // No helper thread to wait for: the module was compiled and instantiated within the call.
    expect(instantiated).toBe(true);
    const yoga = wrapAssembly(await loading);
    const root = yoga.Node.create();
    root.setWidth(80);
    root.setFlexDirection(yoga.FLEX_DIRECTION_ROW);
    const [left, right] = [yoga.Node.create(), yoga.Node.create()];
    left.setWidth(30);
    right.setFlexGrow(1);
    root.insertChild(left, 0);
    root.insertChild(right, 1);
    root.calculateLayout(80, 24, yoga.DIRECTION_LTR);
    expect([left.getComputedWidth(), right.getComputedLeft(), right.getComputedWidth()]).toEqual([30, 30, 50]);
    root.freeRecursive();
  });
});
