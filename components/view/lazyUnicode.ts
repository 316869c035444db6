// Unicode machinery made on first use instead of as a module loads. Node's first Intl.Segmenter costs 15-20 ms (ICU's
// break rules load then) and about 6 MB; string-width's emoji regular expression (\p{RGI_Emoji} with the v flag) costs
// 17-27 ms to make. string-width, slice-ansi and Ink's ansi-tokenize made them as they loaded, before the first frame,
// which needs neither. The build gives them these in their place (scripts/bundleSwaps.mjs).

/** A grapheme segmenter made when it first segments; the modules it stands in for only call `segment`. */
export function lazySegmenter(locales?: string | string[], options?: Intl.SegmenterOptions): Pick<Intl.Segmenter, 'segment'> {
  let made: Intl.Segmenter | undefined;
  return { segment: (input: string) => (made ??= new Intl.Segmenter(locales, options)).segment(input) };
}

/** A regular expression without the g or y flag (so `test` keeps no state), made when it first tests. */
export function lazyRegExp(source: string, flags: string): Pick<RegExp, 'test'> {
  if (/[gy]/.test(flags)) throw new Error(`lazyRegExp: the ${flags} flags keep state between tests.`);
  let made: RegExp | undefined;
  return { test: (input: string) => (made ??= new RegExp(source, flags)).test(input) };
}
