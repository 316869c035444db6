// Lays out the transcript as lines for the current width from the bottom up, reusing the cached lines of finished items.
import { useCallback, useMemo, useReducer, useRef } from 'react';
import type { TranscriptItem } from '../source/store/state.js';
import { LineCache, layoutTranscriptTail, type TranscriptLayout } from '../components/lines/transcriptLines.js';
import { paint } from '../components/lines/style.js';

export interface LazyTranscriptLayout extends TranscriptLayout {
  /** Lines ever added above the laid-out part by reveal(); growth there must not move a scrolled view. */
  addedAbove: number;
  /** Lays out earlier items until at least `lines` lines exist (Infinity: everything). */
  reveal(lines: number): void;
}

/** Lines laid out ahead of what the screen shows, so paging up a little never waits. */
const marginScreens = 3;
const minimumLines = 200;

export function useTranscriptLayout(
  items: readonly TranscriptItem[],
  trimmedCount: number,
  width: number,
  spinner: string,
  /** Changes when the markdown renderer finishes loading, so cached plain text is redone. */
  markdownVersion: number,
  /** Rows the transcript shows. */
  height = 40,
): LazyTranscriptLayout {
  const cache = useRef<LineCache>(undefined);
  cache.current ??= new LineCache();
  const lineCache = cache.current;
  // The first laid-out item (by identity, so appends and trims keep it), the lines wanted, and lines added above.
  const state = useRef<{ first?: TranscriptItem; want: number; addedAbove: number }>({ want: 0, addedAbove: 0 });
  const [revealed, bump] = useReducer((n: number) => n + 1, 0);
  const reveal = useCallback((lines: number) => {
    if (lines <= state.current.want) return;
    state.current.want = lines;
    bump();
  }, []);
  const minLines = Math.max(minimumLines, height * marginScreens);

  const layout = useMemo(() => {
    const s = state.current;
    s.want = Math.max(s.want, minLines);
    const known = s.first ? items.indexOf(s.first) : -1;
    const from = known >= 0 ? known : items.length;
    const laid = layoutTranscriptTail(items, from, s.want, width, spinner, lineCache);
    if (known >= 0) for (let i = laid.from; i < known; i++) s.addedAbove += laid.blocks[i - laid.from].length;
    s.first = items[laid.from];
    if (laid.from > 0 || trimmedCount === 0) return { ...laid, addedAbove: s.addedAbove };
    const note = [paint('dim', `… ${trimmedCount} earlier items are no longer kept on screen`), ''];
    if (known > 0) s.addedAbove += note.length;
    return { blocks: [note, ...laid.blocks], total: laid.total + note.length, from: 0, addedAbove: s.addedAbove };
    // markdownVersion and revealed are dependencies on purpose: the cache checks readiness itself, reveal moves `want`.
  }, [items, trimmedCount, width, spinner, lineCache, markdownVersion, revealed, minLines]);
  return useMemo(() => ({ ...layout, reveal }), [layout, reveal]);
}
