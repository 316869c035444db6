// Cutting a line never leaves it wider than asked, whatever wide character sits at the cut, so the rows beside
// it (the sidebar's border) stay in their column.
import cliTruncate from 'cli-truncate';
import { describe, expect, it } from 'vitest';
import cellTruncate from '../../components/view/cellTruncate.js';
import cellWidth from '../../components/view/cellWidth.js';
import { createRowOverlay } from '../../components/screen/rowOverlay.js';
import { sidebarRows } from '../../components/view/sidebarLines.js';

const wide = ['中', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '❤️', '🇫🇷', '한'];

describe('cellTruncate', () => {
  it('answers as cli-truncate does when that fits', () => {
    for (const [text, columns, position] of [
      ['plain ascii text', 8, 'end'], ['\x1b[1mbold\x1b[22m and more', 6, 'end'], ['a path/to/some/file.ts', 10, 'start'], ['short', 10, 'end'], ['e\u0301t\u00e9 combining', 4, 'end'],
    ] as const) {
      expect(cellTruncate(text, columns, { position })).toBe(cliTruncate(text, columns, { position }));
    }
  });

  it('is never wider than asked with a wide character on either side of the cut', () => {
    const wider: string[] = [];
    for (const char of wide) {
      for (let at = 0; at < 6; at++) {
        const text = `${'a'.repeat(at)}${char}${'b'.repeat(8)}`;
        for (const position of ['end', 'start', 'middle'] as const) {
          for (let columns = 1; columns < 8; columns++) {
            const cut = cellTruncate(text, columns, { position });
            if (cellWidth(cut) > columns) wider.push(`${JSON.stringify(text)} ${position} ${columns}: ${JSON.stringify(cut)}`);
          }
        }
      }
    }
    expect(wider).toEqual([]);
    // What cli-truncate itself gives: one column too many.
    expect(cellWidth(cliTruncate('ab👍🏽cdef', 4))).toBe(5);
    expect(cellTruncate('ab👍🏽cdef', 4)).toBe('ab…');
  });
});

describe('a wide character beside the sidebar', () => {
  it('keeps the sidebar border in its column on every row', () => {
    const overlay = createRowOverlay();
    const side = sidebarRows({ todos: [{ content: 'ship 👍🏽 it', status: 'pending', activeForm: '' }], tasks: [], now: 0, width: 24, height: 6 });
    // Transcript rows with skin-tone, ZWJ and CJK characters right at the cut (20 columns), and one that fits.
    const rows = ['x'.repeat(19) + '👍🏽 too long', 'y'.repeat(18) + '👨‍👩‍👧 and more', 'z'.repeat(19) + '中文', 'fits 👍🏽'];
    overlay.setAbove({ rows, width: 20, height: 4, side });
    const frame = overlay.applyRows('');
    expect(frame).toHaveLength(4);
    for (const [i, row] of frame.entries()) {
      const border = row.indexOf('│');
      expect([i, cellWidth(row.slice(0, border))]).toEqual([i, 20]);
    }
  });

  it('places the side rows by column after a row whose width terminals disagree on, and only then', () => {
    const overlay = createRowOverlay();
    overlay.setAbove({ rows: ['thumbs 👍🏽 up', 'plain text'], width: 20, height: 2, side: ['│ a', '│ b'] });
    const [emoji, plain] = overlay.applyRows('');
    // CHA to column 21 (1-based) right before the border; a row of one-cell characters is sent as it was.
    expect(emoji).toBe(`thumbs 👍🏽 up${' '.repeat(8)}\x1b[21G│ a`);
    expect(plain).toBe(`plain text${' '.repeat(10)}│ b`);
  });
});
