// Project servers start only once trusted (remembered per project and set of servers); MCP tools ask for approval
// unless the server marks them read-only, and "always" covers only that one tool.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/engine/events.js';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager, type McpManagerOptions } from '../../source/mcp/manager.js';
import type { ToolResultBlock } from '../../source/providers/types.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';
import { entry, faultServer, stdio, until } from '../support/mcpServers.js';

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
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: false, trustProject: false, clientVersion: 'test', ...extra,
  });
  closers.push(() => m.close());
  return m;
}

describe('MCP trust', () => {
  it('headless: untrusted project servers do not start and one line says why; user servers start', async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const notices: string[] = [];
    const m = manager([entry('proj-a', faultServer('normal'), 'project'), entry('proj-b', faultServer('normal'), 'project'), entry('mine', faultServer('normal'))], home, project);
    m.start();
    notices.push(...m.takeNotices());
    await m.whenReady();
    expect(notices).toEqual(['Project MCP servers not started (proj-a, proj-b): this project\'s servers are not trusted yet; run with --trust-mcp to start them.']);
    expect(m.status().map((s) => [s.name, s.status])).toEqual([['mine', 'connected'], ['proj-a', 'needs-trust'], ['proj-b', 'needs-trust']]);
    expect(m.tools().tools.map((t) => t.name).filter((n) => n.startsWith('mcp__proj'))).toEqual([]);
  });

  it('the trust request shows each definition as the file writes it, so a ${TOKEN} is never shown expanded', () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const local = { ...entry('gh', stdio('gh-mcp', ['--token', 'sk-secret-value']), 'project'), written: { command: 'gh-mcp', args: ['--token', '${GH_TOKEN}'] } };
    const remote = { ...entry('api', { transport: 'http', url: 'https://mcp.example/sk-secret-value', headers: {} }, 'project'), written: { type: 'http', url: 'https://mcp.example/${KEY}' } };
    const m = manager([local, remote], home, project, { interactive: true });
    m.start();
    const shown = m.pendingTrust()?.servers.map((s) => [s.name, s.definition]);
    expect(shown).toEqual([['gh', 'gh-mcp --token ${GH_TOKEN}'], ['api', 'http https://mcp.example/${KEY}']]);
    expect(JSON.stringify(shown)).not.toContain('sk-secret-value');
  });

  it('--trust-mcp starts them for the run without remembering it', async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const servers = [entry('proj', faultServer('normal'), 'project')];
    const m = manager(servers, home, project, { trustProject: true });
    m.start();
    await m.whenReady();
    expect(m.takeNotices()).toEqual([]);
    expect(m.status()[0].status).toBe('connected');
    const later = manager(servers, home, project);
    later.start();
    expect(later.status()[0].status).toBe('needs-trust');
  });

  it('interactive: the pending request lists the servers; trusting starts them and is remembered until the definitions change', async () => {
    const home = tempDir('rein-home-');
    const project = tempDir('rein-project-');
    const servers = [entry('proj', faultServer('normal'), 'project')];
    const m = manager(servers, home, project, { interactive: true });
    m.start();
    expect(m.takeNotices()).toEqual([]);
    expect(m.pendingTrust()).toEqual({ projectDir: project, servers: [{ name: 'proj', file: '/test/.mcp.json', definition: expect.stringContaining('faultServer.mjs normal') }] });
    m.trust('trust');
    expect(m.pendingTrust()).toBeUndefined();
    await until(() => m.status()[0].status === 'connected', 10_000, 'the trusted server');

    const again = manager(servers, home, project, { interactive: true });
    again.start();
    expect(again.pendingTrust()).toBeUndefined();
    const changed = manager([entry('proj', faultServer('garbage'), 'project')], home, project, { interactive: true });
    changed.start();
    expect(changed.pendingTrust()?.servers.map((s) => s.name)).toEqual(['proj']);
    changed.trust('deny');
    expect(changed.status()[0].status).toBe('disabled');
    const denied = manager([entry('proj', faultServer('garbage'), 'project')], home, project, { interactive: true });
    denied.start();
    expect([denied.pendingTrust(), denied.status()[0].status]).toEqual([undefined, 'disabled']);
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
