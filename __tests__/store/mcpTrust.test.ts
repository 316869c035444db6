// The bridge between a real session with real MCP servers and the store: the /mcp panel's actions reach the manager,
// which keeps an untrusted project's servers off.
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
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: true, projectTrusted: false, clientVersion: 'test',
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

describe("an untrusted project's servers through the bridge", () => {
  it('the panel actions reject with the manager’s plain sentence', async () => {
    const home = temp('rein-trust-home-');
    const project = temp('rein-trust-project-');
    const { bridge } = open([entry('proj', faultServer('normal'), 'project')], home, project);
    await vi.waitFor(() => expect(statuses(bridge)).toEqual(['proj:needs-trust']));
    await expect(bridge.mcpReconnect('proj')).rejects.toThrow('MCP server proj comes from this project, which is not trusted');
    await expect(bridge.mcpSetEnabled('proj', true)).rejects.toThrow('MCP server proj comes from this project, which is not trusted');
    await expect(bridge.mcpReconnect('nope')).rejects.toThrow('No MCP server named nope.');
  });
});
