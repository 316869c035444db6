// Lays the transcript out as lines for the current width, reusing the cached lines of finished items.
import { useMemo, useRef } from 'react';
import type { TranscriptItem } from '../source/store/state.js';
import { LineCache, layoutTranscript, type TranscriptLayout } from '../components/lines/transcriptLines.js';
import { paint } from '../components/lines/style.js';

export function useTranscriptLayout(
  items: readonly TranscriptItem[],
  trimmedCount: number,
  width: number,
  spinner: string,
  /** Changes when the markdown renderer finishes loading, so cached plain text is redone. */
  markdownVersion: number,
): TranscriptLayout {
  const cache = useRef<LineCache>(undefined);
  cache.current ??= new LineCache();
  const lineCache = cache.current;
  return useMemo(() => {
    const layout = layoutTranscript(items, width, spinner, lineCache);
    if (trimmedCount === 0) return layout;
    const note = [paint('dim', `… ${trimmedCount} earlier items are no longer kept on screen`), ''];
    return { blocks: [note, ...layout.blocks], total: layout.total + note.length };
    // markdownVersion is a dependency on purpose: the cache checks readiness itself.
  }, [items, trimmedCount, width, spinner, lineCache, markdownVersion]);
}
