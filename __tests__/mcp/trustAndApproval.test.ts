// Project servers start only when the project is trusted; MCP tools ask for approval unless the server marks them
// read-only, and "always" covers only that one tool.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager, type McpManagerOptions } from '../../source/mcp/manager.js';
import type { ToolResultBlock } from '../../source/protocol/messages.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';
import { entry, faultServer } from '../support/mcpServers.js';

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function manager(servers: McpServerEntry[], reinHome: string, project: string, extra: Partial<McpManagerOptions> = {}): McpManager {
  const m = new McpManager({
    servers, problems: [], projectDir: project, reinHome, workspace: project, sessionDir: join(reinHome, 's'),
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: false, projectTrusted: false, clientVersion: 'test', ...extra,
  });
  closers.push(() => m.close());
  return m;
}

describe('MCP trust', () => {
  it("an untrusted project's servers do not start, and say how to start them; the user's own start", async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const m = manager([entry('proj-a', faultServer('normal'), 'project'), entry('proj-b', faultServer('normal'), 'project'), entry('mine', faultServer('normal'))], home, project);
    m.start();
    await m.whenReady();
    expect(m.status().map((s) => [s.name, s.status])).toEqual([['mine', 'connected'], ['proj-a', 'needs-trust'], ['proj-b', 'needs-trust']]);
    expect(m.tools().tools.map((t) => t.name).filter((n) => n.startsWith('mcp__proj'))).toEqual([]);
    const refusal = "MCP server proj-a comes from this project, which is not trusted; restart rein and trust the project (or run with --trust-project) to start it.";
    await expect(m.setEnabled('proj-a', true)).rejects.toThrow(refusal);
    await expect(m.reconnect('proj-a')).rejects.toThrow(refusal);
    expect(m.status().find((s) => s.name === 'proj-a')?.status).toBe('needs-trust');
  });

  it('a trusted project (or --trust-mcp) starts them', async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const m = manager([entry('proj', faultServer('normal'), 'project')], home, project, { projectTrusted: true });
    m.start();
    await m.whenReady();
    expect(m.takeNotices()).toEqual([]);
    expect(m.status()[0].status).toBe('connected');
  });
});

describe('MCP tool approval', () => {
  it('asks for tools without readOnlyHint in ask and auto-edit mode; "always" covers only that tool', async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const m = manager([entry('srv', faultServer('normal'))], home, project);
    const h = makeHarness([
      { toolCalls: [{ id: 'e1', name: 'mcp__srv__echo', input: { message: 'read-only' } }, { id: 'a1', name: 'mcp__srv__add_tool', input: { name: 'x1' } }] },
      { toolCalls: [{ id: 'a2', name: 'mcp__srv__add_tool', input: { name: 'x2' } }, { id: 'c1', name: 'mcp__srv__crash', input: {} }] },
      { text: 'done' },
    ], { mode: 'auto-edit', cwd: project, workspace: project, sessionsDir: join(home, 'sessions'), mcp: m });
    closers.push(() => h.cleanup());
    m.start();
    // The server is up before the first message: this test is about approval, not start-up.
    await m.whenReady();
    const asked: string[] = [];
    await runPrompt(h.session, 'go', (event: Extract<AgentEvent, { type: 'approval_request' }>) => {
      asked.push(event.name);
      if (event.name === 'mcp__srv__add_tool') {
        expect(event.alwaysScope).toBe('mcp__srv__add_tool');
        return { kind: 'always' };
      }
      return { kind: 'no' };
    });
    expect(asked).toEqual(['mcp__srv__add_tool', 'mcp__srv__crash']);
    const results = (h.provider.requests[2].messages.at(-1)?.content ?? []) as ToolResultBlock[];
    expect(results.map((r) => r.content)).toEqual(['added x2', expect.stringContaining('declined')]);
  });
});
