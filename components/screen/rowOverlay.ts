// Rows laid out outside Ink and spliced into its frames, so Ink lays out and re-reads only the small live parts of the screen.
import { createContext } from 'react';
import cliTruncate from '../view/cellTruncate.js';
import stringWidth, { isOneCellText } from '../view/cellWidth.js';
import { moveToColumn, RESET_STYLE } from './ansi.js';
import type { AboveRows, RowOverlay } from '../view/rowOverlayTypes.js';

export type { AboveRows, RowOverlay } from '../view/rowOverlayTypes.js';

interface FittedRow {
  /** The row cut to the width. */
  cut: string;
  /** The row cut and padded to the width, ready for more text after it. */
  padded: string;
  /** The side row last drawn after it, and the two as one row: a row that stays put keeps its string. */
  side?: string;
  withSide?: string;
}

/** The fitted row followed by `side`, the same string as last time when the side row is the same. */
function besideRow(row: FittedRow, side: string): string {
  if (row.side !== side || row.withSide === undefined) {
    row.side = side;
    row.withSide = row.padded + side;
  }
  return row.withSide;
}

/** Present only under the full-screen renderer; without it components draw their rows through Ink. */
export const RowOverlayContext = createContext<RowOverlay | undefined>(undefined);

// Laid-out rows repeat from frame to frame; fitting one costs a width measurement, so results are kept a while.
const FIT_CACHE_LIMIT = 4096;

/** `redraw` composes and writes a frame from Ink's last one, `refresh` repaints it from a cleared screen; the full-screen renderer supplies both. */
export function createRowOverlay(redraw: () => void = () => undefined, refresh: () => void = () => undefined): RowOverlay {
  let rows: readonly string[] | undefined;
  let width = 0;
  let above: AboveRows | undefined;
  let below: readonly string[] | undefined;
  let liveRow: (() => string) | undefined;
  let lastLive: string | undefined;
  let fitted = new Map<string, FittedRow>();
  let fittedWidth = 0;

  // Same cut as Ink's wrap="truncate-end", so the screen reads as if Ink had drawn the row.
  const fit = (line: string, columns: number): FittedRow => {
    if (columns !== fittedWidth) {
      fitted = new Map();
      fittedWidth = columns;
    }
    let hit = fitted.get(line);
    if (hit) return hit;
    const cells = stringWidth(line);
    const cut = cells > columns ? cliTruncate(line, columns, { position: 'end' }) : line;
    // A wide character at the cut can leave the cut a cell short: pad what is left, so side rows keep their column.
    const cutCells = cut === line ? cells : stringWidth(cut);
    const styled = cut.includes('\x1b');
    const padded = (styled ? cut + RESET_STYLE : cut) + ' '.repeat(Math.max(0, columns - cutCells));
    // Terminals disagree on some characters' widths (an emoji with a skin tone is 2 cells in most, 4 in tmux 3.3):
    // a row holding one places what follows it by column, so a side row starts where it should in any of them.
    hit = { cut, padded: isOneCellText(cut) ? padded : padded + moveToColumn(columns) };
    if (fitted.size >= FIT_CACHE_LIMIT) fitted = new Map();
    fitted.set(line, hit);
    return hit;
  };

  // A key redraws the screen with the same rows above (only the prompt below changed): they are fitted once.
  // (Callers hand over a new AboveRows for new rows, never change one in place.)
  let fittedAbove: { part: AboveRows; rows: readonly string[]; keys?: readonly (string | undefined)[] } | undefined;
  const aboveRows = (part: AboveRows): { rows: readonly string[]; keys?: readonly (string | undefined)[] } => {
    if (fittedAbove?.part !== part) fittedAbove = { part, ...fitAbove(part) };
    return fittedAbove;
  };
  const fitAbove = (part: AboveRows): { rows: string[]; keys?: Array<string | undefined> } => {
    const out: string[] = [];
    // Beside a side row, the transcript's part of a row is what moves when the transcript scrolls.
    const keys: Array<string | undefined> | undefined = part.side ? [] : undefined;
    for (let i = 0; i < part.height; i++) {
      const row = fit(part.rows[i] ?? '', part.width);
      const side = part.side?.[i];
      out.push(side === undefined ? row.cut : besideRow(row, side));
      keys?.push(side === undefined ? undefined : row.padded);
    }
    return { rows: out, keys };
  };
  let lastKeys: readonly (string | undefined)[] | undefined;

  // The frame's rows are handed on as an array to the writer: joining them here only to split them there again
  // cost a copy of the screen at every frame.
  const applyRows = (frame: string): readonly string[] => {
    lastKeys = undefined;
    if (above) {
      const fittedTop = aboveRows(above);
      const top = fittedTop.rows;
      lastKeys = fittedTop.keys;
      const inked = frame === '' ? [] : frame.split('\n');
      if (!below || below.length === 0) return inked.length === 0 ? top : top.concat(inked);
      if (!liveRow) return top.concat(inked, below);
      lastLive = liveRow();
      return top.concat(inked, below.slice(0, -1), [lastLive]);
    }
    const lines = frame.split('\n');
    if (!rows || rows.length === 0 || width <= 0) return lines;
    const blank = ' '.repeat(width);
    for (let i = 0; i < rows.length; i++) {
      const under = lines[i] ?? '';
      let rest: string;
      if (under.startsWith(blank)) rest = under.slice(width);
      else if (under.trim() === '' && !under.includes('\x1b')) rest = '';
      // Ink drew something where the overlay goes: leave its row alone rather than guess.
      else continue;
      const row = fit(rows[i], width);
      lines[i] = rest.trimEnd() === '' ? row.cut : row.padded + rest;
    }
    return lines;
  };

  return {
    set(next, nextWidth) {
      rows = next;
      width = nextWidth;
    },
    setAbove(next) {
      above = next;
    },
    setBelow(next) {
      below = next;
    },
    setLiveRow(next) {
      liveRow = next;
    },
    liveRowChanged() {
      return liveRow !== undefined && above !== undefined && below !== undefined && below.length > 0 && liveRow() !== lastLive;
    },
    repaint(next) {
      above = next;
      redraw();
    },
    redraw() {
      redraw();
    },
    refresh() {
      refresh();
    },
    applyRows,
    scrollKeys: () => lastKeys,
  };
}
