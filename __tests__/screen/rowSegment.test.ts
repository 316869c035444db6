// Row patches: writing only the changed cells leaves exactly the cells (text and style) a whole-row rewrite would.
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { encodeRowChange } from '../../components/screen/rowSegment.js';
import { seededRandom } from '../../bench/renderContent.js';

const { Terminal } = xterm;
const cols = 40;

function wholeRow(line: string): string {
  return `\x1b[1;1H\x1b[K${line}${line.includes('\x1b') ? '\x1b[m' : ''}`;
}

/** Each cell of the first row as text plus its colour and attributes. */
async function paint(data: string): Promise<string[]> {
  const term = new Terminal({ cols, rows: 2, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(`\x1b[?7l${data}`, resolve));
  const line = term.buffer.active.getLine(0);
  const cells: string[] = [];
  for (let x = 0; x < cols; x++) {
    const cell = line?.getCell(x);
    cells.push(cell ? `${cell.getChars()}|${cell.getFgColor()}|${cell.isBold()}|${cell.isDim()}|${cell.isInverse()}|${cell.getWidth()}` : '');
  }
  term.dispose();
  return cells;
}

const pieces = ['ab', 'rein', ' ', '─', '⠋', '⠙', '界', '…', '\x1b[2m', '\x1b[22m', '\x1b[31m', '\x1b[39m', '\x1b[1m', '\x1b[7m', '\x1b[27m', 'é', 'x'];

function randomRow(random: () => number): string {
  let row = '';
  let width = 0;
  while (width < 30 && random() < 0.93) {
    const piece = pieces[Math.floor(random() * pieces.length)];
    row += piece;
    if (!piece.startsWith('\x1b')) width += piece === '界' ? 2 : piece.length;
  }
  return row;
}

const narrow = ['a', 'b', 'x', ' ', '─', '⠋', '⠙', '…', 'é'];

/** Swaps one narrow glyph for another (a spinner), or inserts and deletes (typing), at a random place. */
function edit(row: string, random: () => number): string {
  const at = Math.floor(random() * (row.length + 1));
  if (random() < 0.6) {
    const i = row.indexOf(narrow.find((g) => row.indexOf(g, at) >= 0) ?? '\0', at);
    if (i >= 0) return row.slice(0, i) + narrow[Math.floor(random() * narrow.length)] + row.slice(i + 1);
  }
  const cut = Math.min(row.length, at + Math.floor(random() * 3));
  return row.slice(0, at) + (random() < 0.7 ? pieces[Math.floor(random() * pieces.length)] : '') + row.slice(cut);
}

describe('encodeRowChange', () => {
  it('rewrites a row whole when its text shifts, as typing does', () => {
    expect(encodeRowChange(0, '❯ su\x1b[7m \x1b[27m', '❯ sum\x1b[7m \x1b[27m', 1000)).toBeUndefined();
  });

  it('patches a one-glyph spinner change in a few bytes', () => {
    const before = '\x1b[2m── ⠋ Working… Esc to interrupt ──────────\x1b[22m';
    const after = '\x1b[2m── ⠙ Working… Esc to interrupt ──────────\x1b[22m';
    const patch = encodeRowChange(0, before, after, wholeRow(after).length);
    expect(patch).toBe('\x1b[1;4H\x1b[2m⠙\x1b[m');
  });

  it('reproduces a whole-row rewrite cell for cell across random styled edits', async () => {
    const random = seededRandom(7);
    let patched = 0;
    for (let i = 0; i < 300; i++) {
      const old = randomRow(random);
      let next = edit(old, random);
      if (random() < 0.3) next = edit(next, random);
      // A cut escape sequence would not be a row the renderer makes.
      if (next === old || /\x1b(?!\[[0-9;]*m)/.test(next)) continue;
      const patch = encodeRowChange(0, old, next, Number.POSITIVE_INFINITY);
      if (patch === undefined) continue;
      patched++;
      expect(await paint(wholeRow(old) + patch), JSON.stringify({ old, next })).toEqual(await paint(wholeRow(next)));
    }
    expect(patched).toBeGreaterThan(50);
  });
});
