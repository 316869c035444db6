// wrapText keeps wrapped lines between calls: cached results must match fresh ones and never leak between widths or callers.
import { describe, expect, it } from 'vitest';
import { wrapText } from '../../components/view/style.js';

describe('wrapText', () => {
  it('wraps at the width and does not start a row with the space it was broken at', () => {
    expect(wrapText('alpha beta gamma', 10)).toEqual(['alpha beta', 'gamma']);
    expect(wrapText('one two\nthree', 4)).toEqual(['one ', 'two', 'thre', 'e']);
  });

  it('gives the same rows when a line is wrapped again, per width', () => {
    const text = 'the quick brown fox jumps over the lazy dog';
    const first = wrapText(text, 12);
    expect(wrapText(text, 12)).toEqual(first);
    // The same line at another width must not reuse the rows kept for 12 columns.
    expect(wrapText(text, 20)).toEqual(['the quick brown fox ', 'jumps over the lazy ', 'dog']);
    expect(wrapText(text, 12)).toEqual(['the quick ', 'brown fox ', 'jumps over ', 'the lazy dog']);
  });

  it('hands each caller its own array', () => {
    const rows = wrapText('shared line of text', 8);
    rows.push('changed by the caller');
    rows[0] = 'x';
    expect(wrapText('shared line of text', 8)).toEqual(['shared ', 'line of ', 'text']);
  });
});
