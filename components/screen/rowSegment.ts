// Rewrites only the changed cells of a row instead of the whole row: both rows are read into cells (the text and
// the style of each column), compared cell by cell, and each run of changed cells is written with its own style.
import stringWidth, { isOneCellText } from '../view/cellWidth.js';
import { ERASE_LINE_END, RESET_STYLE } from './ansi.js';

// Any escape that is not a plain style change (links, cursor moves), and any other control character: their
// effect is not tracked, so such rows are rewritten whole.
const UNTRACKED = /\x1b(?!\[[0-9;]*m)|[\x00-\x1a\x1c-\x1f\x7f-\x9f]/;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** Unchanged cells between two changed runs that are cheaper to write again than a cursor move. */
const MAX_GAP = 6;
/** Blank cells in a changed run from which erasing them (ECH) and stepping over them (CUF) is cheaper than spaces. */
const MIN_ERASE = 10;

interface Cells {
  /** Per column: the character drawn there, '' for the right half of a wide character. */
  text: string[];
  /** Per column: the style as canonical SGR parameters, '' for none. */
  style: string[];
}

/** The SGR state of the terminal pen while a row is read. */
class Pen {
  private flags = new Set<string>();
  private fg = '';
  private bg = '';
  key = '';

  /** The pen whose key is `key` (a key names one state: flags, then the foreground, then the background). */
  static fromKey(key: string): Pen {
    const pen = new Pen();
    if (key !== '' && !pen.apply(key)) throw new Error(`not a pen key: ${key}`);
    return pen;
  }

  /** Applies one SGR sequence's parameters; false when one of them is not understood. */
  apply(params: string): boolean {
    const list = params === '' ? ['0'] : params.split(';');
    for (let i = 0; i < list.length; i++) {
      const n = list[i] === '' ? 0 : Number(list[i]);
      if (n === 0) {
        this.flags.clear();
        this.fg = '';
        this.bg = '';
      } else if (n === 22) {
        this.flags.delete('1');
        this.flags.delete('2');
      } else if (n === 1 || n === 2 || n === 3 || n === 4 || n === 5 || n === 7 || n === 8 || n === 9 || n === 53) {
        this.flags.add(String(n));
      } else if (n === 23 || n === 24 || n === 25 || n === 27 || n === 28 || n === 29) {
        this.flags.delete(String(n - 20));
      } else if (n === 55) {
        this.flags.delete('53');
      } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) {
        this.fg = String(n);
      } else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) {
        this.bg = String(n);
      } else if (n === 39) {
        this.fg = '';
      } else if (n === 49) {
        this.bg = '';
      } else if (n === 38 || n === 48) {
        const kind = list[i + 1];
        const take = kind === '5' ? 2 : kind === '2' ? 4 : -1;
        if (take < 0 || i + take >= list.length) return false;
        const colour = list.slice(i, i + take + 1).join(';');
        if (n === 38) this.fg = colour;
        else this.bg = colour;
        i += take;
      } else {
        return false;
      }
    }
    this.key = [...[...this.flags].sort((a, b) => Number(a) - Number(b)), this.fg, this.bg].filter((part) => part !== '').join(';');
    return true;
  }
}

let segmenter: Intl.Segmenter | undefined;
// Wide characters every terminal draws two cells wide (CJK, Hangul, fullwidth forms). Other characters that are
// not one cell everywhere (emoji, joined sequences) are where terminals disagree, so their rows are rewritten whole.
const AGREED_WIDE = /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]$/;

/**
 * Sets the cells of `text` (no escapes in it) drawn with `style` from column `at` on; the column after them, or -1
 * when a character's width is not agreed on.
 */
function putText(cells: Cells, at: number, text: string, style: string): number {
  // Printable ASCII, box drawing, braille and the like: every UTF-16 unit is one cell.
  if (PLAIN_ASCII.test(text) || isOneCellText(text)) {
    for (let i = 0; i < text.length; i++) {
      cells.text[at + i] = text[i];
      cells.style[at + i] = style;
    }
    return at + text.length;
  }
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let col = at;
  for (const { segment } of segmenter.segment(text)) {
    if (isOneCellText(segment)) {
      cells.text[col] = segment;
      cells.style[col++] = style;
    } else if (AGREED_WIDE.test(segment) && stringWidth(segment) === 2) {
      cells.text[col] = segment;
      cells.style[col++] = style;
      cells.text[col] = '';
      cells.style[col++] = style;
    } else {
      return -1;
    }
  }
  return col;
}

// Rows repeat from frame to frame (and across the candidate scrolls of one frame): their cells are kept a while.
const CELL_CACHE_LIMIT = 512;
let cellCache = new Map<string, Cells | null>();

/** The cells of a row, or undefined when it holds something whose effect on the screen is not tracked. */
function cellsOf(line: string): Cells | undefined {
  const hit = cellCache.get(line);
  if (hit !== undefined) return hit ?? undefined;
  const cells = readCells(line);
  if (cellCache.size >= CELL_CACHE_LIMIT) cellCache = new Map();
  cellCache.set(line, cells ?? null);
  return cells;
}

// A row's styles come from few distinct pens and sequences: each pen (by its key) keeps where each SGR sequence
// takes it, so a row is read without a Pen of its own. Cleared when it grows past its limit.
const PEN_STEPS_LIMIT = 256;
let penSteps = new Map<string, Map<string, string | null>>();

