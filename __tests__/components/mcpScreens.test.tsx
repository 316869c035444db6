// The project trust dialog and the /mcp panel: what they show, every key, and what reaches the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { TrustDialog, trustDialogHeight } from '../../components/TrustDialog.js';
import { noServersHint } from '../../hooks/commands/mcp.js';
import type { McpTrustRequest } from '../../source/mcp/types.js';
import type { TrustRequest } from '../../source/store/trust.js';
import { FakeMcp, serverStatus } from '../support/fakeMcp.js';
import { approvalRequest, FakeSession, runEnd, ticks } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';
import { serverListRows } from '../../components/McpPanel.js';
import stripAnsi from 'strip-ansi';

const project = '/tmp/project';
const trustRequest: McpTrustRequest = {
  projectDir: project,
  servers: [
    { name: 'github', file: `${project}/.mcp.json`, definition: 'github-mcp --read-only' },
    { name: 'docs', file: `${project}/agent.config.json`, definition: 'http https://mcp.example.test/mcp' },
  ],
};

async function askingTrust(): Promise<{ h: AppHarness; mcp: FakeMcp }> {
  const session = new FakeSession();
  const mcp = new FakeMcp(session, [serverStatus('docs', 'needs-trust', { transport: 'http' }), serverStatus('github', 'needs-trust')], trustRequest);
  return { h: await renderApp({ session, bridge: { flushIntervalMs: 0 } }), mcp };
}

describe('project trust dialog', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('opens in the first frame with each server, its file and what it runs, in place of the prompt', async () => {
    ({ h } = await askingTrust());
    const frame = h.lastFrame();
    expect(frame).toContain("Trust this project's MCP servers? /tmp/project");
    expect(frame).toMatch(/MCP server github\s+\.mcp\.json/);
    expect(frame).toContain('$ github-mcp --read-only');
    expect(frame).toMatch(/MCP server docs\s+agent\.config\.json/);
    expect(frame).toContain('$ http https://mcp.example.test/mcp');
    expect(frame).toMatch(/Trust and start\s+Don't start/);
    expect(frame).not.toContain('Type a message');
    expect(frame).toContain('MCP 0/2');
  });

  it('y trusts: the session is told once, the servers start, and the prompt comes back', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await askingTrust());
    await h.press('y');
    expect(mcp.trusted).toEqual(['trust']);
    const frame = h.lastFrame();
    expect(frame).not.toContain("Trust this project's");
    expect(frame).toContain('Type a message');
    expect(frame).toContain("Starting this project's MCP servers (github, docs).");
    expect(h.bridge.store.getState().mcp?.map((s) => s.status)).toEqual(['connecting', 'connecting']);
  });

  it('Enter takes the selected choice: the first trusts, → then Enter declines', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await askingTrust());
    await h.press(keys.enter);
    expect(mcp.trusted).toEqual(['trust']);
    h.cleanup();
    ({ h, mcp } = await askingTrust());
    await h.press(keys.right, keys.enter);
    expect(mcp.trusted).toEqual(['deny']);
  });

  it('n and Esc decline; the notice says how to turn a server on anyway', async () => {
    for (const key of ['n', keys.escape]) {
      let mcp: FakeMcp;
      ({ h, mcp } = await askingTrust());
      await h.press(key);
      expect(mcp.trusted).toEqual(['deny']);
      const notices = h.bridge.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [i.text] : []));
      expect(notices).toContain("This project's MCP servers stay off (github, docs); /mcp can turn one on for this session.");
      expect(h.lastFrame()).toContain("This project's MCP servers stay off");
      expect(h.lastFrame()).toContain('Type a message');
      h.cleanup();
    }
    ({ h } = await askingTrust());
  });

  it('other keys and pasted text neither answer nor reach the prompt; once answered, keys go to the prompt', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await askingTrust());
    await h.type('hello');
    await h.press('yes please');
    expect(mcp.trusted).toEqual([]);
    expect(h.lastFrame()).toContain("Trust this project's MCP servers?");
    await h.press('y');
    await h.press('y');
    expect(mcp.trusted).toEqual(['trust']);
    expect(h.lastFrame()).not.toContain('hello');
    expect(h.lastFrame()).toContain('❯ y');
  });

  it('keeps its selection while server statuses change behind it', async () => {
    let mcp: FakeMcp;
    ({ h, mcp } = await askingTrust());
    await h.press(keys.right);
    mcp.servers = [...mcp.servers, serverStatus('mine', 'connected', { scope: 'user' })];
    mcp.changed();
    await ticks();
    expect(h.lastFrame()).toContain('MCP 1/3');
    expect(h.lastFrame()).toContain("Trust this project's MCP servers?");
    await h.press(keys.enter);
    expect(mcp.trusted).toEqual(['deny']);
  });

  it('a run’s approval is asked first; the trust question comes back after it', async () => {
    const session = new FakeSession();
    const mcp = new FakeMcp(session, [serverStatus('github', 'needs-trust')], { projectDir: project, servers: [trustRequest.servers[0]] });
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      approvalRequest('r1', 'a1', 'c1'),
      { wait: 'respond', approvalId: 'a1' },
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, bridge: { flushIntervalMs: 0 } });
    // A first message given on the command line is sent while the dialog is up.
    h.bridge.send('go');
    await ticks();
    expect(h.lastFrame()).toContain('Allow bash?');
    expect(h.lastFrame()).not.toContain("Trust this project's");
    await h.press('y');
    expect(session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'yes' } }]);
    expect(mcp.trusted).toEqual([]);
    expect(h.lastFrame()).toContain("Trust this project's MCP server?");
    await h.press('y');
    expect(mcp.trusted).toEqual(['trust']);
  });

  it('a long list is cut to the rows it may take, saying how many lines are left out', async () => {
    const request: TrustRequest = {
      projectDir: project,
      items: Array.from({ length: 8 }, (_, i) => ({ kind: 'mcp' as const, name: `server${i}`, file: `${project}/.mcp.json`, definition: `cmd${i}` })),
    };
    expect(trustDialogHeight(request, 80, 40)).toBe(5 + 16);
    const r = await renderSized(<TrustDialog request={request} selected={1} width={80} maxHeight={10} />, 80, 12);
    const frame = r.lastFrame();
    expect(frame).toContain('server0');
    expect(frame).not.toContain('server7');
    expect(frame).toContain('… 12 more lines');
    expect(frame).toMatch(/Don't start/);
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
  const mcp = new FakeMcp(session, panelServers(), undefined, {
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
