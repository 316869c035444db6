// Node's own modules that a run of rein loads anyway, loaded before its V8 settings (entry.ts calls this first).
// Node compiles its modules from a code cache built into it, which V8 takes only under the flags it was made with:
// each one loaded after rein sets its flags was compiled from source. Measured on Node 20: http, net and the rest of
// a run's took about 7 ms before the flags and 19-25 ms after; assert and perf_hooks, which the TUI loads before its
// first frame (Ink's signal-exit, React's scheduler), 1.6 ms before and 4.8 ms after. `npm run bench` (headless) has
// the figures; __tests__/cli/builtinsFirst.test.ts and the TUI start test check that no module of Node's loads
// between the flags and the first request, or the first frame.
const everyRun = ['node:module', 'node:crypto', 'node:vm', 'node:os', 'node:diagnostics_channel', 'node:net', 'node:http', 'node:tty'] as const;
/** Loaded when stdout is a terminal, as it is for the TUI; a headless run with its output piped never loads them. */
const onATerminal = ['node:assert', 'node:perf_hooks', 'node:process'] as const;

/** Loads them; returns the modules it loaded. */
export function loadBuiltinsFirst(): string[] {
  const loaded: string[] = [...everyRun];
  for (const id of everyRun) process.getBuiltinModule(id);
  if (process.getBuiltinModule('node:tty').isatty(1)) {
    for (const id of onATerminal) process.getBuiltinModule(id);
    loaded.push(...onATerminal);
  }
  // The argument parser loads on its first use: reading it is that use.
  if (typeof process.getBuiltinModule('node:util').parseArgs === 'function') loaded.push('node:util parseArgs');
  return loaded;
}
