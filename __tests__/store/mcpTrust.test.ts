// The bridge between a real session with real MCP servers and the store: the trust question appears, its answer
// starts (or keeps off) the servers and is remembered, and the /mcp panel's actions reach the manager.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager } from '../../source/mcp/manager.js';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { makeHarness } from '../support/engineHarness.js';
import { entry, faultServer } from '../support/mcpServers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A full-screen session (interactive) on its own manager, with the bridge the screen would use. */
function open(servers: McpServerEntry[], reinHome: string, project: string): { bridge: Bridge; manager: McpManager } {
  const manager = new McpManager({
    servers, problems: [], projectDir: project, reinHome, workspace: project, sessionDir: join(reinHome, 'sessions', 's'),
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: true, trustProject: false, clientVersion: 'test',
  });
  manager.start();
  const harness = makeHarness([], { mcp: manager, cwd: project, workspace: project });
  const bridge = createBridge(harness.session, { flushIntervalMs: 0 });
  cleanups.push(async () => {
    bridge.dispose();
    await harness.cleanup();
  });
  return { bridge, manager };
}

const statuses = (bridge: Bridge) => bridge.store.getState().mcp?.map((s) => `${s.name}:${s.status}`);

describe('project trust through the bridge', () => {
  it('asks about untrusted project servers only; trusting starts them and a later session does not ask again', async () => {
    const home = temp('rein-trust-home-');
    const project = temp('rein-trust-project-');
    const servers = [entry('proj', faultServer('normal'), 'project'), entry('mine', faultServer('normal'))];
    const first = open(servers, home, project);
    const request = first.bridge.store.getState().trust;
    expect(request?.projectDir).toBe(project);
    expect(request?.items).toEqual([{ kind: 'mcp', name: 'proj', file: '/test/.mcp.json', definition: expect.stringMatching(/faultServer\.mjs normal$/) }]);
    expect(statuses(first.bridge)).toContain('proj:needs-trust');

    first.bridge.answerTrust('trust');
    expect(first.bridge.store.getState().trust).toBeUndefined();
    await vi.waitFor(() => expect(statuses(first.bridge)).toEqual(['mine:connected', 'proj:connected']), { timeout: 10_000 });
    const notices = first.bridge.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [i.text] : []));
    expect(notices).toContain("Starting this project's MCP servers (proj).");

    const second = open(servers, home, project);
    expect(second.bridge.store.getState().trust).toBeUndefined();
    await vi.waitFor(() => expect(statuses(second.bridge)).toEqual(['mine:connected', 'proj:connected']), { timeout: 10_000 });
  });

  it('declining keeps them off, is remembered, and /mcp can still turn one on for the session', async () => {
    const home = temp('rein-trust-home-');
    const project = temp('rein-trust-project-');
    const servers = [entry('proj', faultServer('normal'), 'project')];
    const first = open(servers, home, project);
    first.bridge.answerTrust('deny');
    expect(first.bridge.store.getState().trust).toBeUndefined();
    expect(statuses(first.bridge)).toEqual(['proj:disabled']);

    const second = open(servers, home, project);
    expect(second.bridge.store.getState().trust).toBeUndefined();
    expect(statuses(second.bridge)).toEqual(['proj:disabled']);
    await second.bridge.mcpSetEnabled('proj', true);
    await vi.waitFor(() => expect(statuses(second.bridge)).toEqual(['proj:connected']), { timeout: 10_000 });
    expect(second.bridge.mcpTools('proj').map((t) => t.name)).toContain('echo');
  });

  it('a changed server definition is asked about again', async () => {
    const home = temp('rein-trust-home-');
    const project = temp('rein-trust-project-');
    open([entry('proj', faultServer('normal'), 'project')], home, project).bridge.answerTrust('trust');
    const changed = open([entry('proj', faultServer('garbage'), 'project')], home, project);
    expect(changed.bridge.store.getState().trust?.items.map((i) => i.definition)).toEqual([expect.stringContaining('faultServer.mjs garbage')]);
  });

  it('the panel actions reject with the manager’s plain sentence', async () => {
    const home = temp('rein-trust-home-');
    const project = temp('rein-trust-project-');
    const { bridge } = open([entry('proj', faultServer('normal'), 'project')], home, project);
    await expect(bridge.mcpReconnect('proj')).rejects.toThrow('MCP server proj is waiting for trust; trust the project first.');
    await expect(bridge.mcpReconnect('nope')).rejects.toThrow('No MCP server named nope.');
  });
});
