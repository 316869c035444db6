// Styling and wrapping of plain strings into terminal lines, the building blocks of the pre-rendered transcript.
import { styleText, stripVTControlCharacters } from 'node:util';
import wrapAnsi from 'wrap-ansi';
import { isPlainAscii, wrapPlainAscii } from './plainWrap.js';
import cellWidth from './cellWidth.js';

export type Style = Parameters<typeof styleText>[0];

type Format = Exclude<Style, readonly unknown[]>;

// styleText decides on colour at every call, reading a score of environment variables,
// and a frame paints dozens of times. Its codes for each format are kept, and asked again whenever one of the
// variables users set to turn colour on or off changes. Reading process.env is itself costly (a frame paints
// hundreds of spans), so the variables are read once per synchronous run of code (a microtask clears the mark):
// a change shows from the next run on.
let codesKey: string | undefined;
let codes = new Map<Format, readonly [string, string] | null>();
let envRead = false;
const forgetEnvRead = (): void => {
  envRead = false;
};

function codesOf(format: Format): readonly [string, string] | null {
  if (!envRead) {
    envRead = true;
    queueMicrotask(forgetEnvRead);
    const env = process.env;
    const key = `${env.FORCE_COLOR}\0${env.NO_COLOR}\0${env.NODE_DISABLE_COLORS}\0${env.TERM}`;
    if (key !== codesKey) {
      codesKey = key;
      codes = new Map();
    }
  }
  let pair = codes.get(format);
  if (pair === undefined) {
    const styled = styleText(format, '\0');
    const cut = styled.indexOf('\0');
    pair = styled === '\0' ? null : [styled.slice(0, cut), styled.slice(cut + 1)];
    codes.set(format, pair);
  }
  return pair;
}

/** ANSI-styles text; colour is dropped where the terminal (or NO_COLOR/FORCE_COLOR=0) says so. */
export function paint(style: Style, text: string): string {
  if (text === '') return '';
  // One format at a time, innermost last, as styleText would nest them.
  const formats = Array.isArray(style) ? style : [style];
  let styled = text;
  for (let i = formats.length - 1; i >= 0; i--) {
    const pair = codesOf(formats[i]);
    if (pair) styled = pair[0] + styled + pair[1];
  }
  return styled;
}

// Half a surrogate pair (text cut in the middle of an emoji): terminals draw it differently, some as two cells.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with every half of a surrogate pair that lost its other half replaced by U+FFFD, as a decoder would. */
export const wellFormed = (text: string): string => text.replace(loneSurrogate, '\ufffd');

/** Removes escape sequences and control characters that would move the cursor or corrupt the frame; tabs become spaces. */
export function sanitize(text: string): string {
  return wellFormed(expandTabs(stripVTControlCharacters(text).replace(/\r\n?/g, '\n')).replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, ''));
}

/**
 * Tabs as the spaces a terminal would skip: to the next multiple of `stop` columns, counted in cells from each
 * line's start. A tab left in a row moves the cursor past cells the layout never measured (into the sidebar).
 */
export function expandTabs(text: string, stop = 8): string {
  if (!text.includes('\t')) return text;
  return text
    .split('\n')
    .map((line) => {
      if (!line.includes('\t')) return line;
      const parts = line.split('\t');
      let out = parts[0];
      let column = cellWidth(parts[0]);
      for (let i = 1; i < parts.length; i++) {
        const pad = stop - (column % stop);
        out += ' '.repeat(pad) + parts[i];
        column += pad + cellWidth(parts[i]);
      }
      return out;
    })
    .join('\n');
}

/** Wraps (possibly ANSI-styled) text to `width` columns, hard-breaking long words, keeping indentation. */
export function wrapText(text: string, width: number): string[] {
  const columns = Math.max(1, width);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    for (const row of wrapLine(line, columns)) out.push(row);
  }
  return out;
}

const leadingBreakSpace = /^((?:\x1b\[[0-9;]*m)*) /;

// The streaming tail is laid out again on every frame, so the same source lines are wrapped over and over.
const WRAP_CACHE_LIMIT = 4096;
let wrapped = new Map<string, readonly string[]>();

function wrapLine(line: string, columns: number): readonly string[] {
  const key = `${columns}\0${line}`;
  let rows = wrapped.get(key);
  if (rows) return rows;
  // Without trimming, the space a row was broken at starts the next row: drop it.
  rows = (isPlainAscii(line) ? wrapPlainAscii(line, columns) : wrapAnsi(line, columns, { hard: true, trim: false }).split('\n')).map((row, i) =>
    i === 0 ? row : row.replace(leadingBreakSpace, '$1'),
  );
  if (wrapped.size >= WRAP_CACHE_LIMIT) wrapped = new Map();
  wrapped.set(key, rows);
  return rows;
}

// Where a line's text column starts: after a two-space gap (a table row) or a "label: " lead, past the indent.
const textColumnRe = /^(\s*)(?:\S.*?(?: {2,}|: (?=\S)))?/;
/** Narrower than this, a hanging text column would be a thin strip: wrapped rows fall back to the line's indent. */
const MIN_HANGING_WIDTH = 20;

/**
 * Wraps plain text so each source line's wrapped rows start under its text column: a description after
 * `name  `, an explanation after `keys: `, or else the line's own indentation.
 */
export function wrapHanging(text: string, width: number): string[] {
  const columns = Math.max(1, width);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const match = textColumnRe.exec(line);
    const indent = match?.[1].length ?? 0;
    let hang = match?.[0].length ?? 0;
    if (columns - hang < MIN_HANGING_WIDTH) hang = indent;
    if (hang === 0 || line.length <= columns || columns - hang < 1) {
      out.push(...wrapLine(line, columns));
      continue;
    }
    const rows = wrapLine(line.slice(hang), columns - hang);
    const pad = ' '.repeat(hang);
    out.push(line.slice(0, hang) + rows[0], ...rows.slice(1).map((row) => pad + row));
  }
  return out;
}

/** Wraps each source line, prefixing the first wrapped row with `first` and the rest with `rest` (same width). */
export function wrapWithPrefix(text: string, width: number, first: string, rest: string, style?: Style): string[] {
  const inner = Math.max(1, width - rest.length);
  const out: string[] = [];
  for (const row of wrapText(text, inner)) {
    out.push((out.length === 0 ? first : rest) + (style ? paint(style, row) : row));
  }
  return out;
}

/** Drops trailing empty lines (markdown renderers end blocks with blank lines). */
export function trimTrailingBlank(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && stripVTControlCharacters(lines[end - 1]).trim() === '') end--;
  return end === lines.length ? lines : lines.slice(0, end);
}
