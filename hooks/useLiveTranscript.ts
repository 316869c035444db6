// Streamed lines straight to the screen: while the transcript follows the bottom above Ink's frame, a streaming
// message that grew is laid out and painted without a React render, so Ink lays out nothing for it.
import { useCallback, useEffect, useInsertionEffect, useLayoutEffect, useRef } from 'react';
import type { AppState, AssistantItem, TranscriptItem } from '../source/store/state.js';
import type { AppStore } from '../source/store/store.js';
import { visibleAssistantText } from '../components/view/messageLines.js';
import { sliceViewport } from '../components/view/transcriptLines.js';
import type { TranscriptView } from '../components/view/transcriptView.js';
import type { AboveRows, RowOverlay } from '../components/view/rowOverlayTypes.js';
import { useStoreWithEquality } from './useStore.js';

/** Where the transcript rows go and how they are laid out, as of the app's last render. */
export interface LiveRows {
  /** Text width of the layout. */
  width: number;
  /** Columns the rows take, left of the side rows. */
  mainWidth: number;
  height: number;
  side?: readonly string[];
  spinner: string;
  markdownVersion: number;
  minLines: number;
  /** The clock running subagents' elapsed times were laid out with. */
  now: number;
}

/**
 * Same look for a streaming assistant message: the same text (the rendered part and the plain tail past the last
 * safe line break) up to trailing whitespace, which the tail does not show.
 */
function sameLook(a: AssistantItem, b: AssistantItem): boolean {
  if (a.id !== b.id || a.done || b.done || a.expanded !== b.expanded || a.thinking.length !== b.thinking.length) return false;
  const shown = visibleAssistantText(a).length;
  if (shown !== visibleAssistantText(b).length) return false;
  // The "more is coming" spinner shows exactly while some text is held back.
  if ((shown < a.text.length) !== (shown < b.text.length)) return false;
  return a.text.trimEnd().length === b.text.trimEnd().length;
}

/** True when every item is the same object, or a streaming assistant message that would draw the same lines. */
export function sameVisibleTranscript(a: readonly TranscriptItem[], b: readonly TranscriptItem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.kind !== 'assistant' || y.kind !== 'assistant' || !sameLook(x, y)) return false;
  }
  return true;
}

/** True when `next` differs from `shown` only inside messages still streaming (their text or thinking). */
function onlyStreamingChanged(shown: readonly TranscriptItem[], next: readonly TranscriptItem[]): boolean {
  if (shown.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) {
    const a = shown[i];
    const b = next[i];
    if (a === b) continue;
    if (a.kind !== 'assistant' || b.kind !== 'assistant' || a.id !== b.id || a.done || b.done || a.expanded !== b.expanded) return false;
  }
  return true;
}

const selectTranscript = (state: AppState): readonly TranscriptItem[] => state.transcript;

export interface LiveTranscript {
  /** The transcript as of the last change that needed a render; streamed text past it is painted directly. */
  transcript: readonly TranscriptItem[];
  /** Called after every commit: the rows' place while they are painted directly, undefined while Ink draws them. */
  setLive: (rows: LiveRows | undefined, laidOut: readonly TranscriptItem[]) => void;
}

export function useLiveTranscript(store: AppStore, overlay: RowOverlay | undefined, view: TranscriptView): LiveTranscript {
  const live = useRef<LiveRows | undefined>(undefined);
  // What the app rendered last, and what the screen shows (the app's render or a later direct paint).
  const rendered = useRef<readonly TranscriptItem[]>([]);
  const painted = useRef<readonly TranscriptItem[]>([]);
  const equal = useCallback(
    (a: readonly TranscriptItem[], b: readonly TranscriptItem[]) => (live.current ? onlyStreamingChanged(a, b) : sameVisibleTranscript(a, b)),
    [],
  );
  const transcript = useStoreWithEquality(store, selectTranscript, equal);
  useInsertionEffect(() => {
    rendered.current = transcript;
  }, [transcript]);

  useEffect(() => {
    if (!overlay) return undefined;
    return store.subscribe((state) => {
      const rows = live.current;
      const next = state.transcript;
      if (!rows || next === painted.current || !onlyStreamingChanged(rendered.current, next)) return;
      if (sameVisibleTranscript(painted.current, next)) return;
      painted.current = next;
      const layout = view.layout({
        items: next,
        trimmedCount: state.trimmedCount,
        width: rows.width,
        spinner: rows.spinner,
        markdownVersion: rows.markdownVersion,
        minLines: rows.minLines,
        now: rows.now,
      });
      overlay.repaint({ rows: sliceViewport(layout, rows.height, 0), width: rows.mainWidth, height: rows.height, side: rows.side });
    });
  }, [store, overlay, view]);

  const setLive = useCallback((rows: LiveRows | undefined, laidOut: readonly TranscriptItem[]) => {
    live.current = rows;
    painted.current = laidOut;
  }, []);
  return { transcript, setLive };
}

/**
 * Hands the app's rows to the overlay in each commit, never while rendering (a render may be thrown away): insertion
 * effects run before Ink writes the frame the overlay composes, layout effects only after it.
 */
export function useOverlayRows(overlay: RowOverlay | undefined, above: AboveRows | undefined, below: boolean, live: () => void): void {
  useInsertionEffect(() => {
    overlay?.setAbove(above);
    if (!below) overlay?.setBelow(undefined);
    live();
  });
}

/** Takes the app's rows off the full-screen renderer's overlay when the app leaves the screen. */
export function useOverlayReset(overlay: RowOverlay | undefined): void {
  useLayoutEffect(
    () => () => {
      overlay?.setAbove(undefined);
      overlay?.setBelow(undefined);
      overlay?.setLiveRow(undefined);
    },
    [overlay],
  );
}
