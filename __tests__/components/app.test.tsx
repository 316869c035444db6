// App tests: frame height, sidebar, global keys, tool lines, setup screen and startTui.
import { afterEach, describe, expect, it } from 'vitest';
import React from 'react';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SetupScreen } from '../../components/SetupScreen.js';
import { startTui } from '../../components/tui.js';
import { FakeSession, runEnd, simpleRun, ticks } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';

const height = (frame: string): number => frame.split('\n').length;

describe('App layout', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('is always exactly one row shorter than the terminal, also after resizes and with content', async () => {
    h = await renderApp({ columns: 120, rows: 30 });
    expect(height(h.lastFrame())).toBe(29);
    for (let i = 0; i < 60; i++) h.session.emit({ type: 'warning', message: `warning number ${i}` });
    await ticks();
    expect(height(h.lastFrame())).toBe(29);
    await h.resize(80, 20);
    expect(height(h.lastFrame())).toBe(19);
    await h.type('a long prompt\nwith\nmany\nlines\nin\nit\nto\nfill\nthe\nbox\nmore');
    expect(height(h.lastFrame())).toBe(19);
    await h.resize(60, 10);
    expect(height(h.lastFrame())).toBe(9);
    await h.press(keys.ctrl('u'));
    await h.type('/');
    expect(height(h.lastFrame())).toBe(9);
  });

  it('stays rows − 1 tall while an approval dialog with a long diff is open', async () => {
    const session = new FakeSession();
    const diff = Array.from({ length: 80 }, (_, i) => `+line ${i}`).join('\n');
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'approval_request', runId: 'r1', approvalId: 'a1', toolCallId: 'c1', name: 'write_file', input: {}, summary: 'big.txt', alwaysScope: 'file writes', cwd: '/w', diff },
      { wait: 'respond', approvalId: 'a1' },
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, columns: 90, rows: 24 });
    await h.type('go');
    await h.press(keys.enter);
    expect(h.lastFrame()).toContain('+line 0');
    expect(height(h.lastFrame())).toBe(23);
  });

  it('shows the sidebar from 100 columns, hides it below, and Ctrl+Y toggles it', async () => {
    h = await renderApp({ columns: 120, rows: 24 });
    expect(h.lastFrame()).toContain('Todos 0/0');
    await h.press(keys.ctrl('y'));
    expect(h.lastFrame()).not.toContain('Todos 0/0');
    await h.press(keys.ctrl('y'));
    expect(h.lastFrame()).toContain('Todos 0/0');
    h.cleanup();
    h = await renderApp({ columns: 99, rows: 24 });
    expect(h.lastFrame()).not.toContain('Todos 0/0');
  });

  it('shows a streamed answer and the tool call line with ✓ and duration', async () => {
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'list' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { type: 'tool_start', runId: 'r1', toolCallId: 'c1', name: 'bash', input: { command: 'ls' }, summary: 'ls -la' },
      { type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: 'x', display: { kind: 'text', text: Array.from({ length: 12 }, (_, i) => `file${i}`).join('\n') }, isError: false }, durationMs: 1500 },
      ...simpleRun('r1', 'list', 'Here are the files.').slice(2),
    );
    h = await renderApp({ session });
    await h.type('list');
    await h.press(keys.enter);
    await h.bridge.idle();
    await ticks();
    const frame = h.lastFrame();
    expect(frame).toContain('✓ bash(ls -la) · 1.5s');
    expect(frame).toContain('file0');
    expect(frame).not.toContain('file11');
    expect(frame).toContain('+8 lines (Ctrl+O to expand)');
    expect(frame).toContain('Here are the files.');
    await h.press(keys.ctrl('o'));
    expect(h.lastFrame()).toContain('file11');
  });

  it('shows a spinner on a running tool call', async () => {
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'tool_start', runId: 'r1', toolCallId: 'c1', name: 'bash', input: {}, summary: 'sleep 5' },
      { type: 'tool_progress', runId: 'r1', toolCallId: 'c1', text: 'still going' },
      { wait: 'abort' },
    );
    h = await renderApp({ session, bridge: { flushIntervalMs: 0 } });
    await h.type('go');
    await h.press(keys.enter);
    const frame = h.lastFrame();
    expect(frame).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash\(sleep 5\)/);
    expect(frame).toContain('still going');
    expect(frame).toContain('Esc to interrupt');
  });

  it('Esc interrupts a run: session.abort is called, the prompt is free again at once', async () => {
    const session = new FakeSession();
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, { wait: 'abort' });
    h = await renderApp({ session });
    await h.type('go');
    await h.press(keys.enter);
    expect(h.bridge.store.getState().running).toBe(true);
    await h.press(keys.escape);
    expect(session.aborts).toBe(1);
    expect(h.lastFrame()).toContain('Interrupted.');
    expect(h.lastFrame()).not.toContain('Esc to interrupt');
    await h.type('next');
    await h.press(keys.enter);
    await h.bridge.idle();
    expect(session.prompts).toEqual(['go', 'next']);
  });

  it('Shift+Tab cycles the permission mode shown in the status bar', async () => {
    h = await renderApp();
    expect(h.lastFrame()).toContain('· ask ·');
    await h.press(keys.shiftTab);
    expect(h.lastFrame()).toContain('· auto-edit ·');
    await h.press(keys.shiftTab, keys.shiftTab, keys.shiftTab);
    expect(h.session.modes).toEqual(['auto-edit', 'plan', 'ask', 'auto-edit']);
  });

  it('shows the MCP servers connected out of those configured in the status bar', async () => {
    h = await renderApp({ bridge: { flushIntervalMs: 0 } });
    expect(h.lastFrame()).not.toContain('MCP');
    const server = (name: string, status: 'connected' | 'connecting' | 'disabled') => ({ name, status, transport: 'stdio' as const, scope: 'user' as const, toolCount: 1 });
    h.session.emit({ type: 'mcp_status', sessionId: 's1', servers: [server('a', 'connected'), server('b', 'connecting'), server('off', 'disabled')] });
    await ticks();
    expect(h.lastFrame()).toContain('· MCP 1/2 ·');
    h.session.emit({ type: 'mcp_status', sessionId: 's1', servers: [server('a', 'connected'), server('b', 'connected'), server('off', 'disabled')] });
    await ticks();
    expect(h.lastFrame()).toContain('· MCP 2/2 ·');
  });

  it('Ctrl+C twice exits; once only warns', async () => {
    let clock = 1000;
    h = await renderApp({ now: () => clock });
    let exits = 0;
    h.bridge.onExit(() => exits++);
    await h.press(keys.ctrl('c'));
    expect(exits).toBe(0);
    expect(h.lastFrame()).toContain('Press Ctrl+C again to exit');
    clock += 5000;
    await h.press(keys.ctrl('c'));
    expect(exits).toBe(0);
    clock += 500;
    await h.press(keys.ctrl('c'));
    expect(exits).toBe(1);
  });

  it('two Ctrl+C that arrive in one read still exit', async () => {
    h = await renderApp();
    let exits = 0;
    h.bridge.onExit(() => exits++);
    await h.press('\x03\x03');
    expect(exits).toBe(1);
  });

  it('Ctrl+D exits on an empty prompt only', async () => {
    h = await renderApp();
    let exits = 0;
    h.bridge.onExit(() => exits++);
    await h.type('ab');
    await h.press(keys.left, keys.ctrl('d'));
    expect(exits).toBe(0);
    expect(h.lastFrame()).toContain('❯ a');
    await h.press(keys.ctrl('u'), keys.ctrl('d'));
    expect(exits).toBe(1);
  });
});

