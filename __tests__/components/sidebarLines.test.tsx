// Sidebar rows drawn outside Ink must read exactly as Ink draws the sidebar, and give way to Ink where they cannot.
import React from 'react';
import { stripVTControlCharacters as strip } from 'node:util';
import { Box, renderToString } from 'ink';
import { describe, expect, it } from 'vitest';
import { BackgroundSidebar } from '../support/inkWidgets/BackgroundSidebar.js';
import { TodoPanel } from '../support/inkWidgets/TodoPanel.js';
import { sidebarRows, type SidebarInput } from '../../components/view/sidebarLines.js';
import type { BackgroundTaskInfo } from '../../source/protocol/events.js';
import type { TodoItem } from '../../source/protocol/tools.js';
import type { RunningSubagent } from '../../source/store/subagents.js';

const todos: TodoItem[] = [
  { content: 'Read the code with a long description that wraps around the sidebar', status: 'completed', activeForm: 'Reading' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Write tests', status: 'pending', activeForm: 'Writing tests' },
];
const tasks: BackgroundTaskInfo[] = [
  { taskId: 'b1', command: 'npm run dev --with-a-very-long-flag-name', status: 'running', startedAt: 1_000, lastLine: 'listening on 3000' },
  { taskId: 'b2', command: 'ls', status: 'failed', exitCode: 2, startedAt: 1_000, endedAt: 5_000, lastLine: '' },
];

const subagents: RunningSubagent[] = [
  { toolCallId: 'c1', agentType: 'explore', description: 'find where the config is read', background: false, turns: 3, startedAt: 54_000, step: 'read_file(source/config/load.ts)' },
  { toolCallId: 'c2', agentType: 'verification', description: 'run tests', background: true, turns: 1, step: 'starting' },
];

/** The sidebar as App lays it out through Ink. */
function viaInk({ todos, tasks, selectedId, now, width, height, spinner, subagents }: SidebarInput): string[] {
  const text = renderToString(
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} borderDimColor paddingLeft={1}>
      <TodoPanel todos={todos} width={width - 2} spinner={spinner} />
      <Box marginTop={1}>
        <BackgroundSidebar tasks={tasks} subagents={subagents} selectedId={selectedId} now={now} width={width - 2} />
      </Box>
    </Box>,
    { columns: width },
  );
  return text.split('\n').map((row) => strip(row).trimEnd());
}

const plain = (rows: readonly string[] | undefined): string[] => (rows ?? []).map((row) => strip(row).trimEnd());

describe('sidebarRows', () => {
  it.each([
    { name: 'empty', todos: [], tasks: [], width: 33 },
    { name: 'todos and tasks', todos, tasks, width: 33 },
    { name: 'narrow, one selected', todos, tasks, width: 22, selectedId: 'b2' },
    { name: 'a spinner beside the todo in progress', todos, tasks, width: 33, spinner: '⠹' },
    { name: 'running subagents above the tasks', todos, tasks, width: 33, subagents, height: 30 },
    { name: 'running subagents, narrow', todos: [], tasks: [], width: 22, subagents },
    { name: 'a spinner that wraps', todos: [{ content: 'x', status: 'in_progress' as const, activeForm: 'Fixing the bug ok' }], tasks, width: 22, spinner: '⠹' },
  ])('reads like the Ink sidebar: $name', ({ todos, tasks, width, selectedId, spinner, subagents, height = 20 }) => {
    const input: SidebarInput = { todos, tasks, selectedId, now: 66_000, width, height, spinner, subagents };
    const rows = sidebarRows(input);
    expect(rows).toHaveLength(height);
    expect(plain(rows)).toEqual(viaInk(input));
  });

  it('starts every row with the border and puts the sections where Ink does', () => {
    const rows = sidebarRows({ todos, tasks, now: 66_000, width: 33, height: 20 }) ?? [];
    expect(rows.every((row) => strip(row).startsWith('│'))).toBe(true);
    expect(plain(rows).slice(0, 2)).toEqual(['│ Todos 1/3', '│ ✓ Read the code with a long']);
    expect(plain(rows)[7]).toBe('│ Background (2) Ctrl+T');
  });

  it('draws the spinner frame it is given beside the todo in progress', () => {
    const rows = plain(sidebarRows({ todos, tasks, now: 66_000, width: 33, height: 20, spinner: '⠼' }));
    expect(rows).toContain('│ ◐ Fixing the bug ⠼');
    expect(plain(sidebarRows({ todos, tasks, now: 66_000, width: 33, height: 20 }))).toContain('│ ◐ Fixing the bug');
  });

  it('lists each running subagent with its elapsed time, turns and current step', () => {
    const rows = plain(sidebarRows({ todos: [], tasks: [], subagents, now: 66_000, width: 40, height: 20 }));
    expect(rows.slice(3, 10)).toEqual([
      '│ Subagents (2)',
      '│ ● explore · find where the config is …',
      '│   running · 12s · 3 turns',
      '│   read_file(source/config/load.ts)',
      '│ ● verification · run tests',
      '│   background · 1 turn',
      '│   starting',
    ]);
  });

  it('gives way to Ink when the content is taller than the sidebar', () => {
    expect(sidebarRows({ todos, tasks, now: 66_000, width: 33, height: 8 })).toBeUndefined();
  });
});
