// What the /mcp panel does with a server: reconnect it (after it exited for good), turn it off and on, list its tools.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../source/mcp/config.js';
import { McpManager } from '../../source/mcp/manager.js';
import { entry, faultServer, until } from '../support/mcpServers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function manager(servers: McpServerEntry[]): McpManager {
  const home = mkdtempSync(join(tmpdir(), 'rein-mcp-control-'));
  const m = new McpManager({
    servers, problems: [], projectDir: home, reinHome: home, workspace: home, sessionDir: join(home, 's'),
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: true, projectTrusted: false, clientVersion: 'test', restartDelayMs: 20,
  });
  cleanups.push(async () => {
    await m.close();
    rmSync(home, { recursive: true, force: true });
  });
  m.start();
  return m;
}

const statusOf = (m: McpManager, name: string) => m.status().find((s) => s.name === name);
const starts = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('start')).length : 0);

describe('MCP server control', () => {
  it('serverTools lists a connected server’s tools by their own names, and nothing for an unknown one', async () => {
    const m = manager([entry('fault', faultServer('normal'))]);
    await m.whenReady();
    expect(m.serverTools('fault').map((t) => t.name).sort()).toEqual(['add_tool', 'crash', 'echo', 'sample', 'sleep']);
    expect(m.serverTools('fault').find((t) => t.name === 'echo')?.description).toBe('Echoes the message back');
    expect(m.serverTools('nope')).toEqual([]);
  });

  it('setEnabled(false) stops the server and leaves its tools out; setEnabled(true) starts it again', async () => {
    const marks = join(mkdtempSync(join(tmpdir(), 'rein-marks-')), 'marks');
    const m = manager([entry('fault', faultServer('normal', marks))]);
    await m.whenReady();
    expect(m.tools().tools.length).toBe(5);
    await m.setEnabled('fault', false);
    expect(statusOf(m, 'fault')?.status).toBe('disabled');
    expect(m.tools().tools).toEqual([]);
    expect(m.serverTools('fault')).toEqual([]);
    await m.setEnabled('fault', true);
    await m.whenReady();
    expect(statusOf(m, 'fault')?.status).toBe('connected');
    expect(m.tools().tools.length).toBe(5);
    expect(starts(marks)).toBe(2);
  });

  it('reconnect starts a fresh server process, even one that has used up its restarts', async () => {
    const marks = join(mkdtempSync(join(tmpdir(), 'rein-marks-')), 'marks');
    const m = manager([entry('fault', faultServer('normal', marks))]);
    await m.whenReady();
    await m.reconnect('fault');
    await m.whenReady();
    expect(statusOf(m, 'fault')?.status).toBe('connected');
    expect(starts(marks)).toBe(2);
    await expect(m.reconnect('nope')).rejects.toThrow('No MCP server named nope.');
  });

  it('a disabled or untrusted server cannot be reconnected, and an untrusted one cannot be enabled', async () => {
    const m = manager([entry('proj', faultServer('normal'), 'project'), entry('user', faultServer('normal'))]);
    await m.whenReady();
    expect(statusOf(m, 'proj')?.status).toBe('needs-trust');
    await expect(m.reconnect('proj')).rejects.toThrow('MCP server proj comes from this project, which is not trusted; restart rein and trust the project (or run with --trust-project) to start it.');
    await expect(m.setEnabled('proj', true)).rejects.toThrow('which is not trusted');
    await m.setEnabled('user', false);
    await expect(m.reconnect('user')).rejects.toThrow('MCP server user is disabled; enable it first.');
  });
});
