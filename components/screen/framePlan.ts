// Plans the cheapest terminal update from the lines on screen to the next frame's lines: an optional scroll plus the rows to rewrite.

import {
  ERASE_LINE_END,
  RESET_SCROLL_REGION,
  RESET_STYLE,
  moveToRow,
  scrollBy,
  setScrollRegion,
} from './ansi.js';
import { encodeRowChange } from './rowSegment.js';
import cellTruncate from '../view/cellTruncate.js';
import cellWidth from '../view/cellWidth.js';

/**
 * The part of a line the terminal has columns for. With autowrap off a terminal prints everything past its last
 * column into that column, so an unclipped row would show its last character there (a row laid out before a resize).
 */
function clipTo(line: string, columns: number): string {
  if (!Number.isFinite(columns) || line.length <= columns / 2 || cellWidth(line) <= columns) return line;
  return cellTruncate(line, columns, { position: 'end', truncationCharacter: '' });
}

/** Scroll rows top..bottom (0-based, inclusive) by `by` lines: positive moves content up. */
export interface ScrollStep {
  top: number;
  bottom: number;
  by: number;
}

export interface RowWrite {
  row: number;
  /** The whole new line; '' clears the row. */
  line: string;
}

export interface FramePlan {
  scroll?: ScrollStep;
  writes: RowWrite[];
}

/**
 * What of each row moves when the content scrolls, where that is not the whole row: beside a sidebar that stays put,
 * the transcript's part of the row. A missing entry means the whole row. Used only to find scrolls worth pricing;
 * every plan is priced and written from the whole rows.
 */
export interface ScrollKeys {
  screen?: readonly (string | undefined)[];
  next?: readonly (string | undefined)[];
}

/** A row's key: its entry in `keys`, else the row. */
type KeyOf = (row: number) => string;

const keysOf = (rows: readonly string[], keys: readonly (string | undefined)[] | undefined): KeyOf =>
  keys === undefined ? (row) => rows[row] : (row) => keys[row] ?? rows[row];

// A line repeated more often than this (rules, blank-ish padding) says little about where content moved.
const MAX_REPEATS_FOR_VOTE = 8;
const MAX_SHIFT_CANDIDATES = 4;

/**
 * Plans the update from `screen` to `next`; both hold exactly one entry per terminal row
 * ('' for an empty row). Picks a scroll only when it makes the update cheaper in bytes, each candidate priced by
 * planCost (a changed row at about what its patch would send).
 */
export function planFrame(screen: readonly string[], next: readonly string[], keys?: ScrollKeys): FramePlan {
  const rewrite: FramePlan = { writes: diffRows(screen, next) };
  // One changed row (a streamed line growing): a scroll would move rows that are right where they are.
  if (rewrite.writes.length <= 1) return rewrite;
  // The scrolls first: when one fits, it is far cheaper than rewriting every moved row, and pricing the rest
  // stops as soon as a plan costs more than the best so far. A plain rewrite wins ties, as it always has.
  // Candidates are priced row by row on the screen as the scroll would leave it, without building it: only the
  // winner's rows and writes are made.
  let best: ScrollStep | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  const screenKey = keysOf(screen, keys?.screen);
  const nextKey = keysOf(next, keys?.next);
  for (const shift of candidateShifts(screen.length, next.length, screenKey, nextKey, rewrite.writes)) {
    for (const step of regionsForShift(screenKey, nextKey, next.length, shift)) {
      const cost = scrollPlanCost(screen, next, step, bestCost);
      if (cost < bestCost) {
        best = step;
        bestCost = cost;
      }
    }
  }
  if (best === undefined || planCost(rewrite, screen, bestCost) <= bestCost) return rewrite;
  return { scroll: best, writes: diffRows(applyScroll(screen, best), next) };
}

/** The row `row` of `screen` once `step` has scrolled it. */
function scrolledRow(screen: readonly string[], step: ScrollStep, row: number): string {
  if (row < step.top || row > step.bottom) return screen[row];
  const source = row + step.by;
  return source >= step.top && source <= step.bottom ? screen[source] : '';
}

/** planCost of the plan that scrolls by `step` and rewrites what then differs, without building it. */
function scrollPlanCost(screen: readonly string[], next: readonly string[], step: ScrollStep, limit: number): number {
  let cost = encodeScroll(step).length;
  let cursorRow = -1;
  for (let row = 0; row < next.length; row++) {
    const before = scrolledRow(screen, step, row);
    const line = next[row];
    if (before === line) continue;
    if (cost > limit) return cost;
    cost += Math.min(wholeRowLength(row, cursorRow, line), patchEstimate(before ?? '', line));
    cursorRow = row;
  }
  return cost;
}

