// The V8 flags rein sets for its own process, each unless the user's node flags already set what it tunes.
import { setFlagsFromString } from 'node:v8';

/** A V8 flag rein sets for itself, and the pattern that finds the user's own setting of it. */
export interface V8Setting {
  flag: string;
  userSet: RegExp;
  /**
   * The first V8 version (major.minor) that no longer knows the flag, when one does not: V8 would print an error
   * for it at every start ("unrecognized flag"), so there it is not set.
   */
  goneIn?: string;
}

/** major.minor of a V8 version string ("11.3.244.8-node.38") as one comparable number. */
const versionNumber = (version: string): number => {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major * 1000 + minor;
};

/**
 * Applies each setting, unless the user set that flag themselves (on node's command line or in NODE_OPTIONS).
 * Returns the flags it set.
 */
export function applyV8Settings(
  settings: readonly V8Setting[],
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  set: (flags: string) => void = setFlagsFromString,
  v8Version: string = process.versions.v8,
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const applied: string[] = [];
  for (const setting of settings) {
    if (given.some((arg) => setting.userSet.test(arg))) continue;
    if (setting.goneIn !== undefined && versionNumber(v8Version) >= versionNumber(setting.goneIn)) continue;
    set(setting.flag);
    applied.push(setting.flag);
  }
  return applied;
}
