// Terminal cells a string takes: string-width's answer, without its grapheme segmenter and emoji regex when
// every character takes exactly one cell on its own (printable ASCII, Latin-1, punctuation, arrows, box
// drawing, shapes, braille (spinner frames), dingbats that are not emoji, the spinner slot). The emoji regex alone is slow to
// compile on first use, before the first frame, and the segmenter makes every later measurement slow. The
// build hands this function to Ink, wrap-ansi and cli-truncate in place of string-width (scripts/bundleSwaps.mjs).
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';

type Options = Parameters<typeof stringWidth>[1];

// Checked one by one against string-width (__tests__/components/cellWidth.test.ts); none of them joins
// another into one grapheme, so the width of a string of them is its length.
const oneCellEach =
  /^[\x20-\x7E\u00A0-\u00AC\u00AE-\u00FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2500-\u25FC\u2700-\u2704\u2800-\u28FF\u2706-\u2709\u270C-\u2727\u2729-\u274B\u274D\u274F-\u2752\u2756\u2758-\u2794\u2798-\u27AF\u27B1-\u27BE\uE000-\uE0FF]*$/;

/** True when every character takes exactly one cell in any terminal (so no terminal can disagree on the width). */
export function isOneCellText(input: string): boolean {
  return oneCellEach.test(input.includes('\x1b') || input.includes('\x9b') ? stripAnsi(input) : input);
}

export default function cellWidth(input: string, options?: Options): number {
  if (typeof input !== 'string' || input.length === 0) return 0;
  if (options && (options.ambiguousIsNarrow === false || options.countAnsiEscapeCodes)) return stringWidth(input, options);
  const text = input.includes('\x1b') || input.includes('\x9b') ? stripAnsi(input) : input;
  return oneCellEach.test(text) ? text.length : stringWidth(text);
}
