// One V8 setting for rein's own process. Its optimizing compiler works on a helper thread, and while an answer
// streams to the screen that thread costs about as much CPU as the JavaScript it compiles: most of it spent on
// inlining, which this code (string building and short-lived objects) gains little from. Without inlining the
// compile work drops by about a third and the main thread does not get slower (see `npm run bench`, render).
import { setFlagsFromString } from 'node:v8';

/**
 * Turns TurboFan inlining off, unless the user set that flag themselves (on node's command line or in
 * NODE_OPTIONS). Returns whether it was changed.
 */
export function tuneCompiler(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  set: (flags: string) => void = setFlagsFromString,
): boolean {
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--(?:no-)?turbo[-_]inlining(?:=|$)/.test(arg))) return false;
  set('--no-turbo-inlining');
  return true;
}