/** What the terminal shows after a scroll step: moved rows keep their text, exposed rows are blank. */
export function applyScroll(screen: readonly string[], step: ScrollStep): string[] {
  const result = screen.slice();
  for (let row = step.top; row <= step.bottom; row++) {
    const source = row + step.by;
    result[row] = source >= step.top && source <= step.bottom ? screen[source] : '';
  }
  return result;
}

/**
 * The escape sequences that carry out a plan (without the synchronized-output wrapper). Given the rows on
 * screen before it (`screen`), a changed row may be patched from its first changed cell instead of rewritten.
 */
export function encodePlan(plan: FramePlan, screen?: readonly string[], columns = Number.POSITIVE_INFINITY): string {
  const before = screen && plan.scroll ? applyScroll(screen, plan.scroll) : screen;
  return (plan.scroll ? encodeScroll(plan.scroll) : '') + encodeWrites(plan.writes, before, columns);
}

/** The writes of a plan, each row patched from its first changed cell when that is cheaper than rewriting it. */
function encodeWrites(writes: readonly RowWrite[], before: readonly string[] | undefined, columns: number): string {
  let out = '';
  let cursorRow = -1;
  for (const { row, line } of writes) {
    const whole = wholeRow(row, cursorRow, clipTo(line, columns));
    const patch = before ? encodeRowChange(row, before[row] ?? '', line, whole.length, columns) : undefined;
    // A row whose change draws nothing (trailing blanks, the same cells spelled with other escapes) sends no bytes
    // and leaves the cursor where it was: the next row must not count on a CR LF from it.
    if (patch === '') continue;
    out += patch ?? whole;
    cursorRow = row;
  }
  return out;
}

/** The bytes that rewrite row `row` whole, with the cursor left on `cursorRow` by the previous write (-1: none). */
function wholeRow(row: number, cursorRow: number, line: string): string {
  // Moving down one row by CR LF is cheaper than an absolute move; the scroll region is reset, so LF never scrolls here.
  const move = row === cursorRow + 1 && cursorRow >= 0 ? '\r\n' : moveToRow(row);
  // Close styles so the next erase or scroll does not paint with this line's colours.
  return move + ERASE_LINE_END + line + (line.includes('\x1b') ? RESET_STYLE : '');
}

/** wholeRow(row, cursorRow, line).length, without making the string. */
function wholeRowLength(row: number, cursorRow: number, line: string): number {
  const move = row === cursorRow + 1 && cursorRow >= 0 ? 2 : moveToRow(row).length;
  return move + ERASE_LINE_END.length + line.length + (line.includes('\x1b') ? RESET_STYLE.length : 0);
}

function encodeScroll(step: ScrollStep): string {
  return setScrollRegion(step.top, step.bottom) + scrollBy(step.by) + RESET_SCROLL_REGION;
}

function diffRows(screen: readonly string[], next: readonly string[]): RowWrite[] {
  const writes: RowWrite[] = [];
  for (let row = 0; row < next.length; row++) {
    if (screen[row] !== next[row]) writes.push({ row, line: next[row] });
  }
  return writes;
}

/**
 * About the bytes of a plan, given the rows on screen once its scroll is done: a changed row costs its whole
 * rewrite or, when cheaper, the part between the text it shares with the old row at both ends (about what a
 * patch of its changed cells sends). Cheap enough to price every candidate; only the chosen plan is encoded.
 * Pricing stops once the cost passes `limit` (the figure returned is then only known to be above it).
 */
function planCost(plan: FramePlan, before: readonly string[], limit = Number.POSITIVE_INFINITY): number {
  let cost = plan.scroll ? encodeScroll(plan.scroll).length : 0;
  let cursorRow = -1;
  for (const { row, line } of plan.writes) {
    // Past the limit the plan has lost already: the exact figure does not matter.
    if (cost > limit) return cost;
    cost += Math.min(wholeRowLength(row, cursorRow, line), patchEstimate(before[row] ?? '', line));
    cursorRow = row;
  }
  return cost;
}

/** The length of what differs between two rows once their common start and end are set aside, plus a cursor move. */
function patchEstimate(old: string, next: string): number {
  const max = Math.min(old.length, next.length);
  let p = 0;
  while (p < max && old.charCodeAt(p) === next.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && old.charCodeAt(old.length - 1 - s) === next.charCodeAt(next.length - 1 - s)) s++;
  return next.length - p - s + 12;
}

