// Lays out the transcript as lines for the current width from the bottom up, reusing the cached lines of finished items.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TranscriptItem } from '../source/store/state.js';
import { TranscriptView, type ViewLayout } from '../components/view/transcriptView.js';

export interface LazyTranscriptLayout extends ViewLayout {
  /** Lays out earlier items until at least `lines` lines exist (Infinity: everything). */
  reveal(lines: number): void;
  /** The lines this layout keeps laid out at least (a screen at first, then the margin too). */
  minLines: number;
}

/** Lines laid out ahead of what the screen shows, so paging up a little never waits. */
const marginScreens = 3;
const minimumLines = 200;

/** Lines a transcript view `height` rows tall keeps laid out at least. */
const minLinesFor = (height: number): number => Math.max(minimumLines, height * marginScreens);

export function useTranscriptLayout(
  items: readonly TranscriptItem[],
  trimmedCount: number,
  width: number,
  spinner: string,
  /** Changes when the markdown renderer finishes loading, so cached plain text is redone. */
  markdownVersion: number,
  /** Rows the transcript shows. */
  height = 40,
  /** The view to lay out with; live repaints outside React share it. */
  shared?: TranscriptView,
  /** The clock for running subagents' elapsed time (0 while none runs). */
  now = 0,
): LazyTranscriptLayout {
  const own = useRef<TranscriptView>(undefined);
  const view = shared ?? (own.current ??= new TranscriptView());
  const [revealed, bump] = useReducer((n: number) => n + 1, 0);
  const reveal = useCallback((lines: number) => {
    if (view.reveal(lines)) bump();
  }, [view]);
  // The first frame lays out one screen; the margin above it follows right after, so a long transcript opens fast.
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (warm) return undefined;
    const timer = setTimeout(() => setWarm(true), 0);
    return () => clearTimeout(timer);
  }, [warm]);
  const minLines = warm ? minLinesFor(height) : height + 1;
  // revealed is a dependency on purpose: reveal() moves what the view wants without changing any input.
  const layout = useMemo(
    () => view.layout({ items, trimmedCount, width, spinner, markdownVersion, minLines, now }),
    [view, items, trimmedCount, width, spinner, markdownVersion, minLines, revealed, now],
  );
  return useMemo(() => ({ ...layout, reveal, minLines }), [layout, reveal, minLines]);
}
