// Ctrl+R, searching earlier prompts as bash's reverse-i-search does: a pure reducer from a key to the search's next state.
import type { Key } from 'ink';
import { cleanInput, type EditorState } from './promptEditor.js';

export interface HistorySearch {
  query: string;
  /** Index into the history (oldest first) of the entry shown; undefined while nothing matches yet. */
  match?: number;
  /** The last search step found nothing: the entry shown stays the previous match. */
  failed: boolean;
  /** The prompt as it was when the search began, restored by Esc. */
  original: EditorState;
}

export type SearchStep =
  /** The search goes on with this state. */
  | { kind: 'search'; search: HistorySearch }
  /** The search ends; the prompt holds `editor`. With `replay` the key that ended it acts on the prompt too. */
  | { kind: 'done'; editor: EditorState; replay?: boolean };

export function startSearch(original: EditorState): HistorySearch {
  return { query: '', failed: false, original };
}

/** The newest entry at or before `from` containing the query (case-insensitive), if any. */
function findFrom(history: readonly string[], query: string, from: number): number | undefined {
  const needle = query.toLowerCase();
  for (let i = Math.min(from, history.length - 1); i >= 0; i--) if (history[i].toLowerCase().includes(needle)) return i;
  return undefined;
}

function withQuery(search: HistorySearch, query: string, history: readonly string[], from: number): HistorySearch {
  if (query === '') return { ...search, query, match: undefined, failed: false };
  const match = findFrom(history, query, from);
  return match === undefined ? { ...search, query, failed: true } : { ...search, query, match, failed: false };
}

/** What the prompt shows during a search: the match with the cursor at the found words, or the prompt as it was. */
export function searchEditor(search: HistorySearch, history: readonly string[]): EditorState {
  const text = search.match === undefined ? undefined : history[search.match];
  if (text === undefined) return search.original;
  const at = text.toLowerCase().indexOf(search.query.toLowerCase());
  return { text, cursor: Math.max(0, at), draft: '' };
}

/** The search line shown on the prompt's rule. */
export function searchLine(search: HistorySearch): string {
  const query = `"${search.query}"`;
  if (search.failed) return `no ${search.match === undefined ? 'earlier' : 'older'} prompt has ${query} · Esc cancel`;
  return `reverse search: ${query} · Ctrl+R older · Esc cancel`;
}

/**
 * Typing narrows the search (from the entry shown backwards), Backspace widens it (from the newest again), Ctrl+R
 * goes to the next older match, Enter puts the match in the prompt, Esc (or Ctrl+G) restores the prompt as it was.
 * Any other key takes the match and then acts on the prompt as usual.
 */
export function searchKey(search: HistorySearch, input: string, key: Key, history: readonly string[]): SearchStep {
  const newest = history.length - 1;
  if (key.escape || (key.ctrl && input === 'g')) return { kind: 'done', editor: search.original };
  if (key.return) return { kind: 'done', editor: searchEditor(search, history) };
  if (key.ctrl && input === 'r') {
    if (search.query === '' || search.match === undefined) return { kind: 'search', search };
    // The same words sent several times are one match: Ctrl+R goes on to different ones.
    let older = findFrom(history, search.query, search.match - 1);
    while (older !== undefined && history[older] === history[search.match]) older = findFrom(history, search.query, older - 1);
    return { kind: 'search', search: older === undefined ? { ...search, failed: true } : { ...search, match: older, failed: false } };
  }
  if (key.backspace || key.delete) return { kind: 'search', search: withQuery(search, search.query.slice(0, -1), history, newest) };
  if (!key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow && !key.leftArrow && !key.rightArrow && !key.pageUp && !key.pageDown && !key.home && !key.end) {
    // A pasted line searches too; its line breaks would match no single entry's wording, so they become spaces.
    const typed = cleanInput(input).replace(/\n/g, ' ');
    if (typed !== '') return { kind: 'search', search: withQuery(search, search.query + typed, history, search.match ?? newest) };
    return { kind: 'search', search };
  }
  return { kind: 'done', editor: searchEditor(search, history), replay: true };
}
