// Terminal control sequences the full-screen writer speaks, named so the diffing code reads as intent.

const ESC = '\x1b[';

/** Begin/end synchronized output: the terminal shows the frame only once it is complete. */
export const SYNC_BEGIN = `${ESC}?2026h`;
export const SYNC_END = `${ESC}?2026l`;

export const ALT_SCREEN_ENTER = `${ESC}?1049h`;
export const ALT_SCREEN_LEAVE = `${ESC}?1049l`;
/** Bracketed paste on/off: the terminal wraps pasted text in ESC[200~ … ESC[201~, so a paste is never read as keys. */
export const BRACKETED_PASTE_ON = `${ESC}?2004h`;
export const BRACKETED_PASTE_OFF = `${ESC}?2004l`;
/** Mouse button and wheel reports (1000) in the SGR encoding (1006), which has no column limit. */
export const MOUSE_REPORTS_ON = `${ESC}?1000h${ESC}?1006h`;
export const MOUSE_REPORTS_OFF = `${ESC}?1006l${ESC}?1000l`;
/** Focus reports: the terminal sends ESC[I on gaining focus and ESC[O on losing it (tmux needs `focus-events on`). */
export const FOCUS_REPORTS_ON = `${ESC}?1004h`;
export const FOCUS_REPORTS_OFF = `${ESC}?1004l`;
export const CURSOR_HIDE = `${ESC}?25l`;
export const CURSOR_SHOW = `${ESC}?25h`;
/** Autowrap off: a line wider than the terminal is clipped instead of spilling onto the next row. */
export const AUTOWRAP_OFF = `${ESC}?7l`;
export const AUTOWRAP_ON = `${ESC}?7h`;
export const CLEAR_SCREEN = `${ESC}2J`;
export const ERASE_LINE_END = `${ESC}K`;
export const RESET_STYLE = `${ESC}m`;
/** Resetting the scroll region also homes the cursor. */
export const RESET_SCROLL_REGION = `${ESC}r`;

/** Cursor to a 0-based row, first column. */
export function moveToRow(row: number): string {
  return `${ESC}${row + 1};1H`;
}

/** Cursor to a 0-based column of the current row (CHA). */
export function moveToColumn(column: number): string {
  return `${ESC}${column + 1}G`;
}

/** Scroll region over 0-based rows top..bottom inclusive. */
export function setScrollRegion(top: number, bottom: number): string {
  return `${ESC}${top + 1};${bottom + 1}r`;
}

/** Scroll the current region: positive moves content up (SU), negative moves it down (SD). */
export function scrollBy(lines: number): string {
  return lines > 0 ? `${ESC}${lines}S` : `${ESC}${-lines}T`;
}
