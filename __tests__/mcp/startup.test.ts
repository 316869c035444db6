// MCP start-up as Claude Code does it: the first request goes out without waiting for servers still starting; the
// model gets wait_for_mcp_servers while one is; each server's tools join at a turn boundary; once all are up the
// request prefix is the one a session whose servers were ready from the start sends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from '../../source/mcp/manager.js';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { waitToolName } from '../../source/mcp/waitTool.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { builtinToolNames } from '../../source/tools/builtins.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { entry, faultServer } from '../support/mcpServers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mcpHarness(servers: McpServerEntry[], script: ScriptedTurn[] | ((request: ProviderRequest, index: number) => ScriptedTurn)): Harness & { manager: McpManager } {
  const reinHome = mkdtempSync(join(tmpdir(), 'rein-mcp-home-'));
  const workspace = mkdtempSync(join(tmpdir(), 'rein-mcp-ws-'));
  const manager = new McpManager({
    servers, problems: [], projectDir: workspace, reinHome, workspace, sessionDir: join(reinHome, 'sessions', 's'),
    startupTimeoutMs: 30_000, toolTimeoutMs: 30_000, interactive: false, projectTrusted: false, clientVersion: 'test', reservedNames: new Set(builtinToolNames),
  });
  const harness = makeHarness(script, { sessionId: 's', sessionsDir: join(reinHome, 'sessions'), cwd: workspace, workspace, mcp: manager });
  cleanups.push(async () => {
    await harness.cleanup();
    rmSync(reinHome, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  manager.start();
  return { ...harness, manager };
}

const names = (request: ProviderRequest) => request.tools.map((t) => t.name);
/** A server that takes `ms` to start. */
const slow = (name: string, ms: number) => entry(name, faultServer('slow', undefined, { FAULT_DELAY_MS: String(ms) }));

describe('MCP start-up', () => {
  it('sends the first request at once, with wait_for_mcp_servers; the tools join at the turn after the wait', async () => {
    const h = mcpHarness([slow('late', 800)], (request, index) => {
      if (index === 0) return { toolCalls: [{ name: waitToolName, input: { servers: ['late'] } }] };
      if (index === 1) return { toolCalls: [{ name: 'mcp__late__echo', input: { message: 'now' } }] };
      return { text: 'done' };
    });
    await runPrompt(h.session, 'use the late server');
    const [first, second, third] = h.provider.requests;
    expect(names(first)).toContain(waitToolName);
    expect(names(first).some((n) => n.startsWith('mcp__late__'))).toBe(false);
    expect(lastToolResults(second)[0]).toBe('ready: true\nConnected (their tools are now available — call them directly): late');
    expect(names(second)).toContain('mcp__late__echo');
    // Nothing starting any more: the wait tool is gone, and the prefix ends with the server's tools in byte order.
    expect(names(second)).not.toContain(waitToolName);
    expect(lastToolResults(third)).toEqual(['echo: now']);
  });

  it('once every server is up, the prefix is the one of a session whose servers were ready before its first message', async () => {
    const started = mcpHarness([slow('late', 800), entry('quick', faultServer('normal'))], (request, index) => (index === 0 ? { toolCalls: [{ name: waitToolName, input: {} }] } : { text: 'ok' }));
    await runPrompt(started.session, 'go');
    const ready = mcpHarness([slow('late', 10), entry('quick', faultServer('normal'))], [{ text: 'ok' }]);
    await ready.manager.whenReady();
    await runPrompt(ready.session, 'go');
    expect(JSON.stringify(started.provider.requests[1].tools)).toBe(JSON.stringify(ready.provider.requests[0].tools));
    expect(started.provider.requests[0].tools.length).toBeLessThan(started.provider.requests[1].tools.length);
  });

  it('a call to a starting server\'s tool says the server is still connecting and how to wait for it', async () => {
    const h = mcpHarness([slow('late', 20_000)], [{ toolCalls: [{ name: 'mcp__late__echo', input: { message: 'x' } }] }, { text: 'ok' }]);
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/^Unknown tool `mcp__late__echo`\. The MCP server 'late' is still connecting\. Call wait_for_mcp_servers to wait for it, then try again\./);
  });

  it('waits at most five seconds, then names what is still connecting and what is unknown', async () => {
    const h = mcpHarness([slow('stuck', 60_000)], [{ toolCalls: [{ name: waitToolName, input: { servers: ['stuck', 'nosuch'] } }] }, { text: 'ok' }]);
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toBe([
      'ready: false',
      'Still connecting (try again or proceed without): stuck',
      'Unknown (no MCP server with this name is configured): nosuch',
    ].join('\n'));
  });
});
