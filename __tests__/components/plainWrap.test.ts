// The plain-ASCII wrap must give exactly wrap-ansi's rows ({ hard: true, trim: false }) for every line it takes.
import wrapAnsi from 'wrap-ansi';
import { describe, expect, it } from 'vitest';
import { isPlainAscii, wrapPlainAscii } from '../../components/view/plainWrap.js';

const reference = (line: string, columns: number): string[] => wrapAnsi(line, columns, { hard: true, trim: false }).split('\n');

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('wrapPlainAscii', () => {
  it('matches wrap-ansi on lines with runs of spaces, long words and edges', () => {
    const cases = ['', ' ', '   ', 'a', 'word', ' leading', 'trailing ', 'two  spaces', 'exactly ten', 'supercalifragilistic', 'a supercalifragilisticexpialidocious b', '  x  y  '];
    for (const line of cases) for (const columns of [1, 2, 3, 5, 7, 10, 11, 20]) expect(wrapPlainAscii(line, columns), `${JSON.stringify(line)} at ${columns}`).toEqual(reference(line, columns));
  });

  it('matches wrap-ansi on 5,000 random lines at random widths', () => {
    const next = random(2026);
    const pieces = ['a', 'bc', 'def', 'word', 'longerword', 'x'.repeat(17), ' ', ' ', '  ', '-', '`code`', '**bold**', '(1)', 'https://example.test/path?q=1'];
    for (let n = 0; n < 5_000; n++) {
      let line = '';
      const parts = Math.floor(next() * 30);
      for (let i = 0; i < parts; i++) line += pieces[Math.floor(next() * pieces.length)];
      const columns = 1 + Math.floor(next() * 40);
      expect(wrapPlainAscii(line, columns), `${JSON.stringify(line)} at ${columns}`).toEqual(reference(line, columns));
    }
  });

  it('takes printable ASCII only', () => {
    expect(isPlainAscii('plain text, with `code` and *marks*!')).toBe(true);
    expect(isPlainAscii('café')).toBe(false);
    expect(isPlainAscii('tab\there')).toBe(false);
    expect(isPlainAscii('\x1b[1mbold\x1b[22m')).toBe(false);
    expect(isPlainAscii('wide 漢字')).toBe(false);
  });
});
