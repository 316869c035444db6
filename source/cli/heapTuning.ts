// V8 heap settings for a headless run (`rein -p`): a short process whose peak memory is what a script or CI job pays for.
import { setFlagsFromString } from 'node:v8';

/** The user's own setting of the young generation's size or growth, which rein leaves alone. */
const userSet = /^--(?:semi[-_]space[-_]growth[-_]factor|max[-_]semi[-_]space[-_]size|min[-_]semi[-_]space[-_]size)(?:=|$)/;

/** True for a `-p`/`--print` run (also `-cp`, `-p"task"`, `--print=task`): the one-shot headless mode. */
export function isHeadlessRun(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--print' || arg.startsWith('--print=') || /^-[a-zA-Z]*p$/.test(arg) || /^-p./.test(arg));
}

/**
 * In a headless run the young generation stays at its first size instead of doubling as allocation picks up (V8
 * reads the growth factor when it grows the space, so setting it at start-up works; the size flags are fixed when
 * the heap is made). That lowers a headless task's peak memory; a TUI session, whose streams allocate far
 * more short-lived objects, keeps V8's default. Returns the flag it set, if any.
 */
export function tuneHeap(
  argv: readonly string[] = process.argv.slice(2),
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  set: (flags: string) => void = setFlagsFromString,
): string | undefined {
  if (!isHeadlessRun(argv)) return undefined;
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => userSet.test(arg))) return undefined;
  const flag = '--semi-space-growth-factor=1';
  set(flag);
  return flag;
}
