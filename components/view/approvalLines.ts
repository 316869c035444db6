// The approval dialog's rows: what the call will do, and how the dialog fits a small screen (chrome dropped first,
// then the body scrolls with PgUp/PgDn; the command is wrapped, never cut).
import cliTruncate from './cellTruncate.js';
import type { PendingApproval } from '../../source/store/state.js';
import stringWidth from './cellWidth.js';
import { diffToLines } from './diffLines.js';
import { paint, sanitize, wrapText } from './style.js';
import { homeShown } from '../../source/util/shownPath.js';

/** One line, cut at its start when too wide (a directory's end says most). */
const cutStart = (text: string, width: number): string => (stringWidth(text) > width ? cliTruncate(text, width, { position: 'start' }) : text);

/**
 * A diff with what a small dialog has no room for left out: the file headers (the title names the file) and all
 * but one line of unchanged context on each side of a change, so the changed lines come first.
 */
export function changesFirst(diff: string): string {
  const lines = diff.replace(/\n$/, '').split('\n').filter((line) => !/^(Index: |={10,}|--- |\+\+\+ |diff |index )/.test(line));
  const changed = (line: string | undefined): boolean => line !== undefined && (line.startsWith('+') || line.startsWith('-'));
  return lines.filter((line, i) => line.startsWith('@@') || line.startsWith('\\') || changed(line) || changed(lines[i - 1]) || changed(lines[i + 1])).join('\n');
}

/** What the call will do: the command and directory for bash, the diff for edits, else the arguments. */
export function approvalBody(approval: PendingApproval, width: number, compact = false): string[] {
  if (approval.diff) return [...wrapText(paint('bold', sanitize(approval.summary)), width), ...diffToLines(compact ? changesFirst(approval.diff) : approval.diff, width)];
  const command = approval.input.command;
  if (approval.name === 'bash' || typeof command === 'string') {
    const text = typeof command === 'string' ? command : approval.summary;
    const background = approval.input.run_in_background === true ? [paint('yellow', cutStart('runs in the background', width))] : [];
    return [...wrapText(`$ ${sanitize(text)}`, width), ...background, paint('dim', cutStart(`in ${homeShown(approval.cwd)}`, width))];
  }
  return wrapText(sanitize(JSON.stringify(approval.input, null, 2)), width);
}

export interface ApprovalLayout {
  /** A round border with padding; dropped when the screen is too small for it. */
  border: boolean;
  /** The "Always adds" row; dropped first. */
  always: boolean;
  /** Columns of the body. */
  inner: number;
  body: string[];
  /** Body rows shown at once. */
  room: number;
  /** Most the body can scroll. */
  maxScroll: number;
  height: number;
}

/** Fits the dialog into `maxHeight` rows: the whole chrome when there is room, less of it on small screens. */
export function approvalLayout(approval: PendingApproval, width: number, maxHeight: number): ApprovalLayout {
  const fits = (border: boolean, always: boolean, compact = false): ApprovalLayout => {
    const inner = Math.max(1, border ? width - 4 : width);
    const body = approvalBody(approval, inner, compact);
    const chrome = (border ? 2 : 0) + 2 + (always ? 1 : 0);
    const room = Math.max(1, Math.min(body.length, maxHeight - chrome));
    return { border, always, inner, body, room, maxScroll: Math.max(0, body.length - room), height: Math.min(Math.max(1, maxHeight), chrome + room) };
  };
  const full = fits(true, true);
  if (full.maxScroll === 0) return full;
  // A diff that does not fit shows its changed lines first: headers and far context give way.
  const compact = approval.diff !== undefined;
  const fitted = compact ? fits(true, true, true) : full;
  if (fitted.maxScroll === 0) return fitted;
  // A long diff or argument list scrolls inside the whole dialog when the screen has room for the chrome and a few lines.
  if (maxHeight >= 10) return fitted;
  const noAlways = fits(true, false, compact);
  if (noAlways.maxScroll === 0) return noAlways;
  return fits(false, false, compact);
}

