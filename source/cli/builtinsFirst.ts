// Node's own modules that a run of rein loads anyway, loaded before its V8 settings (entry.ts calls this first).
// Node compiles its modules from a code cache built into it, which V8 takes only under the flags it was made with:
// each one loaded after rein sets its flags was compiled from source. Measured on Node 20: these take about 7 ms
// before the flags and 19-25 ms after. Every run loads them (the chunk loader, the HTTP clients, the terminal);
// `npm run bench` (headless) has the figure, and __tests__/cli/builtinsFirst.test.ts checks that a headless run
// loads none of Node's public modules after the flags.
const builtinsFirst = ['node:module', 'node:crypto', 'node:vm', 'node:os', 'node:diagnostics_channel', 'node:net', 'node:http', 'node:tty'] as const;

/** Loads them; returns how many it loaded. */
export function loadBuiltinsFirst(): number {
  for (const id of builtinsFirst) process.getBuiltinModule(id);
  // The argument parser loads on its first use: reading it is that use.
  return builtinsFirst.length + (typeof process.getBuiltinModule('node:util').parseArgs === 'function' ? 1 : 0);
}
