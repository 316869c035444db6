// The V8 flags rein sets for its own process, each unless the user's node flags already set what it tunes.
import { setFlagsFromString } from 'node:v8';

/** A V8 flag rein sets for itself, and the pattern that finds the user's own setting of it. */
export interface V8Setting {
  flag: string;
  userSet: RegExp;
}

/**
 * Applies each setting, unless the user set that flag themselves (on node's command line or in NODE_OPTIONS).
 * Returns the flags it set.
 */
export function applyV8Settings(
  settings: readonly V8Setting[],
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  set: (flags: string) => void = setFlagsFromString,
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const applied: string[] = [];
  for (const setting of settings) {
    if (given.some((arg) => setting.userSet.test(arg))) continue;
    set(setting.flag);
    applied.push(setting.flag);
  }
  return applied;
}