/** The key of the pen `key` after the SGR parameters `params`; undefined when one of them is not understood. */
function penStep(key: string, params: string): string | undefined {
  let steps = penSteps.get(key);
  if (!steps) {
    if (penSteps.size >= PEN_STEPS_LIMIT) penSteps = new Map();
    steps = new Map();
    penSteps.set(key, steps);
  }
  let next = steps.get(params);
  if (next === undefined) {
    const pen = Pen.fromKey(key);
    next = pen.apply(params) ? pen.key : null;
    if (steps.size < PEN_STEPS_LIMIT) steps.set(params, next);
  }
  return next ?? undefined;
}

function readCells(line: string): Cells | undefined {
  if (UNTRACKED.test(line)) return undefined;
  // Sized for one cell per UTF-16 unit (a wide character's second cell grows it), and cut to the cells read.
  const cells: Cells = { text: new Array<string>(line.length), style: new Array<string>(line.length) };
  let col = 0;
  let pen: string | undefined = '';
  let at = 0;
  while (at < line.length) {
    const esc = line.indexOf('\x1b[', at);
    const end = esc < 0 ? line.length : esc;
    if (end > at) col = putText(cells, col, line.slice(at, end), pen);
    if (col < 0) return undefined;
    if (esc < 0) break;
    const close = line.indexOf('m', esc + 2);
    if (close < 0) return undefined;
    pen = penStep(pen, line.slice(esc + 2, close));
    if (pen === undefined) return undefined;
    at = close + 1;
  }
  cells.text.length = col;
  cells.style.length = col;
  return cells;
}

/**
 * The cells a terminal `columns` wide shows: a wide character that starts in the last column does not fit there,
 * and the whole-row write (clipped to whole characters) leaves that column blank, so the patch does too.
 */
function clipCells(cells: Cells | undefined, columns: number): Cells | undefined {
  if (!cells || !(columns < cells.text.length) || cells.text[columns] !== '') return cells;
  return { text: [...cells.text.slice(0, columns - 1), ' '], style: [...cells.style.slice(0, columns - 1), ''] };
}

/** Columns up to the last one that is not a blank, unstyled cell. */
function drawnLength(cells: Cells): number {
  let length = cells.text.length;
  while (length > 0 && cells.text[length - 1] === ' ' && cells.style[length - 1] === '') length--;
  return length;
}

/** Cursor to a 0-based row and column. */
function moveTo(row: number, col: number): string {
  return `\x1b[${row + 1};${col + 1}H`;
}

function switchStyle(from: string, to: string): string {
  if (to === '') return RESET_STYLE;
  return from === '' ? `\x1b[${to}m` : `\x1b[0;${to}m`;
}

/**
 * The bytes that turn row `row` from `old` into `next` by writing only the changed cells, or undefined when
 * the row is better rewritten whole (or holds escapes whose effect is not tracked). `old` is what the row shows
 * now ('' for a blank row); `columns` is the terminal's width. Assumes the terminal pen is unstyled before the
 * write and leaves it unstyled after.
 */
export function encodeRowChange(row: number, old: string, next: string, wholeCost: number, columns = Number.POSITIVE_INFINITY): string | undefined {
  if (old === next) return undefined;
  const a = clipCells(cellsOf(old), columns);
  const b = clipCells(cellsOf(next), columns);
  if (!a || !b) return undefined;
  // Cells past the terminal's last column are not on screen (the terminal clips them), and a cursor sent there
  // stops at the last column: an erase from there would wipe what is drawn in it.
  const width = Math.min(columns, Math.max(a.text.length, b.text.length));
  const textA = (i: number): string => a.text[i] ?? ' ';
  const textB = (i: number): string => b.text[i] ?? ' ';
  const differs = (i: number): boolean => textA(i) !== textB(i) || (a.style[i] ?? '') !== (b.style[i] ?? '');
  // Past `content` the new row is blank and unstyled: an erase to the line's end draws it.
  const content = Math.min(width, drawnLength(b));
  // Erasing to the line's end pays only when the old row has drawn cells past the new row's.
  const eraseTail = Math.min(width, drawnLength(a)) > content;

  let out = '';
  let pen = '';
  let i = 0;
  while (i < width) {
    if (!differs(i)) {
      i++;
      continue;
    }
    const start = i;
    let end = i + 1;
    // Extend over changed cells and short unchanged gaps.
    for (let j = end; j < width && j - end <= MAX_GAP; j++) if (differs(j)) end = j + 1;
    // A wide character's two cells share text and style, so a run never starts or ends inside one.
    out += moveTo(row, start);
    const erase = eraseTail && end >= width;
    const last = erase ? Math.max(start, content) : end;
    for (let col = start; col < last; col++) {
      const text = b.text[col] ?? ' ';
      if (text === '') continue;
      const style = b.style[col] ?? '';
      if (text === ' ' && style === '') {
        // A long stretch of blank cells: erased in place (ECH) and stepped over (CUF) rather than written.
        let blank = col + 1;
        while (blank < last && (b.text[blank] ?? ' ') === ' ' && (b.style[blank] ?? '') === '') blank++;
        if (blank - col >= MIN_ERASE) {
          if (pen !== '') out += RESET_STYLE;
          pen = '';
          out += `\x1b[${blank - col}X`;
          if (blank < last) out += `\x1b[${blank - col}C`;
          col = blank - 1;
          continue;
        }
      }
      if (style !== pen) {
        out += switchStyle(pen, style);
        pen = style;
      }
      out += text;
    }
    if (erase) {
      if (pen !== '') out += RESET_STYLE;
      pen = '';
      out += ERASE_LINE_END;
    }
    if (out.length >= wholeCost) return undefined;
    i = end;
  }
  if (pen !== '') out += RESET_STYLE;
  return out.length < wholeCost ? out : undefined;
}
