// V8 settings for rein's own process. Its optimizing compiler works on a helper thread, and while an answer
// streams to the screen that thread costs about as much CPU as the JavaScript it compiles:
// * most of it is spent on inlining, which this code (string building and short-lived objects) gains little from.
//   Without inlining there is less compile work and the main thread does not get slower;
// * with V8's default interrupt budget, functions that only become hot late in a stream (and functions thrown
//   away after a major GC) are compiled again and again, and each optimized function keeps its code and the
//   compiler's memory. A budget four times V8's lets only code that stays hot reach the optimizing tier: a stream
//   costs no more CPU, a long session's peak memory is lower, and a whole-transcript layout (Home in a long
//   session), which optimizes anyway, is a little slower to warm up.
// * WebAssembly stays in V8's baseline compiler (Liftoff). The bash grammar's lexer is one large wasm function that
//   TurboFan would compile on a helper thread, slowly and with much memory, after the first shell command rein parses;
//   a headless run whose event loop went quiet meanwhile (node then waits for its helper threads) would stand still.
//   Parsing a command line in baseline code takes microseconds; yoga's layout in the TUI is no slower either.
// See `npm run bench`: render, headless and permissions.
import { applyV8Settings, type V8Setting } from './v8Settings.js';

const compilerSettings: readonly V8Setting[] = [
  { flag: '--no-turbo-inlining', userSet: /^--(?:no-)?turbo[-_]inlining(?:=|$)/ },
  // V8 11.3 (Node 20) is the last V8 with an interrupt budget: from Node 21 (V8 11.8) on, TurboFan waits for a
  // count of invocations instead. On Node 22, a count four times V8's changed the TUI's peak memory by a megabyte at
  // most, so there rein leaves V8's default.
  { flag: '--interrupt-budget=270336', userSet: /^--interrupt[-_]budget(?:=|$)/, goneIn: '11.4' },
  { flag: '--liftoff-only', userSet: /^--(?:no-)?liftoff(?:[-_]only)?(?:=|$)/ },
];

/** Applies rein's compiler settings (see v8Settings.ts); returns the flags it set. */
export function tuneCompiler(execArgv?: readonly string[], nodeOptions?: string, set?: (flags: string) => void, v8Version?: string): string[] {
  return applyV8Settings(compilerSettings, execArgv, nodeOptions, set, v8Version);
}
