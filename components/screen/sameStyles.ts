// Ink turns each row of its output back into text with ansi-tokenize's styledCharsToString, which works out the
// escape codes between every two neighbouring characters with three Sets and four arrays. Neighbours styled alike
// (nearly all of them) need no codes at all: the build (scripts/bundleSwaps.mjs) asks this first.
import type { AnsiCode } from '@alcalzone/ansi-tokenize';

/** True when both hold the same codes in the same order: the difference between them is no codes. */
export function sameStyles(a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}
