// Node's own modules that a run of rein loads anyway, loaded before its V8 settings (entry.ts calls this first).
// Node compiles its modules from a code cache built into it, which V8 takes only under the flags it was made with:
// each one loaded after rein sets its flags was compiled from source. Measured on Node 20: http, net and the rest of
// a run's took about 7 ms before the flags and 19-25 ms after; assert and perf_hooks, which the TUI loads before its
// first frame (Ink's signal-exit, React's scheduler), 1.6 ms before and 4.8 ms after. `npm run bench` (headless) has
// the figures; __tests__/cli/builtinsFirst.test.ts and the TUI start test check that none of Node's modules, its
// internal ones included, loads between the flags and the first request, or the first frame.
// (crypto, vm, module and os need no place here: the entry's own code cache loader requires them as it loads.)
const everyRun = ['node:diagnostics_channel', 'node:net', 'node:http', 'node:tty'] as const;
/** What the TUI loads before its first frame; a headless run loads assert never and perf_hooks after its request. */
const tuiOnly = ['node:assert', 'node:perf_hooks', 'node:process'] as const;

/**
 * Whether these arguments run rein without its TUI: a print flag (-p, --print, or -p in a group of short flags). A
 * wrong guess costs a millisecond or two, never a result.
 */
export function printsByArgs(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--print' || arg.startsWith('--print=') || /^-[a-zA-Z]*p/.test(arg));
}

/** Loads them. */
export function loadBuiltinsFirst(args: readonly string[] = process.argv.slice(2)): void {
  for (const id of everyRun) process.getBuiltinModule(id);
  // The TUI draws only on a terminal.
  if (process.getBuiltinModule('node:tty').isatty(1) && !printsByArgs(args)) {
    for (const id of tuiOnly) process.getBuiltinModule(id);
  }
  // The argument parser loads on its first use: reading it is that use.
  void process.getBuiltinModule('node:util').parseArgs;
}
