// One tool call as terminal lines: a status line, then its progress, output, diff or todo list, collapsed unless expanded.
import { collapsedRows, type ToolItem } from '../../source/store/state.js';
import type { TodoItem } from '../../source/protocol/tools.js';
import { diffLineRows, diffStats } from './diffLines.js';
import { paint, sanitize, trimTrailingBlank, wrapText } from './style.js';
import { taskToLines } from './taskLines.js';
import { toolHeadLine } from './toolHead.js';
import { formatInt } from '../../source/util/format.js';

export { toolHeadLine } from './toolHead.js';

const progressRows = 3;
const branch = '  ⎿ ';
const indent = '    ';

function todoLine(todo: TodoItem): string {
  if (todo.status === 'completed') return paint('dim', `✓ ${todo.content}`);
  if (todo.status === 'in_progress') return `◐ ${todo.activeForm || todo.content}`;
  return `○ ${todo.content}`;
}

/** What the runner left out of a long output, read from its marker line: lines cut and where the whole is saved. */
export interface OutputCut {
  lines: number;
  savedAt?: string;
}

const cutMarker = /^\[\u2026 ([\d,]+) lines cut \u2026 (?:the full output is saved at (.+?); read it)?[^\n]*\]$/m;

export function outputCut(text: string): OutputCut | undefined {
  const match = cutMarker.exec(text);
  if (!match) return undefined;
  return { lines: Number(match[1].replace(/,/g, '')), ...(match[2] ? { savedAt: match[2] } : {}) };
}

/**
 * Puts the ⎿ branch before the first row and indents the rest; long bodies are cut with a hint that states the
 * real size in lines, not screen rows (so it reads the same at every width): the lines whose first row is held
 * back here, plus the lines the runner already cut (and where it saved them). `lines` groups the rows by the
 * source line they wrap; `markerLine` is the runner's cut marker, which is not itself a line of output.
 */
function body(lines: string[][], limit: number | undefined, cut?: OutputCut & { markerLine: number }, width = Number.POSITIVE_INFINITY): string[] {
  const rows = lines.flat();
  const shown = limit !== undefined && rows.length > limit + 1 ? limit : rows.length;
  const out = rows.slice(0, shown).map((row, i) => (i === 0 ? branch : indent) + row);
  if (shown === rows.length) return out;
  let hidden = 0;
  let first = 0;
  lines.forEach((line, i) => {
    if (first >= shown && i !== cut?.markerLine) hidden++;
    first += line.length;
  });
  if (cut) {
    const saved = cut.savedAt ? `; all of it is in ${cut.savedAt}` : '';
    // Wrapped, so the saved file's path is never cut off on a narrow screen.
    const hint = `… +${formatInt(hidden + cut.lines)} lines: Ctrl+O shows ${formatInt(hidden)} of them, ${formatInt(cut.lines)} were cut${saved}`;
    for (const row of wrapText(hint, Math.max(1, width - indent.length))) out.push(indent + paint('dim', row));
  } else if (hidden > 0) out.push(indent + paint('dim', `… +${formatInt(hidden)} lines (Ctrl+O to expand)`));
  // Only the rest of a line that wraps is held back.
  else out.push(indent + paint('dim', '… (Ctrl+O to expand)'));
  return out;
}

/** Rows that each count as a line: the last rows of progress, a denial, a note. */
const ownLines = (rows: string[]): string[][] => rows.map((row) => [row]);

/** The runner's cut marker as a line index, with what it says was cut. */
function markedCut(lines: string[]): (OutputCut & { markerLine: number }) | undefined {
  for (const [markerLine, line] of lines.entries()) {
    const cut = line.startsWith('[… ') ? outputCut(line) : undefined;
    if (cut) return { ...cut, markerLine };
  }
  return undefined;
}

function toolBodyLines(item: ToolItem, width: number): string[] {
  const inner = Math.max(1, width - indent.length);
  if (!item.done) {
    const rows = item.progress.flatMap((line) => wrapText(sanitize(line), inner)).slice(-progressRows);
    return body(ownLines(rows.map((row) => paint('dim', row))), undefined);
  }
  if (item.status === 'denied') {
    return body(ownLines(wrapText(item.denialReason ? `Denied: ${sanitize(item.denialReason)}` : 'Denied.', inner).map((row) => paint('yellow', row))), undefined);
  }
  const display = item.display;
  if (!display || display.kind === 'none') return [];
  const limit = (rows: number): number | undefined => (item.expanded ? undefined : rows);
  switch (display.kind) {
    case 'text': {
      const lines = trimTrailingBlank(sanitize(display.text).split('\n'));
      if (lines.length === 0) return [];
      const style = item.status === 'error' ? 'red' : 'dim';
      const rows = lines.map((line) => wrapText(line, inner).map((row) => paint(style, row)));
      return body(rows, limit(collapsedRows.text), markedCut(lines), width);
    }
    case 'diff': {
      const stats = diffStats(display.diff);
      const head = `${display.created ? 'Created' : 'Updated'} ${display.path} ${paint('green', `+${stats.added}`)} ${paint('red', `-${stats.removed}`)}`;
      return body([[head], ...diffLineRows(display.diff, inner)], limit(collapsedRows.diff));
    }
    case 'todos':
      return body(display.todos.map((todo) => wrapText(todoLine(todo), inner)), undefined);
    case 'note':
      return body(ownLines(wrapText(sanitize(display.text), inner).map((row) => paint('dim', row))), undefined);
  }
}

/** The rule an "Always" added, right under the call's line: it belongs with the decision, before the output. */
function withRuleNote(item: ToolItem, rows: string[], width: number): string[] {
  if (!item.ruleNote) return rows;
  const note = wrapText(`· ${sanitize(item.ruleNote)}`, Math.max(1, width - indent.length)).map((row) => paint('dim', row));
  const rest = rows.map((row, i) => (i === 0 && row.startsWith(branch) ? indent + row.slice(branch.length) : row));
  return [...note.map((row, i) => (i === 0 ? branch : indent) + row), ...rest];
}

/** `now` is the clock for a running subagent's elapsed time (0: not shown). */
export function toolToLines(item: ToolItem, width: number, spinner: string, now = 0): string[] {
  if (item.subagent && item.status !== 'denied') return taskToLines(item, item.subagent, width, spinner, now);
  return [toolHeadLine(item, spinner, now), ...withRuleNote(item, toolBodyLines(item, width), width)];
}
