// The session with real MCP servers: stdio, Streamable HTTP and our fault server, driven by the scripted provider.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager } from '../../source/mcp/manager.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import type { ToolResultBlock } from '../../source/protocol/messages.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { builtinToolNames } from '../../source/tools/builtins.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { entry, everythingBin, faultServer, filesystemBin, startEverythingHttp, stdio, until } from '../support/mcpServers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface McpHarness extends Harness {
  manager: McpManager;
}

function mcpHarness(
  servers: McpServerEntry[] | ((workspace: string) => McpServerEntry[]),
  script: ScriptedTurn[] | ((request: ProviderRequest, index: number) => ScriptedTurn),
  options: { startupTimeoutMs?: number; toolTimeoutMs?: number; mode?: 'yolo' | 'ask' } = {},
): McpHarness {
  const reinHome = mkdtempSync(join(tmpdir(), 'rein-mcp-home-'));
  const workspace = mkdtempSync(join(tmpdir(), 'rein-mcp-ws-'));
  const sessionDir = join(reinHome, 'sessions', 'mcp-session');
  const manager = new McpManager({
    servers: typeof servers === 'function' ? servers(workspace) : servers, problems: [], projectDir: workspace, reinHome, workspace, sessionDir,
    startupTimeoutMs: options.startupTimeoutMs ?? 10_000, toolTimeoutMs: options.toolTimeoutMs ?? 30_000,
    interactive: false, projectTrusted: false, clientVersion: 'test', reservedNames: new Set(builtinToolNames), restartDelayMs: 50,
  });
  const harness = makeHarness(script, {
    mode: options.mode ?? 'yolo', sessionId: 'mcp-session', sessionsDir: join(reinHome, 'sessions'), cwd: workspace, workspace, mcp: manager,
  });
  cleanups.push(async () => {
    await harness.cleanup();
    rmSync(reinHome, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  return { ...harness, workspace, home: reinHome, manager };
}

const toolNames = (request: ProviderRequest) => request.tools.map((t) => t.name);
const lastResults = (request: ProviderRequest): ToolResultBlock[] =>
  (request.messages.at(-1)?.content ?? []).filter((b): b is ToolResultBlock => b.type === 'tool_result');

describe('MCP tools in a session', () => {
  it('server-everything over stdio: echo and get-sum answers reach the model, with sorted, prefixed names', async () => {
    const h = mcpHarness([entry('everything', stdio(everythingBin))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__everything__echo', input: { message: 'hello rein' } }, { id: 'c2', name: 'mcp__everything__get-sum', input: { a: 2, b: 3 } }] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    const [first, second] = h.provider.requests;
    const names = toolNames(first);
    const mcpNames = names.filter((n) => n.startsWith('mcp__'));
    expect(names.slice(0, names.length - mcpNames.length).every((n) => !n.startsWith('mcp__'))).toBe(true);
    expect(mcpNames).toEqual([...mcpNames].sort());
    expect(mcpNames).toContain('mcp__everything__echo');
    expect(lastResults(second).map((r) => [r.content, r.isError ?? false])).toEqual([
      ['Echo: hello rein', false],
      ['The sum of 2 and 3 is 5.', false],
    ]);
    expect(h.invalidRequests).toEqual([]);
  });

  it('shows progress, passes the image on and gives the workspace as the only root', async () => {
    const h = mcpHarness([entry('everything', stdio(everythingBin))], [
      { toolCalls: [
        { id: 'p', name: 'mcp__everything__trigger-long-running-operation', input: { duration: 0.3, steps: 3 } },
        { id: 'i', name: 'mcp__everything__get-tiny-image', input: {} },
        { id: 'r', name: 'mcp__everything__get-roots-list', input: {} },
      ] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'go');
    const progress = events.filter((e) => e.type === 'tool_progress' && e.toolCallId === 'p').map((e) => (e as { text: string }).text);
    expect(progress).toContain('1/3');
    const [progressResult, image, roots] = lastResults(h.provider.requests[1]);
    expect(progressResult.content).toContain('Long running operation completed');
    expect(image.images).toEqual([expect.objectContaining({ type: 'image', mediaType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) })]);
    expect(roots.content).toContain(`file://${h.workspace}`);
  });

  for (const transport of ['http', 'sse'] as const) {
    it(`server-everything over ${transport === 'http' ? 'Streamable HTTP' : 'legacy SSE'}`, async () => {
      const server = await startEverythingHttp(transport === 'http' ? 'streamableHttp' : 'sse');
      cleanups.push(server.stop);
      const h = mcpHarness([entry('remote', { transport, url: server.url, headers: { 'X-Test': 'yes' } })], [
        { toolCalls: [{ id: 'c1', name: 'mcp__remote__echo', input: { message: `over ${transport}` } }, { id: 'c2', name: 'mcp__remote__get-sum', input: { a: 40, b: 2 } }] },
        { text: 'done' },
      ]);
      h.manager.start();
      // Servers up before the first message: this test is about their tools, not about start-up.
      await h.manager.whenReady();
      await runPrompt(h.session, 'go');
      expect(lastResults(h.provider.requests[1]).map((r) => r.content)).toEqual([`Echo: over ${transport}`, 'The sum of 40 and 2 is 42.']);
      expect(h.manager.status()).toMatchObject([{ name: 'remote', status: 'connected', transport }]);
    });
  }

  it('declines a sampling request from a server with an error saying so', async () => {
    const h = mcpHarness([entry('fault', faultServer('normal'))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__fault__sample', input: {} }] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    const reply = JSON.parse(lastResults(h.provider.requests[1])[0].content) as { code: number; message: string };
    expect(reply.code).toBe(-32601);
    expect(reply.message).toContain('rein does not support sampling/createMessage requests from MCP servers');
  });

  it('server-filesystem reads a file in the workspace', async () => {
    let file = '';
    const h = mcpHarness((workspace) => {
      file = join(workspace, 'notes.txt');
      writeFileSync(file, 'written by the test\n');
      return [entry('fs', stdio(filesystemBin, [workspace]))];
    }, (_request, index) => (index === 0 ? { toolCalls: [{ id: 'c1', name: 'mcp__fs__read_text_file', input: { path: file } }] } : { text: 'done' }));
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    expect(lastResults(h.provider.requests[1])[0]).toMatchObject({ content: 'written by the test\n' });
  });

  it('gives the same tool prefix to two sessions with the same servers', async () => {
    const servers = [entry('fault', faultServer('normal')), entry('everything', stdio(everythingBin))];
    const a = mcpHarness(servers, [{ text: 'a' }]);
    const b = mcpHarness([...servers].reverse(), [{ text: 'b' }]);
    a.manager.start();
    b.manager.start();
    await Promise.all([a.manager.whenReady(), b.manager.whenReady()]);
    await runPrompt(a.session, 'go');
    await runPrompt(b.session, 'go');
    expect(JSON.stringify(a.provider.requests[0].tools)).toBe(JSON.stringify(b.provider.requests[0].tools));
    expect(a.provider.requests[0].tools.some((t) => t.name === 'mcp__fault__echo')).toBe(true);
  });

  it('announces every server status change to subscribers and answers status() with transport, tools and log', async () => {
    const h = mcpHarness([entry('fault', faultServer('normal')), entry('stuck', faultServer('hang'))], [{ text: 'done' }], { startupTimeoutMs: 3_000 });
    const seen: string[] = [];
    h.session.runs.subscribe((event) => {
      if (event.type === 'mcp_status') seen.push(event.servers.map((s) => `${s.name}:${s.status}`).join(','));
    });
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    expect(seen).toContain('fault:connected,stuck:connecting');
    expect(seen.at(-1)).toBe('fault:connected,stuck:failed');
    expect(h.session.inspection.mcp?.status()).toEqual([
      { name: 'fault', status: 'connected', transport: 'stdio', scope: 'user', toolCount: 5, logFile: join(h.home, 'sessions', 'mcp-session', 'mcp', 'fault.log') },
      expect.objectContaining({ name: 'stuck', status: 'failed', toolCount: 0, lastError: 'did not finish starting within 3 s' }),
    ]);
  });

  it('checks arguments against the server schema before calling', async () => {
    const marks = join(mkdtempSync(join(tmpdir(), 'rein-marks-')), 'marks');
    const h = mcpHarness([entry('fault', faultServer('normal', marks))], [
      { toolCalls: [{ id: 'c1', name: 'mcp__fault__echo', input: { text: 'wrong key' } }] },
      { text: 'done' },
    ]);
    h.manager.start();
    // Servers up before the first message: this test is about their tools, not about start-up.
    await h.manager.whenReady();
    await runPrompt(h.session, 'go');
    const [result] = lastResults(h.provider.requests[1]);
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Invalid arguments for mcp__fault__echo:');
    expect(result.content).toContain('- /message: is required');
  });
});
