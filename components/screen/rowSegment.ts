// Rewrites only the changed cells of a row (a spinner glyph, a typed character) instead of the whole row.
import stringWidth from '../lines/cellWidth.js';
import { RESET_STYLE } from './ansi.js';

const SGR = /\x1b\[[0-9;]*m/g;
// Any escape that is not a plain style change (links, cursor moves): its effect is not tracked, so such rows are rewritten whole.
const OTHER_ESCAPE = /\x1b(?!\[[0-9;]*m)/;
// Marks that join the character before them; a cut just before one would split a cell.
const JOINS_PREVIOUS = /^[\p{M}\u200d\ufe0f]/u;

/** Cursor to a 0-based row and column. */
function moveTo(row: number, col: number): string {
  return `\x1b[${row + 1};${col + 1}H`;
}

/** Moves `at` back out of any escape sequence, surrogate pair or joined cell that it would split. */
function safeCut(text: string, at: number): number {
  let cut = at;
  const esc = text.lastIndexOf('\x1b', cut - 1);
  if (esc >= 0) {
    SGR.lastIndex = esc;
    const match = SGR.exec(text);
    if (match && match.index === esc && esc + match[0].length > cut) cut = esc;
  }
  while (cut > 0) {
    const code = text.charCodeAt(cut - 1);
    const splitsPair = code >= 0xd800 && code <= 0xdbff;
    if (!splitsPair && !JOINS_PREVIOUS.test(text.slice(cut))) break;
    cut--;
  }
  return cut;
}

/**
 * The bytes that turn row `row` from `old` into `next` by writing only the changed cells, when the change keeps
 * its width and has no style changes inside; undefined when the row is better rewritten whole.
 * Assumes the terminal pen is unstyled before the write and leaves it unstyled after.
 */
export function encodeRowChange(row: number, old: string, next: string, wholeCost: number): string | undefined {
  if (old === '' || old === next || OTHER_ESCAPE.test(old) || OTHER_ESCAPE.test(next)) return undefined;
  let p = 0;
  const max = Math.min(old.length, next.length);
  while (p < max && old.charCodeAt(p) === next.charCodeAt(p)) p++;
  p = safeCut(next, p);

  let s = 0;
  while (s < max - p && old.charCodeAt(old.length - 1 - s) === next.charCodeAt(next.length - 1 - s)) s++;
  const end = safeCut(next, next.length - s);
  s = next.length - end;
  const oldMid = old.slice(p, old.length - s);
  const newMid = next.slice(p, end);
  // Only a change that keeps its width is patched in place (a spinner glyph, a counter); a row whose text
  // shifts is rewritten whole, so typed text still goes out as one readable run.
  if (s === 0 || oldMid.includes('\x1b') || newMid.includes('\x1b') || stringWidth(oldMid) !== stringWidth(newMid)) return undefined;
  const prefix = next.slice(0, p);
  const styles = prefix.match(SGR)?.join('') ?? '';
  const out = moveTo(row, stringWidth(prefix)) + styles + newMid + (styles === '' ? '' : RESET_STYLE);
  return out.length < wholeCost ? out : undefined;
}
