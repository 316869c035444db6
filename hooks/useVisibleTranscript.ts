// The transcript as the screen sees it: streamed deltas that change nothing visible do not re-render the app.
import type { AssistantItem, AppState, TranscriptItem } from '../source/store/state.js';
import type { AppStore } from '../source/store/store.js';
import { visibleAssistantText } from '../components/lines/messageLines.js';
import { useStoreWithEquality } from './useStore.js';

const selectTranscript = (state: AppState): readonly TranscriptItem[] => state.transcript;

/** Same look for a streaming assistant message: text held back past the last safe line break does not show. */
function sameLook(a: AssistantItem, b: AssistantItem): boolean {
  if (a.id !== b.id || a.done || b.done || a.expanded !== b.expanded || a.thinking.length !== b.thinking.length) return false;
  const shown = visibleAssistantText(a).length;
  if (shown !== visibleAssistantText(b).length) return false;
  // The "more is coming" spinner shows exactly while some text is held back.
  return (shown < a.text.length) === (shown < b.text.length);
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

export function useVisibleTranscript(store: AppStore): readonly TranscriptItem[] {
  return useStoreWithEquality(store, selectTranscript, sameVisibleTranscript);
}