describe('SetupScreen and startTui', () => {
  it('SetupScreen shows the message and quits with q', async () => {
    let exited = 0;
    const message = 'No API key for anthropic: set ANTHROPIC_API_KEY or "apiKey" in agent.config.json.';
    const r = await renderSized(<SetupScreen message={message} onExit={() => exited++} />, 100, 20);
    expect(r.lastFrame()).toContain('set ANTHROPIC_API_KEY');
    expect(r.lastFrame()).toContain('Press q');
    // Every way in is named, including a local server that needs no key.
    const flat = (r.lastFrame() ?? '').replace(/\s+/g, ' ');
    for (const way of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'DEEPSEEK_API_KEY', '--provider openai --base-url http://localhost:11434/v1']) expect(flat).toContain(way);
    await r.press('q');
    expect(exited).toBe(1);
    r.unmount();
  });

  it('startTui without a session shows the setup screen and exits with code 1', async () => {
    let frame = '';
    const result = await startTui({
      setupMessage: 'No API key for openai: set OPENAI_API_KEY.',
      historyFile: '/nonexistent/history.jsonl',
      render: (node: ReactElement) => {
        const r = render(node);
        frame = r.lastFrame() ?? '';
        setTimeout(() => r.stdin.write('q'), 10);
        return { unmount: r.unmount, waitUntilExit: () => new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => r.unmount()) };
      },
    });
    expect(frame).toContain('set OPENAI_API_KEY');
    // What the screen said is printed to the normal screen once it closes (plain text when stdout is no terminal).
    expect(result.exitCode).toBe(2);
    expect(result.usageLine).toContain('No API key for openai: set OPENAI_API_KEY.');
    expect(result.usageLine).toContain('--model <name>');
    expect(result.usageLine).toContain('Then start rein again.');
    expect(result.usageLine).not.toContain('Press q');
    expect(result.usageLine).not.toContain('\x1b[');
  });

  it('startTui exits on /exit, closes the session and returns the usage line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-tui-start-'));
    const session = new FakeSession();
    session.usage = { inputTokens: 12_345, outputTokens: 2_345, cacheReadTokens: 9_876, cacheWriteTokens: 0 };
    try {
      const result = await startTui({
        session,
        historyFile: join(dir, 'h.jsonl'),
        gitBranch: 'main',
        render: (node: ReactElement) => {
          const r = render(node);
          let done!: () => void;
          const exited = new Promise<void>((resolve) => (done = resolve));
          void (async () => {
            await ticks();
            for (const ch of '/exit') {
              r.stdin.write(ch);
              await ticks(1);
            }
            r.stdin.write('\r');
          })();
          return {
            unmount: () => {
              r.unmount();
              done();
            },
            waitUntilExit: () => exited,
          };
        },
      });
      expect(session.closed).toBe(1);
      expect(result.exitCode).toBe(0);
      expect(result.usageLine).toMatch(/^rein: 12,345 tokens in \(80% cached\), 2,345 out · \$0\.\d\d$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a resumed session shows the mode, model and token totals in force, not those in its old log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-tui-resume-'));
    // The session in force: started with --permission-mode yolo and another model; the engine's totals start anew.
    const session = new FakeSession({ sessionId: 'old1', mode: 'yolo', model: 'gpt-4.1', provider: 'openai' });
    session.usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const oldUsage = { inputTokens: 987_654, outputTokens: 55_555, cacheReadTokens: 0, cacheWriteTokens: 0 };
    let frame = '';
    try {
      await startTui({
        session,
        historyFile: join(dir, 'h.jsonl'),
        gitBranch: 'main',
        initialEvents: [
          { type: 'session_start', sessionId: 'old1', cwd: '/tmp/project', provider: 'anthropic', model: 'claude-old', mode: 'ask', resumed: false },
          { type: 'mode_change', sessionId: 'old1', mode: 'plan' },
          { type: 'run_start', sessionId: 'old1', runId: 'r1', prompt: 'earlier question' },
          { type: 'usage', runId: 'r1', turnUsage: oldUsage, totalUsage: oldUsage, context: { tokens: 40_000, window: 1_000_000, percent: 4 } },
          runEnd('r1', 'done'),
        ],
        render: (node: ReactElement) => {
          const r = render(node);
          let done!: () => void;
          const exited = new Promise<void>((resolve) => (done = resolve));
          void (async () => {
            await ticks(3);
            frame = r.lastFrame() ?? '';
            r.unmount();
            done();
          })();
          return { unmount: () => r.unmount(), waitUntilExit: () => exited };
        },
      });
      const status = frame.trimEnd().split('\n').at(-1) ?? '';
      expect(status).toContain('gpt-4.1 (openai) · yolo');
      expect(status).not.toContain('987');
      expect(frame).toContain('earlier question');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
