// V8 settings for rein's own process. Its optimizing compiler works on a helper thread, and while an answer
// streams to the screen that thread costs about as much CPU as the JavaScript it compiles:
// * most of it is spent on inlining, which this code (string building and short-lived objects) gains little from.
//   Without inlining the compile work drops by about a third and the main thread does not get slower;
// * with V8's default interrupt budget, functions that only become hot late in a stream (and functions thrown
//   away after a major GC) are compiled again and again. A budget half as long again lets fewer of them reach
//   the optimizing tier, and the stream costs about a tenth less CPU in all.
// * WebAssembly stays in V8's baseline compiler (Liftoff). The bash grammar's lexer is one 160 KB wasm function: the
//   first shell command rein parses made TurboFan compile it on a helper thread for ~0.3 s and ~60 MB, and a headless
//   run whose event loop went quiet meanwhile (node then waits for its helper threads) stood still until it was done.
//   Parsing a command line in baseline code takes microseconds; yoga's layout in the TUI is no slower either.
// See `npm run bench`: render, headless and permissions.
import { setFlagsFromString } from 'node:v8';

/** A V8 flag rein sets for itself, and the pattern that finds the user's own setting of it. */
interface Setting {
  flag: string;
  userSet: RegExp;
}

const compilerSettings: readonly Setting[] = [
  { flag: '--no-turbo-inlining', userSet: /^--(?:no-)?turbo[-_]inlining(?:=|$)/ },
  { flag: '--interrupt-budget=101376', userSet: /^--interrupt[-_]budget(?:=|$)/ },
  { flag: '--liftoff-only', userSet: /^--(?:no-)?liftoff(?:[-_]only)?(?:=|$)/ },
];

/**
 * Applies each of rein's compiler settings, unless the user set that flag themselves (on node's command line or in
 * NODE_OPTIONS). Returns the flags it set.
 */
export function tuneCompiler(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  set: (flags: string) => void = setFlagsFromString,
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const applied: string[] = [];
  for (const setting of compilerSettings) {
    if (given.some((arg) => setting.userSet.test(arg))) continue;
    set(setting.flag);
    applied.push(setting.flag);
  }
  return applied;
}
