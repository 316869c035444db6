// One tool call as terminal lines: a status line, then its progress, output, diff or todo list, collapsed unless expanded.
import { collapsedRows, type ToolItem } from '../../source/store/state.js';
import type { TodoItem } from '../../source/protocol/tools.js';
import { diffStats, diffToLines } from './diffLines.js';
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

const cutMarker = /^\[… ([\d,]+) lines cut … (?:the full output is saved at (.+?); read it)?[^\n]*\]$/m;

export function outputCut(text: string): OutputCut | undefined {
  const match = cutMarker.exec(text);
  if (!match) return undefined;
  return { lines: Number(match[1].replace(/,/g, '')), ...(match[2] ? { savedAt: match[2] } : {}) };
}

/**
 * Puts the ⎿ branch before the first row and indents the rest; long bodies are cut with a hint that states the
 * real size: the rows held back here, plus the lines the runner already cut (and where it saved them).
 */
function body(rows: string[], limit: number | undefined, cut?: OutputCut, width = Number.POSITIVE_INFINITY): string[] {
  const shown = limit !== undefined && rows.length > limit + 1 ? rows.slice(0, limit) : rows;
  const out = shown.map((row, i) => (i === 0 ? branch : indent) + row);
  const hidden = rows.length - shown.length;
  if (hidden > 0 && cut) {
    const saved = cut.savedAt ? `; all of it is in ${cut.savedAt}` : '';
    // Wrapped, so the saved file's path is never cut off on a narrow screen.
    const hint = `… +${formatInt(hidden - 1 + cut.lines)} lines: Ctrl+O shows ${formatInt(hidden - 1)} of them, ${formatInt(cut.lines)} were cut${saved}`;
    for (const row of wrapText(hint, Math.max(1, width - indent.length))) out.push(indent + paint('dim', row));
  } else if (hidden > 0) out.push(indent + paint('dim', `… +${formatInt(hidden)} lines (Ctrl+O to expand)`));
  return out;
}

function toolBodyLines(item: ToolItem, width: number): string[] {
  const inner = Math.max(1, width - indent.length);
  if (!item.done) {
    const rows = item.progress.flatMap((line) => wrapText(sanitize(line), inner)).slice(-progressRows);
    return body(rows.map((row) => paint('dim', row)), undefined);
  }
  if (item.status === 'denied') {
    return body(wrapText(item.denialReason ? `Denied: ${sanitize(item.denialReason)}` : 'Denied.', inner).map((row) => paint('yellow', row)), undefined);
  }
  const display = item.display;
  if (!display || display.kind === 'none') return [];
  const limit = (rows: number): number | undefined => (item.expanded ? undefined : rows);
  switch (display.kind) {
    case 'text': {
      const text = trimTrailingBlank(sanitize(display.text).split('\n')).join('\n');
      if (text === '') return [];
      const style = item.status === 'error' ? 'red' : 'dim';
      return body(wrapText(text, inner).map((row) => paint(style, row)), limit(collapsedRows.text), outputCut(text), width);
    }
    case 'diff': {
      const stats = diffStats(display.diff);
      const head = `${display.created ? 'Created' : 'Updated'} ${display.path} ${paint('green', `+${stats.added}`)} ${paint('red', `-${stats.removed}`)}`;
      return body([head, ...diffToLines(display.diff, inner)], limit(collapsedRows.diff));
    }
    case 'todos':
      return body(display.todos.flatMap((todo) => wrapText(todoLine(todo), inner)), undefined);
    case 'note':
      return body(wrapText(sanitize(display.text), inner).map((row) => paint('dim', row)), undefined);
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
