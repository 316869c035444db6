// Benchmarks the MCP client with real servers (server-everything, server-filesystem): the TUI's first frame with
// three servers configured against none, start to "all servers ready", a tool call through rein against a bare
// SDK client's callTool, and a headless run's start to its first model request with six slow servers configured.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startMockLlmServer } from '../__tests__/support/mockLlmServer.js';
import { startMcpServers } from '../source/mcp/start.js';
import { PtyApp } from './ptyApp.js';
import { firstFrameMs } from './renderMeasure.js';
import { median, ms, row } from './stats.js';

const bin = (name: string) => resolve('node_modules/.bin', name);

function threeServers(workspace: string) {
  return {
    mcpServers: {
      everything: { command: bin('mcp-server-everything'), args: [] },
      everything2: { command: bin('mcp-server-everything'), args: [] },
      files: { command: bin('mcp-server-filesystem'), args: [workspace] },
    },
  };
}

async function firstFrames(withServers: boolean, runs: number): Promise<number[]> {
  const server = await startMockLlmServer({ turns: [] });
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'rein-bench-mcp-cwd-')));
    const home = mkdtempSync(join(tmpdir(), 'rein-bench-mcp-home-'));
    const args: string[] = [];
    if (withServers) {
      const file = join(home, 'servers.json');
      writeFileSync(file, JSON.stringify(threeServers(cwd)));
      args.push('--mcp-config', file);
    }
    const app = new PtyApp({ cwd, home, baseUrl: server.openaiBaseUrl, args });
    try {
      out.push(await firstFrameMs(app));
    } finally {
      await app.close();
      rmSync(cwd, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }
  await server.close();
  return out;
}

async function readyAndCall(): Promise<{ readyMs: number; reinCallMs: number[]; bareCallMs: number[] }> {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'rein-bench-mcp-ws-')));
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-mcp-home-'));
  const started = performance.now();
  const manager = startMcpServers({
    cwd: workspace, workspace, env: process.env, reinHome: home, sessionDir: join(home, 'session'),
    layers: [{ file: join(home, 'agent.config.json'), scope: 'user', servers: threeServers(workspace).mcpServers }], projectTrusted: false, interactive: false,
    timeouts: { startupTimeoutMs: 30_000, toolTimeoutMs: 30_000 }, clientVersion: 'bench', reservedNames: new Set(),
  });
  if (!manager) throw new Error('no MCP servers started');
  await manager.whenReady();
  const readyMs = performance.now() - started;
  const echo = manager.tools().tools.find((t) => t.name === 'mcp__everything__echo');
  if (!echo) throw new Error('mcp__everything__echo is missing');
  const ctx = {
    cwd: workspace, workspace, signal: new AbortController().signal, onProgress: () => {}, toolCallId: 'bench',
    state: { files: undefined as never, todos: [], background: undefined as never, sessionDir: join(home, 'session'), extraReadableRoots: [] },
  };
  const reinCallMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    // A signal per call, as the tool runner gives each call.
    await echo.execute({ message: `hello ${i}` }, { ...ctx, signal: new AbortController().signal });
    if (i >= 10) reinCallMs.push(performance.now() - t);
  }
  await manager.close();

  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: bin('mcp-server-everything'), args: [], stderr: 'ignore' }));
  const bareCallMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    await client.callTool({ name: 'echo', arguments: { message: `hello ${i}` } });
    if (i >= 10) bareCallMs.push(performance.now() - t);
  }
  await client.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
  return { readyMs, reinCallMs, bareCallMs };
}

/** Six servers that each take `delayMs` to start (the fault server's slow mode), as an --mcp-config file's content. */
function slowServers(delayMs: number) {
  const entry = { command: process.execPath, args: [resolve('__tests__/support/mcp/faultServer.mjs'), 'slow'], env: { FAULT_DELAY_MS: String(delayMs) } };
  return { mcpServers: Object.fromEntries(['s1', 's2', 's3', 's4', 's5', 's6'].map((name) => [name, entry])) };
}

/** Milliseconds from starting `rein -p` to the mock server receiving its first request, per run. */
async function firstRequests(withServers: boolean, runs: number): Promise<number[]> {
  const cli = process.env.REIN_BENCH_CLI ?? resolve('dist/cli.js');
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startMockLlmServer({ turns: [{ text: 'ok' }] });
    const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'rein-bench-mcp-cwd-')));
    const home = mkdtempSync(join(tmpdir(), 'rein-bench-mcp-home-'));
    const args = ['-p', 'hi', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'bench'];
    if (withServers) {
      const file = join(home, 'servers.json');
      writeFileSync(file, JSON.stringify(slowServers(3000)));
      args.push('--mcp-config', file);
    }
    const started = Date.now();
    await execa(process.execPath, [cli, ...args], { cwd, env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-bench' }, reject: false });
    if (server.requests[0]) out.push(server.requests[0].receivedAt - started);
    await server.close();
    rmSync(cwd, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
  return out;
}

/** The start-up figures alone (`npm run bench mcp` prints them with the rest). */
export async function benchMcpFirstRequests(): Promise<string[]> {
  const bare = await firstRequests(false, 5);
  const slow = await firstRequests(true, 5);
  return [
    row('rein -p: start to first model request, no MCP servers', ms(median(bare))),
    row('rein -p: start to first model request, six servers 3 s slow to start', ms(median(slow))),
  ];
}

export async function benchMcp(): Promise<string[]> {
  const none = await firstFrames(false, 5);
  const three = await firstFrames(true, 5);
  const calls = await readyAndCall();
  const bare = await firstRequests(false, 5);
  const slow = await firstRequests(true, 5);
  return [
    'MCP (real servers: two server-everything, one server-filesystem, over stdio)',
    row('TUI first frame, no MCP servers', ms(median(none))),
    row('TUI first frame, three servers configured', ms(median(three)), 'no difference beyond noise'),
    row('start to all three servers ready', ms(calls.readyMs)),
    row('echo through rein (adapter, result mapping)', ms(median(calls.reinCallMs))),
    row('echo through a bare SDK callTool', ms(median(calls.bareCallMs))),
    row('rein -p: start to first model request, no MCP servers', ms(median(bare))),
    row('rein -p: start to first model request, six servers 3 s slow to start', ms(median(slow))),
  ];
}
