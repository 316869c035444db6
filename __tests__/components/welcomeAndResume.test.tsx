// The first screen of a new session (the welcome box), and a resumed session rebuilding its task blocks from the log.
import { describe, expect, it } from 'vitest';
import { stripVTControlCharacters as strip } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import { homeRelative, welcomeTips, welcomeToLines } from '../../components/view/welcomeLines.js';
import { itemToLines } from '../../components/view/transcriptLines.js';
import React from 'react';
import type { ReactElement } from 'react';
import { render } from 'ink-testing-library';
import { resumedState, startTui } from '../../components/tui.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { keyHelp } from '../../hooks/keymap.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import type { ToolItem } from '../../source/store/state.js';
import { FakeSession, runEnd, ticks } from '../support/fakeSession.js';
import { backgroundCallEnd, childStart, childTool, taskCall, taskStart } from '../support/subagentEvents.js';
import { runningSubagents } from '../../source/store/subagents.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';

const item = { kind: 'welcome' as const, id: 'welcome', done: true as const, version: '0.1.0', model: 'claude-sonnet-4-5', provider: 'anthropic', cwd: '~/code/project' };

describe('the welcome box', () => {
  it('names the version, the model and provider, the working directory and three tips, in a closed frame', () => {
    const lines = welcomeToLines(item, 100).map((l) => strip(l));
    const text = lines.join('\n');
    expect(text).toContain('rein 0.1.0');
    expect(text).toContain('model: claude-sonnet-4-5 (anthropic)');
    expect(text).toContain('cwd:   ~/code/project');
    for (const tip of welcomeTips) expect(text).toContain(tip);
    expect(welcomeTips).toHaveLength(3);
    expect(lines[0]).toMatch(/^╭─+╮$/);
    expect(lines.at(-1)).toMatch(/^╰─+╯$/);
    // Every row is as wide as the frame.
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('cuts its rows to a narrow terminal without breaking the frame', () => {
    const lines = welcomeToLines(item, 30).map((l) => strip(l));
    expect(lines.every((l) => l.length === 30)).toBe(true);
    expect(lines.every((l, i) => i === 0 || i === lines.length - 1 || (l.startsWith('│') && l.endsWith('│')))).toBe(true);
  });

  it('writes the home directory as ~', () => {
    expect(homeRelative('/home/ann/code', '/home/ann')).toBe('~/code');
    expect(homeRelative('/home/ann', '/home/ann')).toBe('~');
    expect(homeRelative('/home/anna/x', '/home/ann')).toBe('/home/anna/x');
  });

  it('gives only tips that are true: the command exists and the keys do what the tip says', () => {
    expect(slashCommands.some((c) => c.name === 'help')).toBe(true);
    const help = new Map(keyHelp);
    expect(help.get('Shift+Tab')).toMatch(/permission mode/);
    expect(help.get('Esc')).toMatch(/interrupt the running task/);
    expect(help.get('Ctrl+O / Alt+O')).toMatch(/expand/);
  });

  it('opens a new session, first in the transcript; a resumed one shows its old transcript instead', async () => {
    const fresh = await firstFrame(new FakeSession({ cwd: '/tmp/project' }));
    expect(fresh).toContain('rein 9.9.9');
    expect(fresh).toContain('model: claude-sonnet-4-5 (anthropic)');
    expect(fresh).toContain('cwd:   /tmp/project');
    expect(fresh).toContain('/help lists the commands and keys');
    const resumed = await firstFrame(new FakeSession(), [{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'earlier question' }, runEnd('r1', 'done')]);
    expect(resumed).toContain('earlier question');
    expect(resumed).not.toContain('rein 9.9.9');
  });
});

/** Starts the TUI on `session` with Ink's test renderer, takes its first settled frame, then quits with /exit. */
async function firstFrame(session: FakeSession, initialEvents?: AgentEvent[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rein-welcome-'));
  let frame = '';
  try {
    await startTui({
      session,
      version: '9.9.9',
      historyFile: join(dir, 'h.jsonl'),
      gitBranch: 'main',
      ...(initialEvents ? { initialEvents } : {}),
      render: (node: ReactElement) => {
        const r = render(node);
        let done!: () => void;
        const exited = new Promise<void>((resolve) => (done = resolve));
        void (async () => {
          await ticks(5);
          frame = r.lastFrame() ?? '';
          for (const ch of '/exit') {
            r.stdin.write(ch);
            await ticks(1);
          }
          r.stdin.write('\r');
        })();
        return { unmount: () => { r.unmount(); done(); }, waitUntilExit: () => exited };
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return frame;
}

describe('a resumed session', () => {
  it('shows a background subagent that was still at work when the old process ended as interrupted, not running', () => {
    const bg = taskCall({ background: true });
    const events = [...taskStart(bg), backgroundCallEnd(bg), ...childStart(bg), ...childTool(bg, 'k1', 'glob', '**/*.ts', true)];
    const state = resumedState(new FakeSession(), events);
    expect(runningSubagents(state.transcript)).toEqual([]);
    const task = state.transcript.find((i): i is ToolItem => i.kind === 'tool' && i.id === bg.toolCallId) as ToolItem;
    expect(strip(itemToLines(task, 80, '⠋')[0])).toMatch(/^■ explore · find the config · 1 turn · 0 tokens interrupted$/);
  });

  it('rebuilds a finished task block from the events its log kept, as it was', async () => {
    const isChild = (system: string) => system.startsWith('You are a subagent of rein');
    const sessionsDir = mkdtempSync(join(tmpdir(), 'rein-resume-task-'));
    const log = SessionLog.create({ sessionsDir, meta: { sessionId: 'resume-task', cwd: '/w', provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T20:00:00.000Z' } });
    const h = makeHarness((request) => {
      if (isChild(request.system)) {
        return request.messages.length === 1
          ? { toolCalls: [{ name: 'glob', input: { pattern: '**/*.md' } }] }
          : { text: 'The notes are in notes.md.', usage: { inputTokens: 100, outputTokens: 20 } };
      }
      return request.messages.length === 1
        ? { toolCalls: [{ id: 'call-1', name: 'task', input: { description: 'find the notes', prompt: 'Find the notes file.', subagent_type: 'explore' } }] }
        : { text: 'Found them.' };
    }, { agents: { definitions: [...builtinAgents], maxParallel: 4, maxTurns: 10 }, sessionId: 'resume-task', log });
    try {
      await runPrompt(h.session, 'where are the notes?');
      const { events } = loadSession(log.file);
      expect(events.some((e) => e.agentId !== undefined && e.type === 'tool_start')).toBe(true);
      const state = resumedState(new FakeSession(), events);
      const task = state.transcript.find((i): i is ToolItem => i.kind === 'tool' && i.id === 'call-1');
      expect(task?.subagent).toMatchObject({ agentType: 'explore', description: 'find the notes', turns: 2, endReason: 'done', answer: 'The notes are in notes.md.' });
      const collapsed = itemToLines(task as ToolItem, 80, '⠋').map((l) => strip(l));
      expect(collapsed[0]).toMatch(/^✓ explore · find the notes · 2 turns · 120 tokens · \d/);
      const open = itemToLines({ ...(task as ToolItem), expanded: true }, 80, '⠋').map((l) => strip(l));
      expect(open[1]).toMatch(/^ {2}⎿ ✓ glob\(\*\*\/\*\.md\)/);
      expect(open[2]).toBe('    The notes are in notes.md.');
    } finally {
      await h.cleanup();
      rmSync(sessionsDir, { recursive: true, force: true });
    }
  });
});
