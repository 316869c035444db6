// Small immutable helpers for editing the transcript array without copying item contents.
import type { AppState, NoticeItem, NoticeLevel, TranscriptItem } from './state.js';
import { limits } from './state.js';

/** Index of the item with this id, searching from the end where live items are. */
export function findItemIndex(items: readonly TranscriptItem[], id: string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i].id === id) return i;
  }
  return -1;
}

/** Replaces one item via `update`; returns the same state when the item is missing or unchanged. */
export function updateItem<K extends TranscriptItem['kind']>(
  state: AppState,
  id: string,
  kind: K,
  update: (item: Extract<TranscriptItem, { kind: K }>) => Extract<TranscriptItem, { kind: K }>,
): AppState {
  const index = findItemIndex(state.transcript, id);
  if (index < 0) return state;
  const item = state.transcript[index];
  if (item.kind !== kind) return state;
  const next = update(item as Extract<TranscriptItem, { kind: K }>);
  if (next === item) return state;
  const transcript = state.transcript.slice();
  transcript[index] = next;
  return { ...state, transcript };
}

/** Appends items, dropping the oldest beyond the cap so memory stays bounded. */
export function appendItems(state: AppState, ...items: TranscriptItem[]): AppState {
  let transcript = state.transcript.concat(items);
  let trimmedCount = state.trimmedCount;
  const maxItems = state.maxItems ?? limits.maxItems;
  if (transcript.length > maxItems) {
    const drop = transcript.length - maxItems;
    transcript = transcript.slice(drop);
    trimmedCount += drop;
  }
  return { ...state, transcript, trimmedCount };
}

/** Adds or replaces (by id) a notice item. */
export function putNotice(state: AppState, id: string, level: NoticeLevel, text: string, title?: string): AppState {
  const notice: NoticeItem = { kind: 'notice', id, done: true, level, text, ...(title === undefined ? {} : { title }) };
  const index = findItemIndex(state.transcript, id);
  if (index < 0) return appendItems(state, notice);
  const transcript = state.transcript.slice();
  transcript[index] = notice;
  return { ...state, transcript };
}

/** Adds a notice with a fresh local id. */
export function addNotice(state: AppState, level: NoticeLevel, text: string, title?: string): AppState {
  const seq = state.seq + 1;
  return putNotice({ ...state, seq }, `local-${seq}`, level, text, title);
}

/** Keeps only the tail of a text so a chatty tool cannot grow the state without bound. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = text.slice(text.length - max);
  const cut = tail.indexOf('\n');
  return `… (${text.length - max} earlier characters not shown)\n${cut >= 0 ? tail.slice(cut + 1) : tail}`;
}
