// Rows laid out outside Ink and spliced into its frames, so Ink lays out and re-reads only the small live parts of the screen.
import { createContext } from 'react';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { RESET_STYLE } from './ansi.js';

export interface RowOverlay {
  /** Rows to paint over the first `width` columns of the frame's top rows; undefined removes them. */
  set(rows: readonly string[] | undefined, width: number): void;
  /** The frame (rows joined by '\n') with the overlay rows spliced in. */
  apply(frame: string): string;
}

/** Present only under the full-screen renderer; without it components draw their rows through Ink. */
export const RowOverlayContext = createContext<RowOverlay | undefined>(undefined);

// Laid-out rows repeat from frame to frame; fitting one costs a width measurement, so results are kept a while.
const FIT_CACHE_LIMIT = 4096;

export function createRowOverlay(): RowOverlay {
  let rows: readonly string[] | undefined;
  let width = 0;
  let fitted = new Map<string, { cut: string; padded: string }>();

  // Same cut as Ink's wrap="truncate-end", so the screen reads as if Ink had drawn the row.
  const fit = (line: string): { cut: string; padded: string } => {
    let hit = fitted.get(line);
    if (hit) return hit;
    const cells = stringWidth(line);
    const cut = cells > width ? cliTruncate(line, width, { position: 'end' }) : line;
    const styled = cut.includes('\x1b');
    const padded = (styled ? cut + RESET_STYLE : cut) + ' '.repeat(Math.max(0, width - Math.min(cells, width)));
    hit = { cut, padded };
    if (fitted.size >= FIT_CACHE_LIMIT) fitted = new Map();
    fitted.set(line, hit);
    return hit;
  };

  return {
    set(next, nextWidth) {
      if (nextWidth !== width) fitted = new Map();
      rows = next;
      width = nextWidth;
    },
    apply(frame) {
      if (!rows || rows.length === 0 || width <= 0) return frame;
      const lines = frame.split('\n');
      const blank = ' '.repeat(width);
      for (let i = 0; i < rows.length; i++) {
        const under = lines[i] ?? '';
        let rest: string;
        if (under.startsWith(blank)) rest = under.slice(width);
        else if (under.trim() === '' && !under.includes('\x1b')) rest = '';
        // Ink drew something where the overlay goes: leave its row alone rather than guess.
        else continue;
        const row = fit(rows[i]);
        lines[i] = rest.trimEnd() === '' ? row.cut : row.padded + rest;
      }
      return lines.join('\n');
    },
  };
}
