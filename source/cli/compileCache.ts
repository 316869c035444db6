// Node 22.1 and later can keep the code they compile from rein's modules on disk and reuse it at the next start
// (module.enableCompileCache): rein's own modules are then read rather than compiled again. The cache lives where
// Node keeps it (NODE_COMPILE_CACHE when set, else node-compile-cache in the system's temporary folder);
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. It changes nothing for the commands rein runs. Node 20 has no such
// cache, and there this does nothing.
import nodeModule from 'node:module';

interface WithCompileCache {
  enableCompileCache?: () => { status?: number; directory?: string };
}

/** Turns the compile cache on where Node has one; returns its folder, or undefined where there is none. */
export function enableCompileCache(node: WithCompileCache = nodeModule as WithCompileCache): string | undefined {
  // It never throws: a folder it cannot write only leaves the cache off.
  return node.enableCompileCache?.().directory;
}
