// The project trust screen and the /mcp panel: what they show, every key, and what reaches the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { trustFit } from '../../components/TrustDialog.js';
import { TrustGate } from '../../components/TrustGate.js';
import { noServersHint } from '../../source/commands/mcp.js';
import type { TrustRequest } from '../../source/trust/request.js';
import { FakeMcp, serverStatus } from '../support/fakeMcp.js';
import { approvalRequest, FakeSession, runEnd, ticks } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';
import { serverListRows } from '../../components/McpPanel.js';
import stripAnsi from 'strip-ansi';

const project = '/tmp/project';
const trustRequest: TrustRequest = {
  projectDir: project,
  items: [
    { kind: 'endpoint', name: 'baseUrl', file: `${project}/agent.config.json`, definition: 'this project sends your requests to http://attacker.test/v1' },
    { kind: 'setting', name: 'permissions.allow', file: `${project}/.claude/settings.json`, definition: 'allow Bash(*)' },
    { kind: 'mcp', name: 'github', file: `${project}/.mcp.json`, definition: 'github-mcp --read-only' },
    { kind: 'hook', name: 'PreToolUse Bash', file: `${project}/.claude/settings.json`, definition: './audit.sh' },
  ],
};

async function gate(request: TrustRequest = trustRequest, columns = 100, rows = 30) {
  const answers: string[] = [];
  const r = await renderSized(<TrustGate request={request} onAnswer={(a) => answers.push(a)} />, columns, rows);
  return { r, answers };
}

