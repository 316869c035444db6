// The prompt's editing rules as a pure function: a key in, the new text and cursor (and maybe a submit) out.
import type { Key } from 'ink';

export interface EditorState {
  text: string;
  /** Index into text, 0..text.length. */
  cursor: number;
  /** Position in the history while browsing it with Up/Down; undefined while editing. */
  historyIndex?: number;
  /** What was typed before browsing the history, restored when Down goes past the newest entry. */
  draft: string;
}

export interface EditResult {
  state: EditorState;
  /** Set when Enter sends the text. */
  submit?: string;
  /** False when the key means nothing to the editor. */
  handled: boolean;
}

export const emptyEditor: EditorState = { text: '', cursor: 0, draft: '' };

const controlChars = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Normalises typed or pasted text: any line break becomes \n, other control characters go. */
export function cleanInput(input: string): string {
  return input.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(controlChars, '');
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end < 0 ? text.length : end;
}

function insert(state: EditorState, chunk: string): EditorState {
  const text = state.text.slice(0, state.cursor) + chunk + state.text.slice(state.cursor);
  return { text, cursor: state.cursor + chunk.length, draft: state.draft };
}

function replaceRange(state: EditorState, from: number, to: number): EditorState {
  return { text: state.text.slice(0, from) + state.text.slice(to), cursor: from, draft: state.draft };
}

function wordStartBefore(text: string, cursor: number): number {
  let i = cursor;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  while (i > 0 && !/\s/.test(text[i - 1])) i--;
  return i;
}

function wordEndAfter(text: string, cursor: number): number {
  let i = cursor;
  while (i < text.length && /\s/.test(text[i])) i++;
  while (i < text.length && !/\s/.test(text[i])) i++;
  return i;
}

/** Moves the cursor one line up or down, keeping the column where the line is long enough. */
function moveVertical(state: EditorState, direction: -1 | 1): EditorState | undefined {
  const { text, cursor } = state;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction < 0) {
    if (start === 0) return undefined;
    const prevStart = lineStart(text, start - 1);
    return { ...state, cursor: Math.min(prevStart + column, start - 1) };
  }
  const end = lineEnd(text, cursor);
  if (end === text.length) return undefined;
  const nextEnd = lineEnd(text, end + 1);
  return { ...state, cursor: Math.min(end + 1 + column, nextEnd) };
}

function browseHistory(state: EditorState, direction: -1 | 1, history: readonly string[]): EditorState {
  if (history.length === 0) return state;
  if (direction < 0) {
    const index = state.historyIndex === undefined ? history.length - 1 : Math.max(0, state.historyIndex - 1);
    const draft = state.historyIndex === undefined ? state.text : state.draft;
    return { text: history[index], cursor: history[index].length, historyIndex: index, draft };
  }
  if (state.historyIndex === undefined) return state;
  const index = state.historyIndex + 1;
  if (index >= history.length) return { text: state.draft, cursor: state.draft.length, draft: '' };
  return { text: history[index], cursor: history[index].length, historyIndex: index, draft: state.draft };
}

const done = (state: EditorState, submit?: string): EditResult => ({ state, handled: true, ...(submit === undefined ? {} : { submit }) });

/**
 * Enter sends; Ctrl+J, Alt+Enter, or a trailing `\` before Enter insert a newline. Input of several
 * characters is a printable run or a paste (keys read together were split by keyChunks.ts before
 * they got here): its line breaks are text and never send.
 */
export function editPrompt(state: EditorState, input: string, key: Key, history: readonly string[]): EditResult {
  const { text, cursor } = state;
  if (key.return) {
    if (key.meta) return done(insert(state, '\n'));
    if (cursor > 0 && text[cursor - 1] === '\\') return done(insert(replaceRange(state, cursor - 1, cursor), '\n'));
    return done(emptyEditor, text);
  }
  if (input.length > 1 && !key.ctrl && !key.meta) return done(insert(state, cleanInput(input)));
  if (input === '\n') return done(insert(state, '\n'));
  if (key.backspace || key.delete) {
    if (key.meta) return done(replaceRange(state, wordStartBefore(text, cursor), cursor));
    return cursor === 0 ? done(state) : done(replaceRange(state, cursor - 1, cursor));
  }
  if (key.leftArrow) {
    const to = key.ctrl || key.meta ? wordStartBefore(text, cursor) : Math.max(0, cursor - 1);
    return done({ ...state, cursor: to });
  }
  if (key.rightArrow) {
    const to = key.ctrl || key.meta ? wordEndAfter(text, cursor) : Math.min(text.length, cursor + 1);
    return done({ ...state, cursor: to });
  }
  if (key.home || (key.ctrl && input === 'a')) return done({ ...state, cursor: lineStart(text, cursor) });
  if (key.end || (key.ctrl && input === 'e')) return done({ ...state, cursor: lineEnd(text, cursor) });
  if (key.upArrow) return done(moveVertical(state, -1) ?? browseHistory(state, -1, history));
  if (key.downArrow) return done(moveVertical(state, 1) ?? browseHistory(state, 1, history));
  if (key.ctrl) {
    switch (input) {
      case 'u':
        return done(replaceRange(state, lineStart(text, cursor), cursor));
      case 'k':
        return done(replaceRange(state, cursor, lineEnd(text, cursor)));
      case 'w':
        return done(replaceRange(state, wordStartBefore(text, cursor), cursor));
      case 'd':
        return done(cursor < text.length ? replaceRange(state, cursor, cursor + 1) : state);
      default:
        return { state, handled: false };
    }
  }
  if (key.meta && input === 'b') return done({ ...state, cursor: wordStartBefore(text, cursor) });
  if (key.meta && input === 'f') return done({ ...state, cursor: wordEndAfter(text, cursor) });
  if (key.meta || key.escape || key.tab || key.pageUp || key.pageDown) return { state, handled: false };
  const chunk = cleanInput(input);
  if (chunk === '') return { state, handled: false };
  return done(insert(state, chunk));
}
