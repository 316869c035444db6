// V8 heap settings for rein's own process, set before the rest of rein loads:
// * the young generation stays at its first size (1 MB a semi-space on 64-bit) instead of doubling up to 16 MB as
//   objects keep surviving scavenges. V8 reads the growth factor whenever it would grow the space, so setting it
//   before rein's modules load holds the space where it starts (the size flags are fixed when the heap is made).
//   A headless task's peak and a long TUI session's resident size are both lower by what the space would have grown
//   (about 6 MB after 60 turns), and a stream costs no more CPU: rendering garbage dies young;
// * scavenges run on one thread: on spaces this small, helper threads cost more than they save. V8 reads this flag
//   at every scavenge;
// * V8's full collection can be had (components/screen/idleCollect.ts takes it between tasks). Set here rather than
//   when first wanted: V8 refuses compiled code cached under other flags, and the chunks' code cache is written at
//   exit (chunkLoader.ts), so a flag set during the session would make every next start refuse it.
// See `npm run bench`: render and headless.
import { applyV8Settings, type V8Setting } from './v8Settings.js';

const heapSettings: readonly V8Setting[] = [
  { flag: '--semi-space-growth-factor=1', userSet: /^--(?:semi[-_]space[-_]growth[-_]factor|max[-_]semi[-_]space[-_]size|min[-_]semi[-_]space[-_]size)(?:=|$)/ },
  { flag: '--no-parallel-scavenge', userSet: /^--(?:no-)?parallel[-_]scavenge(?:=|$)/ },
  { flag: '--expose-gc', userSet: /^--(?:no-)?expose[-_]gc(?:=|$)/ },
];

/** Applies rein's heap settings (see v8Settings.ts); returns the flags it set. */
export function tuneHeap(execArgv?: readonly string[], nodeOptions?: string, set?: (flags: string) => void, v8Version?: string): string[] {
  return applyV8Settings(heapSettings, execArgv, nodeOptions, set, v8Version);
}