describe('the project trust screen', () => {
  it('names where requests would go first, then every setting, server and hook, each with its file', async () => {
    const { r } = await gate();
    const frame = r.lastFrame();
    expect(frame).toContain('Trust this project? /tmp/project');
    const endpoint = frame.indexOf('⚠ this project sends your requests to http://attacker.test/v1');
    expect(endpoint).toBeGreaterThan(0);
    expect(frame).toMatch(/setting allow Bash\(\*\)\s+\.claude\/settings\.json/);
    expect(frame).toMatch(/MCP server github\s+\.mcp\.json/);
    expect(frame).toContain('$ github-mcp --read-only');
    expect(frame).toMatch(/hook PreToolUse Bash\s+\.claude\/settings\.json/);
    expect(frame.indexOf('MCP server github')).toBeGreaterThan(endpoint);
    expect(frame).toMatch(/Trust this project\s+Don't trust/);
    r.unmount();
  });

  it('y trusts; n, Esc, and Enter after → decline; Enter on the first choice trusts; Ctrl+C quits', async () => {
    for (const [keysPressed, answer] of [[['y'], 'trust'], [['n'], 'deny'], [[keys.escape], 'deny'], [[keys.enter], 'trust'], [[keys.right, keys.enter], 'deny'], [['\x03'], 'quit']] as const) {
      const { r, answers } = await gate();
      await r.press(...keysPressed);
      expect(answers).toEqual([answer]);
      r.unmount();
    }
  });

  it('a modified key never answers: Ctrl+Y, Ctrl+N, Alt+Y and Alt+Enter do nothing, and nothing answers twice', async () => {
    const { r, answers } = await gate();
    await r.press('\x19', '\x0e', '\x1by', '\x1b\r', 'hello');
    expect(answers).toEqual([]);
    await r.press('y', 'n');
    expect(answers).toEqual(['trust']);
    r.unmount();
  });

  it('a long list scrolls with PgDn at 60×20 and 80×24, and the choices stay on screen', async () => {
    const request: TrustRequest = {
      projectDir: project,
      items: Array.from({ length: 30 }, (_, i) => ({ kind: 'mcp' as const, name: `server${i}`, file: `${project}/.mcp.json`, definition: `cmd${i}` })),
    };
    for (const [columns, rows] of [[60, 20], [80, 24]]) {
      expect(trustFit(request, columns, rows - 1).height).toBe(rows - 1);
      const { r, answers } = await gate(request, columns, rows);
      expect(r.lastFrame()).toContain('server0');
      expect(r.lastFrame()).not.toContain('server29');
      expect(r.lastFrame()).toMatch(/Trust this project\s+Don't trust/);
      for (let i = 0; i < 10; i++) await r.press(keys.pageDown);
      expect(r.lastFrame()).toContain('server29');
      expect(r.lastFrame()).not.toContain('server0 ');
      expect(r.lastFrame()).toMatch(/Trust this project\s+Don't trust/);
      expect(answers).toEqual([]);
      r.unmount();
    }
  });

  it('says when the project changed since the last answer', async () => {
    const { r } = await gate({ ...trustRequest, changed: true });
    expect(r.lastFrame()).toContain('This project changed since you last answered. Trust it?');
    r.unmount();
  });
});

const panelServers = () => [
  serverStatus('alpha', 'connected', { toolCount: 2, logFile: '/logs/alpha.log' }),
  serverStatus('beta', 'failed', { lastError: 'exited with code 1', logFile: '/logs/beta.log' }),
  serverStatus('gamma', 'connecting', { transport: 'http', scope: 'user' }),
  serverStatus('delta', 'needs-trust', { transport: 'sse' }),
  serverStatus('omega', 'disabled'),
];

async function openPanel(): Promise<{ h: AppHarness; mcp: FakeMcp }> {
  const session = new FakeSession();
  const mcp = new FakeMcp(session, panelServers(), {
    alpha: [{ name: 'search', description: 'Searches the code\nsecond line' }, { name: 'fetch' }],
  });
  const h = await renderApp({ session, columns: 110, bridge: { flushIntervalMs: 0 } });
  await h.type('/mcp');
  await h.press(keys.enter);
  return { h, mcp };
}

describe('/mcp panel', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('without servers, /mcp prints one line on how to add one', async () => {
    h = await renderApp();
    await h.type('/mcp');
    await h.press(keys.enter);
    expect(h.lastFrame()).toContain('No MCP servers configured. Add one in .mcp.json at the project root');
    expect(noServersHint.split('\n')).toHaveLength(1);
    expect(h.bridge.store.getState().panel).toBeUndefined();
  });

  it('lists every server with status, transport, tool count, scope, last error and log file', async () => {
    ({ h } = await openPanel());
    const frame = h.lastFrame();
    expect(frame).toContain('MCP servers · 1/4 connected');
    expect(frame).toMatch(/❯ alpha\s+connected\s+stdio\s+2 tools\s+project/);
    expect(frame).toContain('log: /logs/alpha.log');
    expect(frame).toMatch(/beta\s+failed\s+stdio\s+–\s+project/);
    expect(frame).toContain('error: exited with code 1');
    expect(frame).toMatch(/gamma\s+connecting\s+http\s+–\s+user/);
    expect(frame).toMatch(/delta\s+needs trust\s+sse/);
    expect(frame).toMatch(/omega\s+disabled/);
    expect(frame).toContain('r reconnect · e enable · d disable · Enter/t tools · Esc close');
  });

  it('↑/↓ pick a server; r reconnects it, d disables and e enables it', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await openPanel());
    await h.press(keys.down);
    expect(h.lastFrame()).toMatch(/❯ beta/);
    await h.press('r');
    expect(mcp.reconnects).toEqual(['beta']);
    await h.press(keys.up, 'd');
    expect(mcp.toggles).toEqual([['alpha', false]]);
    await ticks();
    expect(h.lastFrame()).toMatch(/❯ alpha\s+disabled/);
    expect(h.lastFrame()).toContain('MCP 0/3');
    await h.press('e');
    expect(mcp.toggles).toEqual([['alpha', false], ['alpha', true]]);
    await ticks();
    expect(h.lastFrame()).toMatch(/❯ alpha\s+connecting/);
  });

  it('a failed reconnect shows its reason in one line', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await openPanel());
    mcp.failNext = 'MCP server alpha is disabled; enable it first.';
    await h.press('r');
    await ticks();
    expect(h.lastFrame()).toContain('MCP server alpha is disabled; enable it first.');
    expect(mcp.reconnects).toEqual([]);
  });

  it('Enter shows the server’s tools with the first line of each description; Esc goes back, Esc again closes', async () => {
    ({ h } = await openPanel());
    await h.press(keys.enter);
    let frame = h.lastFrame();
    expect(frame).toContain('alpha · 2 tools');
    expect(frame).toMatch(/search\s+Searches the code/);
    expect(frame).not.toContain('second line');
    expect(frame).toContain('fetch');
    await h.press(keys.escape);
    frame = h.lastFrame();
    expect(frame).toContain('MCP servers · 1/4 connected');
    await h.press(keys.escape);
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(h.lastFrame()).not.toContain('MCP servers · ');
    // The keys go to the prompt again.
    await h.type('hi');
    expect(h.lastFrame()).toContain('❯ hi');
  });

  it('the tools view lists the server’s resources and templates after its tools', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await openPanel());
    mcp.resourcesOf.alpha = [{ uri: 'docs://readme', name: 'The readme' }, { uri: 'docs://page/{n}', name: 'A page', template: true }];
    await h.press(keys.enter);
    await vi.waitFor(() => expect(h.lastFrame()).toContain('Resources (attach one with @server:uri)'));
    const frame = h.lastFrame();
    expect(frame).toMatch(/docs:\/\/readme\s+The readme/);
    expect(frame).toMatch(/docs:\/\/page\/\{n\} \(template\)\s+A page/);
    expect(frame.indexOf('fetch')).toBeLessThan(frame.indexOf('Resources'));
  });

  it('t shows a server’s tools too, none for one that is not connected; q closes the panel', async () => {
    ({ h } = await openPanel());
    await h.press(keys.down, 't');
    expect(h.lastFrame()).toContain('beta · 0 tools');
    expect(h.lastFrame()).toContain('(no tools: the server is not connected)');
    await h.press('q');
    await h.press('q');
    expect(h.bridge.store.getState().panel).toBeUndefined();
  });
});

describe('/mcp panel rows', () => {
  it('a log path too long for the row keeps its file name and loses its start', () => {
    const logFile = '/tmp/rein-home/sessions/0190f6a2-3b4c-7d5e-8f60-123456789abc/mcp/alpha.log';
    const rows = serverListRows([{ ...serverStatus('alpha', 'connected'), logFile }], { selected: 'alpha', tools: false, toolsOffset: 0 }, 10, 60).map((row) => stripAnsi(row));
    const log = rows.find((row) => row.includes('log: '));
    expect(log).toMatch(/^ {4}log: ….*\/mcp\/alpha\.log$/);
    expect(log!.length).toBeLessThanOrEqual(60);
  });
});
