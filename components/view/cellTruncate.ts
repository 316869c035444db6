// cli-truncate's answer, except that the result never takes more cells than asked for. cli-truncate keeps a wide
// character (CJK, an emoji, an emoji with a skin tone or a ZWJ sequence) that straddles the cut whole, so
// "ab中cdef" cut to 4 columns came out 5 wide, and every row after it (a sidebar border) moved one column right.
// The build hands this function to Ink in place of cli-truncate (scripts/bundleSwaps.mjs).
import cliTruncate from 'cli-truncate';
import cellWidth from './cellWidth.js';

type Options = Parameters<typeof cliTruncate>[2];

export default function cellTruncate(text: string, columns: number, options?: Options): string {
  let cut = cliTruncate(text, columns, options);
  // A grapheme is at most two cells wide, so a narrower request fits after at most two more tries.
  for (let narrower = columns - 1; narrower > 0 && cellWidth(cut) > columns; narrower--) cut = cliTruncate(text, narrower, options);
  return cellWidth(cut) > columns ? '' : cut;
}