/** The body rows in view: `scroll` rows down, with a note where more is above or below. */
export function approvalBodyRows(layout: ApprovalLayout, scroll: number): string[] {
  const { body, room, maxScroll } = layout;
  if (maxScroll === 0) return body;
  const first = Math.max(0, Math.min(scroll, maxScroll));
  const shown = body.slice(first, first + room);
  const below = body.length - first - room;
  // With room to spare the last row says what is left; in a small dialog the title does, and every row is body.
  if (room >= 4 && below > 0) shown[room - 1] = paint('dim', cutStart(`… ${below + 1} more lines (PgDn)`, layout.inner));
  return shown;
}

/** The title's note on scrolling: which way there is more. */
export function approvalScrollHint(layout: ApprovalLayout, scroll: number): string {
  if (layout.maxScroll === 0) return '';
  return Math.min(scroll, layout.maxScroll) < layout.maxScroll ? ' · PgDn' : ' · PgUp';
}

/** Choice labels and key hints from the fullest to the shortest; the dialog shows the first that fits its width. */
const choiceRows: ReadonlyArray<{ labels: readonly string[]; hint: string }> = [
  { labels: ['Yes', 'No', 'Always (session)', 'Always (project)'], hint: '  y / n / a / p · ←→ Enter · Esc no' },
  { labels: ['Yes', 'No', 'Always (session)', 'Always (project)'], hint: '  y/n/a/p · Esc no' },
  { labels: ['Yes', 'No', 'Always: session', 'project'], hint: '  y/n/a/p' },
  { labels: ['Yes', 'No', 'Session', 'Project'], hint: '  y/n/a/p' },
  { labels: ['Yes', 'No', 'Session', 'Project'], hint: '' },
  { labels: ['Yes', 'No', 'a', 'p'], hint: '' },
  { labels: ['y', 'n', 'a', 'p'], hint: '' },
];

/** The choice row for `inner` columns: labels (one per choice, in order) and the key hint after them. */
export function approvalChoiceRow(inner: number): { labels: readonly string[]; hint: string } {
  const width = (row: { labels: readonly string[]; hint: string }): number => row.labels.reduce((n, l) => n + stringWidth(l) + 2, 0) + stringWidth(row.hint);
  return choiceRows.find((row) => width(row) <= inner) ?? choiceRows[choiceRows.length - 1];
}

/**
 * "Always adds: …" in `inner` columns: every rule when they fit; else as many whole rules as fit and how many more;
 * a single rule too long for the row is cut where a word or path part ends, never inside one.
 */
/** `lead` names what choosing "Always" does: adds a rule, or saves it and trusts the project. */
export function alwaysRow(rules: readonly string[], inner: number, lead = 'Always adds: '): string {
  const clean = rules.map((rule) => sanitize(rule).replace(/\s+/g, ' '));
  const all = lead + clean.join(', ');
  if (stringWidth(all) <= inner) return all;
  for (let n = clean.length - 1; n >= 1; n--) {
    const row = `${lead}${clean.slice(0, n).join(', ')} +${clean.length - n} more`;
    if (stringWidth(row) <= inner) return row;
  }
  const more = clean.length > 1 ? ` +${clean.length - 1} more` : '';
  const room = inner - stringWidth(lead) - stringWidth(more) - 1;
  const first = clean[0] ?? '';
  // The longest start of the rule that ends at a word or path boundary and fits.
  let cut = 0;
  for (const match of first.matchAll(/[\s/:,(]/g)) if (match.index !== undefined && stringWidth(first.slice(0, match.index + 1)) <= room) cut = match.index + 1;
  if (cut === 0) return cutStart(`${lead}${first}`, inner);
  return `${lead}${first.slice(0, cut).trimEnd()}…${more}`;
}
