// The approval dialog's rows: what the call will do, and how the dialog fits a small screen (chrome dropped first,
// then the body scrolls with PgUp/PgDn; the command is wrapped, never cut).
import cliTruncate from './cellTruncate.js';
import type { PendingApproval } from '../../source/store/state.js';
import stringWidth from './cellWidth.js';
import { diffToLines } from './diffLines.js';
import { paint, sanitize, wrapText } from './style.js';

/** One line, cut at its start when too wide (a directory's end says most). */
const cutStart = (text: string, width: number): string => (stringWidth(text) > width ? cliTruncate(text, width, { position: 'start' }) : text);

/** What the call will do: the command and directory for bash, the diff for edits, else the arguments. */
export function approvalBody(approval: PendingApproval, width: number): string[] {
  if (approval.diff) return [...wrapText(paint('bold', sanitize(approval.summary)), width), ...diffToLines(approval.diff, width)];
  const command = approval.input.command;
  if (approval.name === 'bash' || typeof command === 'string') {
    const text = typeof command === 'string' ? command : approval.summary;
    const background = approval.input.run_in_background === true ? [paint('yellow', cutStart('runs in the background', width))] : [];
    return [...wrapText(`$ ${sanitize(text)}`, width), ...background, paint('dim', cutStart(`in ${approval.cwd}`, width))];
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
  const fits = (border: boolean, always: boolean): ApprovalLayout => {
    const inner = Math.max(1, border ? width - 4 : width);
    const body = approvalBody(approval, inner);
    const chrome = (border ? 2 : 0) + 2 + (always ? 1 : 0);
    const room = Math.max(1, Math.min(body.length, maxHeight - chrome));
    return { border, always, inner, body, room, maxScroll: Math.max(0, body.length - room), height: Math.min(Math.max(1, maxHeight), chrome + room) };
  };
  const full = fits(true, true);
  if (full.maxScroll === 0) return full;
  // A long diff or argument list scrolls inside the whole dialog when the screen has room for the chrome and a few lines.
  if (maxHeight >= 10) return full;
  const noAlways = fits(true, false);
  if (noAlways.maxScroll === 0) return noAlways;
  return fits(false, false);
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
