// Sidebar tests: todo panel, background tasks (select, output, kill) and the status bar.
import { afterEach, describe, expect, it } from 'vitest';
import React from 'react';
import { TodoPanel } from '../support/inkWidgets/TodoPanel.js';
import { BackgroundSidebar } from '../support/inkWidgets/BackgroundSidebar.js';
import { StatusBar } from '../support/inkWidgets/StatusBar.js';
import type { BackgroundTaskInfo } from '../../source/protocol/events.js';
import type { TodoItem } from '../../source/protocol/tools.js';
import { FakeSession, ticks } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';

const todos: TodoItem[] = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Write tests', status: 'pending', activeForm: 'Writing tests' },
];

const task = (over: Partial<BackgroundTaskInfo>): BackgroundTaskInfo => ({ taskId: 'b1', command: 'npm run dev', status: 'running', startedAt: 1_000, lastLine: 'listening on 3000', ...over });

describe('TodoPanel', () => {
  it('shows counts and each state with its mark; in-progress shows its active form', async () => {
    const r = await renderSized(<TodoPanel todos={todos} width={40} />, 40, 10);
    const frame = r.lastFrame();
    expect(frame).toContain('Todos 1/3');
    expect(frame).toContain('✓ Read the code');
    expect(frame).toContain('◐ Fixing the bug');
    expect(frame).not.toContain('Fix the bug');
    expect(frame).toContain('○ Write tests');
    r.unmount();
  });

  it('shows the spinner frame it is given next to the task in progress, and none without one', async () => {
    for (const spinner of ['⠸', '⠼']) {
      const r = await renderSized(<TodoPanel todos={todos} width={40} spinner={spinner} />, 40, 10);
      expect(r.lastFrame()).toContain(`◐ Fixing the bug ${spinner}`);
      r.unmount();
    }
    const still = await renderSized(<TodoPanel todos={todos} width={40} />, 40, 10);
    expect(still.lastFrame()).not.toMatch(/Fixing the bug [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    still.unmount();
  });
});

describe('BackgroundSidebar', () => {
  it('shows command, status, elapsed time and the last line', async () => {
    const tasks = [task({}), task({ taskId: 'b2', command: 'make build', status: 'exited', exitCode: 0, endedAt: 4_000, lastLine: 'done' })];
    const r = await renderSized(<BackgroundSidebar tasks={tasks} now={66_000} width={40} selectedId="b2" />, 40, 12);
    const frame = r.lastFrame();
    expect(frame).toContain('npm run dev');
    expect(frame).toContain('b1 · running · 1m 5s');
    expect(frame).toContain('listening on 3000');
    expect(frame).toContain('b2 · exited (exit 0) · 3.0s');
    expect(frame).toContain('› make build');
    r.unmount();
  });
});

describe('StatusBar', () => {
  it('shows model, provider, mode, context, tokens, cache hits, cost, directory and branch', async () => {
    const session = { sessionId: 's', cwd: '/work/app', provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'plan' as const, contextWindow: 200_000 };
    const usage = { inputTokens: 12_345, outputTokens: 2_345, cacheReadTokens: 9_876, cacheWriteTokens: 0 };
    const r = await renderSized(
      <StatusBar session={session} usage={usage} cost={0.0412} context={{ tokens: 46_000, window: 200_000, percent: 23 }} gitBranch="feature/x" width={160} />,
      160,
      5,
    );
    const frame = r.lastFrame();
    for (const part of ['claude-sonnet-4-5', '(anthropic)', 'plan', 'ctx 23%', '↑12k ↓2.3k', 'cache 80%', '$0.', '/work/app', '(feature/x)']) {
      expect(frame).toContain(part);
    }
    r.unmount();
    const unknown = await renderSized(<StatusBar session={{ ...session, model: 'my-local-model' }} usage={{ ...usage, cacheReadTokens: 0 }} width={160} />, 160, 5);
    expect(unknown.lastFrame()).not.toContain('$');
    expect(unknown.lastFrame()).not.toContain('cache');
    expect(unknown.lastFrame()).not.toContain('ctx');
    unknown.unmount();
  });
});

describe('background tasks in the app', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('Ctrl+T selects a task and shows its output; arrows switch; x kills; Esc closes', async () => {
    const session = new FakeSession();
    session.taskList = [task({}), task({ taskId: 'b2', command: 'npm test -- --watch', lastLine: 'watching' })];
    session.outputs.set('b1', 'server starting\nlistening on 3000\n');
    session.outputs.set('b2', 'PASS all tests\n');
    h = await renderApp({ session, columns: 120, rows: 24 });
    expect(h.lastFrame()).toContain('npm run dev');
    await h.press(keys.ctrl('t'));
    expect(h.lastFrame()).toContain('PASS all tests');
    expect(h.lastFrame()).toContain('x stop it');
    await h.press(keys.up);
    expect(h.lastFrame()).toContain('server starting');
    await h.press('x');
    await ticks();
    expect(session.killed).toEqual(['b1']);
    await h.press(keys.escape);
    expect(h.lastFrame()).not.toContain('server starting');
    // Keys go back to the prompt once the panel is closed.
    await h.type('hi');
    expect(h.lastFrame()).toContain('❯ hi');
  });

  it('todo updates from the engine show in the sidebar', async () => {
    h = await renderApp({ columns: 120, rows: 24 });
    h.session.emit({ type: 'todos', runId: 'r1', todos });
    await ticks();
    expect(h.lastFrame()).toContain('Todos 1/3');
    expect(h.lastFrame()).toContain('○ Write tests');
  });
});
