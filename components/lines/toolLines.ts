// One tool call as terminal lines: a status line, then its progress, output, diff or todo list, collapsed unless expanded.
import { collapsedRows, type ToolItem } from '../../source/store/state.js';
import { formatDuration, formatElapsed } from '../../source/store/format.js';
import type { TodoItem } from '../../source/tools/types.js';
import { diffStats, diffToLines } from './diffLines.js';
import { paint, sanitize, trimTrailingBlank, wrapText } from './style.js';
import { taskToLines } from './taskLines.js';

const progressRows = 3;
const branch = '  ⎿ ';
const indent = '    ';

/** `now` is the clock a running call's elapsed time is shown by (0: not shown; it shows from the first second). */
export function toolHeadLine(item: ToolItem, spinner: string, now = 0): string {
  const args = item.summary ? `(${sanitize(item.summary).replace(/\n/g, ' ')})` : '';
  const name = `${paint('bold', item.name)}${args}`;
  const took = item.durationMs === undefined ? '' : paint('dim', ` · ${formatDuration(item.durationMs)}`);
  switch (item.status) {
    case 'pending':
      return `${paint('cyan', spinner)} ${name}`;
    case 'running': {
      const elapsed = now > 0 && item.startedAt !== undefined ? now - item.startedAt : 0;
      return `${paint('cyan', spinner)} ${name}${elapsed >= 1000 ? paint('dim', ` · ${formatElapsed(elapsed)}`) : ''}`;
    }
    case 'done':
      return `${paint('green', '✓')} ${name}${took}`;
    case 'error':
      return `${paint('red', '✗')} ${name}${took}`;
    case 'noted':
      return `${paint('yellow', '·')} ${name}${took}`;
    case 'denied':
      return `${paint('yellow', '✗')} ${name}${paint('yellow', ' denied')}`;
    case 'interrupted':
      return `${paint('yellow', '■')} ${name}${paint('yellow', ' interrupted')}`;
  }
}

function todoLine(todo: TodoItem): string {
  if (todo.status === 'completed') return paint('dim', `✓ ${todo.content}`);
  if (todo.status === 'in_progress') return `◐ ${todo.activeForm || todo.content}`;
  return `○ ${todo.content}`;
}

/** Puts the ⎿ branch before the first row and indents the rest; long bodies are cut with a hint. */
function body(rows: string[], limit: number | undefined): string[] {
  const shown = limit !== undefined && rows.length > limit + 1 ? rows.slice(0, limit) : rows;
  const out = shown.map((row, i) => (i === 0 ? branch : indent) + row);
  if (shown.length < rows.length) out.push(indent + paint('dim', `… +${rows.length - shown.length} lines (Ctrl+O to expand)`));
  return out;
}

export function toolBodyLines(item: ToolItem, width: number): string[] {
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
      return body(wrapText(text, inner).map((row) => paint(style, row)), limit(collapsedRows.text));
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

/** `now` is the clock for a running subagent's elapsed time (0: not shown). */
export function toolToLines(item: ToolItem, width: number, spinner: string, now = 0): string[] {
  if (item.subagent && item.status !== 'denied') return taskToLines(item, item.subagent, width, spinner, now);
  return [toolHeadLine(item, spinner, now), ...toolBodyLines(item, width)];
}
