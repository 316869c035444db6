// A command `rein mcp serve` runs stops when the client cancels its call, and when the client goes away.
import { readdirSync } from 'node:fs';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunning, pidIn, until } from '../support/commandPids.js';
import { project, serve, type Project, type Served } from './serveClient.js';

const open: Served[] = [];
const made: Project[] = [];

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const p of made.splice(0)) p.remove();
});

async function startLongCommand(): Promise<{ p: Project; s: Served; pid: number; call: Promise<unknown>; controller: AbortController }> {
  const p = project();
  made.push(p);
  const s = await serve(p, { args: ['--permission-mode', 'yolo'] });
  open.push(s);
  const controller = new AbortController();
  const call = s.client.callTool({ name: 'bash', arguments: { command: 'echo $$ > cmd.pid; sleep 300' } }, undefined, { signal: controller.signal, timeout: 120_000 });
  call.catch(() => undefined);
  const pid = await pidIn(p.dir, 'cmd.pid');
  expect(isRunning(pid)).toBe(true);
  return { p, s, pid, call, controller };
}

describe('rein mcp serve stopping commands', () => {
  it('stops the command when the client cancels the call', async () => {
    const { s, pid, call, controller } = await startLongCommand();
    controller.abort();
    await expect(call).rejects.toThrow();
    await until('the command to stop', () => !isRunning(pid), 30_000);
    // The server goes on serving.
    const read = await s.call('read_file', { path: 'notes.txt' });
    expect(read.isError).toBe(false);
  });

  it('stops the command when the client goes away', async () => {
    const { p, s, pid } = await startLongCommand();
    await s.close();
    open.splice(open.indexOf(s), 1);
    await until('the command to stop', () => !isRunning(pid), 30_000);
    // The server's folder for oversized outputs goes with it.
    await until('the server\'s folder to go', () => readdirSync(p.temp).length === 0, 30_000);
  });

  it('stops the command and removes its folder when the server is sent SIGTERM', async () => {
    const { p, s, pid } = await startLongCommand();
    const server = (s.client.transport as StdioClientTransport).pid;
    expect(server).toBeTypeOf('number');
    process.kill(server!, 'SIGTERM');
    await until('the server to end', () => !isRunning(server!), 30_000);
    await until('the command to stop', () => !isRunning(pid), 30_000);
    expect(readdirSync(p.temp)).toEqual([]);
  });
});