/** Shifts (old row minus new row) that distinctive lines vote for, most votes first. */
function candidateShifts(screenRows: number, nextRows: number, screenKey: KeyOf, nextKey: KeyOf, changed: readonly RowWrite[]): number[] {
  if (changed.length <= 4) return fewShifts(screenRows, screenKey, nextKey, changed);
  const rowsByLine = new Map<string, number[]>();
  for (let row = 0; row < screenRows; row++) {
    const line = screenKey(row);
    if (line === '') continue;
    const rows = rowsByLine.get(line);
    if (rows) rows.push(row);
    else rowsByLine.set(line, [row]);
  }
  const votes = new Map<number, number>();
  for (let row = 0; row < nextRows; row++) {
    const line = nextKey(row);
    if (line === '' || (row < screenRows && line === screenKey(row))) continue;
    const oldRows = rowsByLine.get(line);
    if (!oldRows || oldRows.length > MAX_REPEATS_FOR_VOTE) continue;
    for (const oldRow of oldRows) {
      if (oldRow !== row) votes.set(oldRow - row, (votes.get(oldRow - row) ?? 0) + 1);
    }
  }
  return topShifts(votes);
}

/** candidateShifts for a few changed rows: each looked for on the old screen, with no index of all its rows built. */
function fewShifts(screenRows: number, screenKey: KeyOf, nextKey: KeyOf, changed: readonly RowWrite[]): number[] {
  const votes = new Map<number, number>();
  for (const { row } of changed) {
    const line = nextKey(row);
    if (line === '') continue;
    let repeats = 0;
    for (let old = 0; old < screenRows; old++) if (screenKey(old) === line) repeats++;
    if (repeats === 0 || repeats > MAX_REPEATS_FOR_VOTE) continue;
    for (let old = 0; old < screenRows; old++) {
      if (old !== row && screenKey(old) === line) votes.set(old - row, (votes.get(old - row) ?? 0) + 1);
    }
  }
  return topShifts(votes);
}

function topShifts(votes: ReadonlyMap<number, number>): number[] {
  return [...votes.entries()]
    .sort((a, b) => b[1] - a[1] || Math.abs(a[0]) - Math.abs(b[0]))
    .slice(0, MAX_SHIFT_CANDIDATES)
    .map(([shift]) => shift);
}

/** Scroll regions worth pricing for one shift: the longest run of moved rows, and the span of all of them. */
function regionsForShift(screenKey: KeyOf, nextKey: KeyOf, rows: number, shift: number): ScrollStep[] {
  let runStart = -1;
  let longest: [number, number] | undefined;
  let first = -1;
  let last = -1;
  for (let row = 0; row <= rows; row++) {
    const source = row + shift;
    const moved = row < rows && source >= 0 && source < rows && nextKey(row) === screenKey(source) && nextKey(row) !== '';
    if (moved) {
      if (runStart < 0) runStart = row;
      if (first < 0) first = row;
      last = row;
    } else if (runStart >= 0) {
      if (!longest || row - 1 - runStart > longest[1] - longest[0]) longest = [runStart, row - 1];
      runStart = -1;
    }
  }
  if (!longest) return [];
  const steps = [toStep(longest[0], longest[1], shift, rows)];
  if (first !== longest[0] || last !== longest[1]) steps.push(toStep(first, last, shift, rows));
  // Rows above the moved ones may differ only in a part that stays put (a sidebar beside a scrolling transcript):
  // scrolling them too and patching the cells that stayed can cost less than rewriting them.
  for (const step of steps.slice()) if (step.top > 0) steps.push({ ...step, top: 0 });
  // The row just below the moved ones may have grown out of the row below it (a streamed line that was still
  // being written when it scrolled): carrying it along and patching it can cost less than writing it again.
  for (const step of steps.slice()) if (step.by > 0 && step.bottom + 1 < rows) steps.push({ ...step, bottom: step.bottom + 1 });
  return steps.filter((step) => step.bottom - step.top + 1 > Math.abs(step.by));
}

/** The region that carries new rows a..b from their old place `shift` rows away. */
function toStep(a: number, b: number, shift: number, rows: number): ScrollStep {
  return shift > 0
    ? { top: a, bottom: Math.min(rows - 1, b + shift), by: shift }
    : { top: Math.max(0, a + shift), bottom: b, by: shift };
}
