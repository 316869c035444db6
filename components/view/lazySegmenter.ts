// A grapheme segmenter made on its first use. Node's first Intl.Segmenter costs 15-20 ms (ICU's break rules load
// then); string-width, slice-ansi and Ink's ansi-tokenize each made one as they loaded, before the first frame,
// which needs none. The build gives them this in its place (scripts/bundleSwaps.mjs); they only call `segment`.
export function lazySegmenter(locales?: string | string[], options?: Intl.SegmenterOptions): Pick<Intl.Segmenter, 'segment'> {
  let made: Intl.Segmenter | undefined;
  return { segment: (input: string) => (made ??= new Intl.Segmenter(locales, options)).segment(input) };
}
