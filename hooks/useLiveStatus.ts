// The status line of a working run: seconds since it started and output tokens so far. Full screen, the renderer
// redraws that one row on its own clock (a live row of the overlay); drawn by Ink, a once-a-second render does.
import { useInsertionEffect, useMemo } from 'react';
import { liveStatusRow, type LiveStatus, type StatusLineInput } from '../components/view/bottomLines.js';
import type { RowOverlay } from '../components/view/rowOverlayTypes.js';
import { liveOutputTokens } from '../source/store/liveProgress.js';
import type { AppStore } from '../source/store/store.js';
import { useStore } from './useStore.js';
import { useNow } from './useTicker.js';

/**
 * `overlayDraws`: the status row goes to the screen as a ready-made row below Ink's frame. Returns what the Ink
 * status bar shows meanwhile (undefined while the overlay draws it, or when no run works).
 */
export function useLiveStatus(store: AppStore, overlay: RowOverlay | undefined, input: StatusLineInput, overlayDraws: boolean): LiveStatus | undefined {
  const running = useStore(store, (s) => s.running);
  const startedAt = useStore(store, (s) => s.runStartedAt);
  const live = running && startedAt !== undefined;
  const row = useMemo(
    () => (live ? liveStatusRow(input, startedAt, () => liveOutputTokens(store.getState())) : undefined),
    [live, startedAt, input, store],
  );
  const liveRow = overlayDraws ? row : undefined;
  // Set by the commit, before Ink writes the frame (layout effects run after it).
  useInsertionEffect(() => overlay?.setLiveRow(liveRow), [overlay, liveRow]);
  const now = useNow(live && !overlayDraws, 1000);
  return live && !overlayDraws ? { elapsedMs: now - startedAt, outputTokens: liveOutputTokens(store.getState()) } : undefined;
}
