// Loading code with the global fetch hidden, for modules that would reach for it at load time without needing it.

/**
 * Runs `load` with the global fetch hidden and puts it back afterwards, also when `load` fails. Ink's layout
 * engine (yoga) loads its WebAssembly through fetch() on a data: URL whenever fetch exists, which loads Node's
 * whole fetch implementation before the first frame; without fetch it decodes the same embedded bytes directly.
 */
export async function withoutFetch<T>(load: () => Promise<T>): Promise<T> {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (!saved?.configurable) return load();
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return await load();
  } finally {
    Object.defineProperty(globalThis, 'fetch', saved);
  }
}
