// A stdio server that keeps crashing is restarted at most three times, warned about once, and then left down with
// its tools answering how to reconnect it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpManager } from '../../source/mcp/manager.js';
import { entry, stdio } from '../support/mcpServers.js';

const crashLoopServer = resolve('__tests__/support/mcp/crashLoopServer.mjs');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function crashingManager(): { manager: McpManager; marks: string; notices: string[] } {
  const home = mkdtempSync(join(tmpdir(), 'rein-mcp-restarts-'));
  const marks = join(home, 'marks');
  const manager = new McpManager({
    servers: [entry('loop', stdio(process.execPath, [crashLoopServer], { FAULT_MARKS: marks }))], problems: [],
    projectDir: home, reinHome: home, workspace: home, sessionDir: join(home, 's'),
    startupTimeoutMs: 10_000, toolTimeoutMs: 30_000, interactive: true, projectTrusted: false, clientVersion: 'test',
    // No delay: a fourth restart, if there were one, would start on the very next turn of the timers.
    restartDelayMs: 0,
  });
  const notices: string[] = [];
  manager.onNotice((message) => notices.push(message));
  cleanups.push(async () => {
    await manager.close();
    rmSync(home, { recursive: true, force: true });
  });
  manager.start();
  return { manager, marks, notices };
}

const starts = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('start')).length : 0);
const afterTimers = () => new Promise<void>((done) => setTimeout(() => setImmediate(done), 0));

describe('MCP restarts', () => {
  it('a stdio server that crashes every time is started four times in all (three restarts), then stays down', async () => {
    const { manager, marks, notices } = crashingManager();
    await vi.waitFor(
      () => {
        expect(starts(marks)).toBe(4);
        expect(manager.status()[0]).toMatchObject({ status: 'failed', lastError: 'exited with code 1' });
      },
      { timeout: 30_000, interval: 20 },
    );
    // A further restart would be due at once (no delay) and would show as connecting or as a fifth start.
    for (let i = 0; i < 5; i++) await afterTimers();
    await manager.whenReady();
    expect(manager.status()[0].status).toBe('failed');
    expect(starts(marks)).toBe(4);
    // One warning, from the first crash; the tools are left out.
    expect(notices).toEqual([expect.stringMatching(/^MCP server loop exited with code 1; restarting it \(log: .*loop\.log\)\.$/)]);
    expect(manager.tools().tools).toEqual([]);
  });
});
