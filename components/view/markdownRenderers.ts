// Where marked-terminal's own rendering falls short on a terminal of a given width: inline markup in tight list
// items, quotes that look like quotes, and tables that fit the width (cells wrapped, or one list per row).
import { stripVTControlCharacters } from 'node:util';
import cellWidth from './cellWidth.js';
import { paint } from './style.js';

interface InlineToken {
  text?: string;
  tokens?: unknown[];
}

interface TableToken {
  header: InlineToken[];
  rows: InlineToken[][];
}

interface RendererThis {
  parser: { parseInline(tokens: unknown[]): string };
}

type RendererFn = (this: RendererThis, token: never) => string | false;

/** The settings marked-terminal hands cli-table3 for every table: the same object, set before each table. */
export interface TableSettings {
  colWidths?: number[];
  wordWrap?: boolean;
  wrapOnWordBoundary?: boolean;
}

/** A column narrower than this (text and padding) is too thin to read: the table becomes a list per row. */
const MIN_COLUMN = 8;

/**
 * Column widths (padding included) that fit `width` with the borders: each column gets what it needs up to a fair
 * share of what is left, so short columns keep their width and long ones share the rest. Undefined when no
 * layout leaves every column readable.
 */
export function fitColumns(needed: readonly number[], width: number): number[] | undefined {
  const natural = needed.map((w) => Math.max(MIN_COLUMN, w));
  const room = width - (natural.length + 1);
  if (room < natural.length * MIN_COLUMN) return undefined;
  const widths = new Array<number>(natural.length).fill(0);
  let open = natural.map((_, i) => i);
  let left = room;
  while (open.length > 0) {
    const share = Math.floor(left / open.length);
    const small = open.filter((i) => natural[i] <= share);
    if (small.length === 0) {
      open.forEach((i, k) => (widths[i] = share + (k < left - share * open.length ? 1 : 0)));
      break;
    }
    for (const i of small) {
      widths[i] = natural[i];
      left -= natural[i];
    }
    open = open.filter((i) => natural[i] > share);
  }
  return widths;
}

/** Breaks words longer than `max` cells, so a cell's wrap never has to cut them off. */
const breakLongWords = (text: string, max: number): string =>
  text.replace(new RegExp(`[^\\s]{${max + 1},}`, 'g'), (word) => word.match(new RegExp(`.{1,${max}}`, 'gu'))?.join(' ') ?? word);

/** Replaces the renderer functions in `renderer` (marked-terminal's extension) with ones that fit `width`. */
export function fitRenderer(renderer: Record<string, RendererFn>, width: number, settings: TableSettings): void {
  const text = renderer.text;
  // A tight list item's text carries inline tokens (code, bold) that marked-terminal prints as written.
  renderer.text = function (this: RendererThis, token: InlineToken) {
    if (typeof token === 'object' && Array.isArray(token.tokens)) return this.parser.parseInline(token.tokens);
    return text.call(this, token as never);
  };

  const blockquote = renderer.blockquote;
  renderer.blockquote = function (this: RendererThis, token: never) {
    const out = blockquote.call(this, token);
    if (typeof out !== 'string') return out;
    const rows = out.replace(/\n+$/, '').split('\n').map((row) => `${paint('dim', '│')} ${row.replace(/^ {1,4}/, '')}`);
    return `${rows.join('\n')}\n\n`;
  };

  const table = renderer.table;
  renderer.table = function (this: RendererThis, token: TableToken) {
    const inline = (cell: InlineToken): string => (cell.tokens ? this.parser.parseInline(cell.tokens) : (cell.text ?? ''));
    const header = token.header.map(inline);
    const rows = token.rows.map((row) => row.map(inline));
    const natural = header.map((_, j) => 2 + Math.max(...[header, ...rows].map((row) => Math.max(...stripVTControlCharacters(row[j] ?? '').split('\n').map((l) => cellWidth(l))))));
    // Deleted, not set to undefined: cli-table3 takes an undefined colWidths over its own default and fails.
    const reset = (): void => {
      delete settings.colWidths;
      delete settings.wordWrap;
      delete settings.wrapOnWordBoundary;
    };
    reset();
    if (natural.reduce((a, b) => a + b, 0) + natural.length + 1 <= width) return table.call(this, token as never);
    const widths = fitColumns(natural, width);
    if (!widths) {
      // Too many columns to read side by side: each row as a list of "heading: value".
      const plain = (s: string): string => stripVTControlCharacters(s).trim();
      const blocks = rows.map((row) => row.map((cell, j) => `${paint('bold', plain(header[j] ?? '') || `${j + 1}`)}: ${cell.trim()}`).join('\n'));
      return `${blocks.join('\n\n')}\n\n`;
    }
    settings.colWidths = widths;
    settings.wordWrap = true;
    settings.wrapOnWordBoundary = true;
    // Cells go in as plain text with long words broken, so cli-table3's wrap never cuts one off with an ellipsis.
    const cell = (rendered: string, j: number): InlineToken => {
      const plain = breakLongWords(stripVTControlCharacters(rendered), widths[j] - 2);
      return { text: plain, tokens: [{ type: 'text', raw: plain, text: plain }] };
    };
    try {
      return table.call(this, { ...token, header: header.map(cell), rows: rows.map((row) => row.map(cell)) } as never);
    } finally {
      reset();
    }
  };
}
