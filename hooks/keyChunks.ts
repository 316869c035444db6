// Turns what Ink's useInput hands over (one call per terminal read, split only at escape sequences) into keys in order, or one paste.
import type { Key } from 'ink';

/** A mouse wheel notch at a 1-based screen cell. */
export interface WheelEvent {
  kind: 'wheel';
  direction: 'up' | 'down';
  column: number;
  row: number;
}

/** One key press, a whole paste (text to insert as it is, never acted on), or a wheel notch. */
export type KeyEvent = { kind: 'key'; input: string; key: Key } | { kind: 'paste'; text: string } | WheelEvent;

// An SGR mouse report (ESC[<button;column;row M or m) after useInput strips its ESC: Ink reads it as one sequence.
const sgrMouse = /^\[<(\d+);(\d+);(\d+)[Mm]$/;

/**
 * A mouse report as a wheel event, or null for any other mouse report (clicks, releases, drags: never typed text);
 * undefined when the input is not a mouse report at all.
 */
export function mouseEvent(input: string): WheelEvent | null | undefined {
  const match = sgrMouse.exec(input);
  if (!match) return undefined;
  const button = Number(match[1]);
  // Bit 64 marks the wheel; its low bits tell up (0) from down (1). Shift, Alt and Ctrl add 4, 8 and 16.
  if ((button & 64) === 0 || (button & 3) > 1) return null;
  return { kind: 'wheel', direction: (button & 1) === 0 ? 'up' : 'down', column: Number(match[2]), row: Number(match[3]) };
}

export const noKey: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

// useInput strips the ESC from the bracketed-paste markers, so they arrive as these inputs with no key flags.
const pasteStart = '[200~';
const pasteEnd = '[201~';
// Focus reports (ESC[I, ESC[O) arrive the same way: the screen reads focus from the raw input, and they are never keys.
const focusReports = new Set(['[I', '[O']);

/**
 * A cursor position report (ESC[row;colR) after useInput strips its ESC: the terminal's answer to a program's query,
 * which can arrive after that program (the editor Ctrl+G opened) has exited. Nobody types it in one read.
 */
const cursorReport = /^\[\d+;\d+R$/;

/** A line break with more text after it cannot be typing: it is an unbracketed paste of several lines. */
const lineBreakInside = /[\r\n][\s\S]/;
const controlChar = /[\u0000-\u001F\u007F]/;

const isPlain = (key: Key): boolean => !key.ctrl && !key.meta && !key.escape && !key.return && !key.tab && !key.backspace && !key.delete;

/** The key one control character stands for, as Ink's parseKeypress reads it on its own; undefined for ones with no meaning. */
function controlKey(ch: string): { input: string; key: Key } | undefined {
  switch (ch) {
    case '\r':
      return { input: '\r', key: { ...noKey, return: true } };
    case '\n':
      return { input: '\n', key: noKey };
    case '\t':
      return { input: '', key: { ...noKey, tab: true } };
    case '\b':
      return { input: '', key: { ...noKey, backspace: true } };
    case '\x7f':
      return { input: '', key: { ...noKey, delete: true } };
  }
  const code = ch.charCodeAt(0);
  if (code >= 1 && code <= 26) return { input: String.fromCharCode(code + 96), key: { ...noKey, ctrl: true } };
  return undefined;
}

/** Splits a chunk of plain characters and control bytes into printable runs and single control keys, in order. */
function splitTyped(input: string): KeyEvent[] {
  const events: KeyEvent[] = [];
  let run = '';
  for (const ch of input) {
    if (!controlChar.test(ch)) {
      run += ch;
      continue;
    }
    if (run) events.push({ kind: 'key', input: run, key: noKey });
    run = '';
    const control = controlKey(ch);
    if (control) events.push({ kind: 'key', ...control });
  }
  if (run) events.push({ kind: 'key', input: run, key: noKey });
  return events;
}

/**
 * Holds the bracketed-paste state between reads. A read is a paste when it lies between ESC[200~ and ESC[201~
 * (the terminal marks pastes once rein asks it to), or when it has a line break followed by more text (a paste
 * from a terminal without bracketed paste: nobody types Enter and more keys within one read). Anything else is
 * typing, however fast: every control byte in it acts as its key, in order.
 */
export function createKeyChunker(): (input: string, key: Key) => KeyEvent[] {
  let pasted: string | undefined;
  // A terminal without SGR reports (GNU screen 4) sends ESC[M and three bytes; Ink splits them into "[M" and text.
  let legacyMouse: string | undefined;
  const chunk = (input: string, key: Key): KeyEvent[] => {
    if (legacyMouse !== undefined) {
      const chars = [...legacyMouse + input];
      if (chars.length < 3) {
        legacyMouse = chars.join('');
        return [];
      }
      legacyMouse = undefined;
      const [button, column, row] = chars.slice(0, 3).map((ch) => (ch.codePointAt(0) ?? 32) - 32);
      const mouse = mouseEvent(`[<${button};${column};${row}M`);
      const rest = chars.slice(3).join('');
      return [...(mouse ? [mouse] : []), ...(rest ? chunk(rest, noKey) : [])];
    }
    if (pasted !== undefined) {
      if (input === pasteEnd && isPlain(key)) {
        const text = pasted;
        pasted = undefined;
        return text === '' ? [] : [{ kind: 'paste', text }];
      }
      // useInput empties the input of a lone control key; put the character back.
      pasted += key.return ? '\r' : key.tab ? '\t' : input;
      return [];
    }
    if (input === pasteStart && isPlain(key)) {
      pasted = '';
      return [];
    }
    if (focusReports.has(input) && isPlain(key)) return [];
    if (input === '[M' && isPlain(key)) {
      legacyMouse = '';
      return [];
    }
    if (isPlain(key) && cursorReport.test(input)) return [];
    if (isPlain(key) && input.startsWith('[<')) {
      const mouse = mouseEvent(input);
      if (mouse !== undefined) return mouse ? [mouse] : [];
    }
    if (input.length <= 1 || !isPlain(key) || !controlChar.test(input)) return [{ kind: 'key', input, key }];
    if (lineBreakInside.test(input)) return [{ kind: 'paste', text: input }];
    return splitTyped(input);
  };
  return chunk;
}
