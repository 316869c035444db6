// node-emoji for marked-terminal (scripts/bundleSwaps.mjs). rein renders markdown with `emoji: false`, so
// marked-terminal never looks a shortcode up; the real module's table of 1,900 emoji and their keywords would
// only take memory in every session.

/** No emoji by shortcode: `:smile:` stays as written, as it does with `emoji: false`. */
export const get = (): undefined => undefined;
