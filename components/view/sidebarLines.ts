// The sidebar (todos, then background tasks, behind a dim left border) as ready-made rows, drawn the way Ink would draw it.
import cliTruncate from './cellTruncate.js';
import wrapAnsi from 'wrap-ansi';
import type { BackgroundStatus, BackgroundTaskInfo } from '../../source/protocol/events.js';
import type { TodoItem } from '../../source/protocol/tools.js';
import type { RunningSubagent } from '../../source/store/subagents.js';
import { subagentStatusText, subagentTitle, taskStatusText } from './backgroundStatus.js';
import { paint, type Style } from './style.js';

export interface SidebarInput {
  todos: readonly TodoItem[];
  tasks: readonly BackgroundTaskInfo[];
  selectedId?: string;
  now: number;
  /** Columns of the whole sidebar, border included. */
  width: number;
  height: number;
  /** The spinner frame beside the todo in progress, as TodoPanel draws it. */
  spinner?: string;
  /** Subagents at work, listed above the background tasks while there are any. */
  subagents?: readonly RunningSubagent[];
}

const statusStyle: Record<BackgroundStatus, Style> = { running: 'cyan', exited: 'green', failed: 'red', killed: 'yellow' };

const cut = (text: string, width: number): string => cliTruncate(text, width, { position: 'end' });
// Ink's wrap="wrap": a row broken at a space starts with that space.
const wrap = (text: string, width: number): string[] => wrapAnsi(text, width, { hard: true, trim: false }).split('\n');

function todoRows(todos: readonly TodoItem[], width: number, spinner: string | undefined): string[] {
  const done = todos.filter((t) => t.status === 'completed').length;
  const rows = [paint('bold', cut(`Todos ${done}/${todos.length}`, width))];
  if (todos.length === 0) rows.push(...wrap('none yet', width).map((r) => paint('dim', r)));
  for (const todo of todos) {
    if (todo.status === 'completed') rows.push(...wrap(`✓ ${todo.content}`, width).map((r) => paint('dim', r)));
    // Without a spinner the in-progress line keeps the space Ink leaves before it.
    else if (todo.status === 'in_progress') rows.push(...wrap(`◐ ${todo.activeForm || todo.content} ${spinner ?? ''}`, width).map((r) => paint('cyan', r)));
    else rows.push(...wrap(`○ ${todo.content}`, width));
  }
  return rows;
}

function subagentRows(subagents: readonly RunningSubagent[], now: number, width: number): string[] {
  if (subagents.length === 0) return [];
  const rows = [paint('bold', cut(`Subagents (${subagents.length})`, width))];
  for (const agent of subagents) {
    rows.push(paint('cyan', '●') + cut(` ${subagentTitle(agent)}`, Math.max(0, width - 1)));
    rows.push(paint('dim', cut(`  ${subagentStatusText(agent, now)}`, width)));
    rows.push(paint('dim', cut(`  ${agent.step}`, width)));
  }
  return [...rows, ''];
}

function taskRows(tasks: readonly BackgroundTaskInfo[], selectedId: string | undefined, now: number, width: number): string[] {
  const title = `Background ${tasks.length > 0 ? `(${tasks.length})` : ''}`;
  const rows = [tasks.length > 0 ? paint('bold', cut(title, width)) + paint(['bold', 'dim'], cut(' Ctrl+T', Math.max(0, width - title.length))) : paint('bold', cut(title, width))];
  if (tasks.length === 0) rows.push(paint('dim', cut('no tasks', width)));
  for (const task of tasks) {
    const selected = task.taskId === selectedId;
    const mark = paint(statusStyle[task.status], selected ? '›' : '●');
    const line = mark + cut(` ${task.command}`, Math.max(0, width - 1));
    rows.push(selected ? paint('inverse', line) : line);
    rows.push(paint('dim', cut(`  ${task.taskId} · ${taskStatusText(task, now)}`, width)));
    if (task.lastLine) rows.push(paint('dim', cut(`  ${task.lastLine}`, width)));
  }
  return rows;
}

/**
 * Exactly `height` rows, each starting with the border; undefined when the content does not fit, where Ink
 * shrinks rows in ways not worth copying (the caller lets Ink draw the sidebar then).
 */
export function sidebarRows({ todos, tasks, selectedId, now, width, height, spinner, subagents = [] }: SidebarInput): string[] | undefined {
  const inner = Math.max(1, width - 2);
  const content = [...todoRows(todos, inner, spinner), '', ...subagentRows(subagents, now, inner), ...taskRows(tasks, selectedId, now, inner)];
  if (content.length > height) return undefined;
  const border = paint('dim', '│');
  const rows: string[] = [];
  for (let i = 0; i < height; i++) {
    const text = content[i] ?? '';
    rows.push(text === '' ? border : `${border} ${text}`);
  }
  return rows;
}
