// Broken MCP servers never hang or crash a session: crashes, a hung initialize, garbage on stdout, a stderr
// flood, cancelled and timed-out calls, and a tool list that changes mid-run.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager } from '../../source/mcp/manager.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import type { ToolResultBlock } from '../../source/protocol/messages.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { runningProcessGroups } from '../../source/tools/processRegistry.js';
import { builtinToolNames } from '../../source/tools/builtins.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { entry, everythingBin, faultServer, stdio, until } from '../support/mcpServers.js';
import { runEvents } from '../support/runEvents.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mcpHarness(
  servers: McpServerEntry[],
  script: ScriptedTurn[] | ((request: ProviderRequest, index: number) => ScriptedTurn),
  options: { startupTimeoutMs?: number; toolTimeoutMs?: number } = {},
): Harness & { manager: McpManager } {
  const reinHome = mkdtempSync(join(tmpdir(), 'rein-mcp-home-'));
  const workspace = mkdtempSync(join(tmpdir(), 'rein-mcp-ws-'));
  const manager = new McpManager({
    servers, problems: [], projectDir: workspace, reinHome, workspace, sessionDir: join(reinHome, 'sessions', 's'),
    startupTimeoutMs: options.startupTimeoutMs ?? 10_000, toolTimeoutMs: options.toolTimeoutMs ?? 30_000,
    interactive: false, projectTrusted: false, clientVersion: 'test', reservedNames: new Set(builtinToolNames), restartDelayMs: 50,
  });
  const harness = makeHarness(script, { sessionId: 's', sessionsDir: join(reinHome, 'sessions'), cwd: workspace, workspace, mcp: manager });
  cleanups.push(async () => {
    await harness.cleanup();
    rmSync(reinHome, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  return { ...harness, workspace, manager };
}

const marksFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rein-marks-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'marks');
};
const marksOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const lastResults = (request: ProviderRequest): ToolResultBlock[] =>
  (request.messages.at(-1)?.content ?? []).filter((b): b is ToolResultBlock => b.type === 'tool_result');
const warnings = (events: AgentEvent[]) => events.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
const statusOf = (h: { manager: McpManager }, name: string) => h.manager.status().find((s) => s.name === name);

describe('MCP server faults', () => {
  it('a server that exits mid-call: the call gets a clear error, one warning, and the server is restarted', async () => {
    const marks = marksFile();
    const h = mcpHarness([entry('github', faultServer('normal', marks))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__github__crash', input: {} }] },
      { toolCalls: [{ id: 'c2', name: 'mcp__github__echo', input: { message: 'right after' } }] },
      { text: 'first run done' },
      { toolCalls: [{ id: 'c3', name: 'mcp__github__echo', input: { message: 'after restart' } }] },
      { text: 'second run done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'crash it');
    const crash = lastResults(h.provider.requests[1])[0];
    expect(crash).toMatchObject({ isError: true, content: 'MCP server github exited with code 1; restart rein to reconnect it.' });
    const exitWarnings = warnings(events).filter((w) => w.startsWith('MCP server github exited with code 1'));
    expect(exitWarnings).toHaveLength(1);
    expect(exitWarnings[0]).toContain('restarting it');
    // The server comes back (a new process) and serves the next run.
    await until(() => statusOf(h, 'github')?.status === 'connected' && marksOf(marks).filter((m) => m.startsWith('start')).length === 2, 10_000, 'the restart');
    await runPrompt(h.session, 'again');
    expect(lastResults(h.provider.requests[4])[0]).toMatchObject({ content: 'echo: after restart' });
    expect(h.invalidRequests).toEqual([]);
  });

  it('a server that never answers initialize times out, is reported in one line, and the session still works', async () => {
    const h = mcpHarness([entry('stuck', faultServer('hang')), entry('everything', stdio(everythingBin))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__everything__echo', input: { message: 'still here' } }] },
      { text: 'done' },
    ], { startupTimeoutMs: 4_000 });
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'go');
    const stuck = warnings(events).filter((w) => w.includes('stuck'));
    expect(stuck).toHaveLength(1);
    expect(stuck[0]).toMatch(/^MCP server stuck failed to start: did not finish starting within 4 s \(log: .*stuck\.log\); its tools are left out\.$/);
    expect(h.provider.requests[0].tools.some((t) => t.name.startsWith('mcp__stuck__'))).toBe(false);
    expect(lastResults(h.provider.requests[1])[0].content).toBe('Echo: still here');
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'done' });
    expect(statusOf(h, 'stuck')).toMatchObject({ status: 'failed', toolCount: 0 });
    // Its process is gone, not left behind.
    expect(runningProcessGroups().some((g) => g.label === 'MCP server stuck')).toBe(false);
  });

  it('garbage on stdout is skipped; the calls still answer', async () => {
    const h = mcpHarness([entry('noisy', faultServer('garbage'))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__noisy__echo', input: { message: 'one' } }] },
      { toolCalls: [{ id: 'c2', name: 'mcp__noisy__echo', input: { message: 'two' } }] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    expect(lastResults(h.provider.requests[1])[0].content).toBe('echo: one');
    expect(lastResults(h.provider.requests[2])[0].content).toBe('echo: two');
  });

  it('a stderr flood goes to the log file, not the session, and the server keeps serving', async () => {
    const h = mcpHarness([entry('flood', faultServer('flood'))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__flood__echo', input: { message: 'through the flood' } }] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'go');
    expect(lastResults(h.provider.requests[1])[0].content).toBe('echo: through the flood');
    const log = statusOf(h, 'flood')?.logFile ?? '';
    await until(() => existsSync(log) && statSync(log).size > 100_000, 10_000, 'the log to fill');
    expect(JSON.stringify(events)).not.toContain('stderr flood');
  });

  it('Esc cancels a running call: the server receives notifications/cancelled', async () => {
    const marks = marksFile();
    const h = mcpHarness([entry('slow', faultServer('normal', marks))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__slow__sleep', input: {} }] },
      { text: 'never' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    const events: AgentEvent[] = [];
    const run = (async () => {
      events.push(...(await runEvents(h.session, 'go')));
    })();
    await until(() => marksOf(marks).includes('sleeping'), 10_000, 'the call to start');
    h.session.runs.abort();
    await run;
    await until(() => marksOf(marks).includes('cancelled'), 10_000, 'the server to see the cancel');
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ result: { isError: true } });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'aborted' });
  });

  it('a call unanswered within mcp.toolTimeoutMs is cancelled and answered with a timeout error', async () => {
    const marks = marksFile();
    const h = mcpHarness([entry('slow', faultServer('normal', marks))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__slow__sleep', input: {} }] },
      { text: 'done' },
    ], { toolTimeoutMs: 800 });
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    const [result] = lastResults(h.provider.requests[1]);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/timeout|did not answer/);
    await until(() => marksOf(marks).includes('cancelled'), 10_000, 'the server to see the cancel');
  });

  it('tools/list_changed is applied at a turn boundary, never inside a round of calls', async () => {
    const h = mcpHarness([entry('dyn', faultServer('normal'))], [
      // The new tool is called in the same round that adds it: that round's tools stay as they were.
      { toolCalls: [{ id: 'c1', name: 'mcp__dyn__add_tool', input: { name: 'fresh' } }, { id: 'c2', name: 'mcp__dyn__fresh', input: {} }] },
      { text: 'first run done' },
      { toolCalls: [{ id: 'c3', name: 'mcp__dyn__fresh', input: {} }] },
      { text: 'second run done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'add a tool');
    const [r0, r1] = h.provider.requests;
    expect(r0.tools.map((t) => t.name)).not.toContain('mcp__dyn__fresh');
    expect(lastResults(r1)[1]).toMatchObject({ isError: true });
    expect(lastResults(r1)[1].content).toContain('Unknown tool `mcp__dyn__fresh`');
    await until(() => statusOf(h, 'dyn')?.toolCount === 6, 10_000, 'the new tool list');
    await runPrompt(h.session, 'use it');
    const r2 = h.provider.requests[2];
    expect(r2.tools.map((t) => t.name)).toContain('mcp__dyn__fresh');
    expect(lastResults(h.provider.requests[3])[0]).toMatchObject({ content: 'fresh ran' });
  });
});
