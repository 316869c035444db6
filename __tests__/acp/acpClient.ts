// Starts the built `rein acp` against the mock model server and talks to it with the ACP SDK's own client side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { execa, type ResultPromise } from 'execa';
import {
  client, ndJsonStream, type ClientContext, type ReadTextFileRequest, type RequestPermissionRequest, type RequestPermissionResponse,
  type SessionNotification, type WriteTextFileRequest,
} from '@agentclientprotocol/sdk';
import type { MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');

export interface Scratch {
  repo: string;
  home: string;
  remove(): void;
}

export function scratch(): Scratch {
  const repo = mkdtempSync(join(tmpdir(), 'rein-acp-repo-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-acp-home-'));
  return { repo, home, remove: () => { rmSync(repo, { recursive: true, force: true }); rmSync(home, { recursive: true, force: true }); } };
}

export interface ClientSide {
  /** Every session/update the agent sent, in order. */
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  reads: ReadTextFileRequest[];
  writes: WriteTextFileRequest[];
  /** Everything rein wrote to stdout, as it came. */
  stdout: string[];
}

export interface Handlers {
  permission?: (request: RequestPermissionRequest) => RequestPermissionResponse | Promise<RequestPermissionResponse>;
  /** When given, the client offers fs/read_text_file and fs/write_text_file with these. */
  fs?: { read: (request: ReadTextFileRequest) => string; write: (request: WriteTextFileRequest) => void };
}

export function startAgent(s: Scratch, server: MockLlmServer, extraArgs: string[] = [], env: Record<string, string> = {}): ResultPromise<{ stdin: 'pipe'; stdout: 'pipe'; stderr: 'pipe'; reject: false }> {
  return execa('node', [cli, 'acp', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', ...extraArgs], {
    cwd: s.home, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', reject: false, buffer: { stdout: false },
    env: { REIN_HOME: s.home, HOME: s.home, OPENAI_API_KEY: 'sk-test', CI: 'true', ...env }, extendEnv: true, timeout: 120_000,
  });
}

/** Connects a client to a started agent and runs `op`; the connection closes when it ends. */
export async function withClient<T>(
  agent: ReturnType<typeof startAgent>, handlers: Handlers, op: (ctx: ClientContext, side: ClientSide) => Promise<T>,
): Promise<T> {
  const side: ClientSide = { updates: [], permissions: [], reads: [], writes: [], stdout: [] };
  agent.stdout!.on('data', (chunk: Buffer) => side.stdout.push(chunk.toString('utf8')));
  const app = client({ name: 'rein-acp-tests' })
    .onNotification('session/update', ({ params }) => {
      side.updates.push(params);
    })
    .onRequest('session/request_permission', async ({ params }) => {
      side.permissions.push(params);
      return handlers.permission ? handlers.permission(params) : { outcome: { outcome: 'cancelled' } };
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      side.reads.push(params);
      if (!handlers.fs) throw new Error('fs was not offered');
      return { content: handlers.fs.read(params) };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      side.writes.push(params);
      if (!handlers.fs) throw new Error('fs was not offered');
      handlers.fs.write(params);
      return {};
    });
  const stream = ndJsonStream(Writable.toWeb(agent.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(agent.stdout!) as ReadableStream<Uint8Array>);
  // The SDK leaves the pipe open when the workflow ends: closing it is how an editor lets the agent go.
  try {
    return await app.connectWith(stream, async (ctx) => {
    const init = await ctx.request('initialize', {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: handlers.fs !== undefined, writeTextFile: handlers.fs !== undefined } },
    });
    if (init.protocolVersion !== 1) throw new Error(`unexpected protocol version ${init.protocolVersion}`);
    return op(ctx, side);
    });
  } finally {
    agent.stdin!.end();
  }
}

export const select = (optionId: string): RequestPermissionResponse => ({ outcome: { outcome: 'selected', optionId } });

/** The updates of one kind, narrowed. */
export function updatesOf<K extends SessionNotification['update']['sessionUpdate']>(side: ClientSide, kind: K) {
  return side.updates.map((n) => n.update).filter((u): u is Extract<SessionNotification['update'], { sessionUpdate: K }> => u.sessionUpdate === kind);
}

/** The text of the agent's message chunks, joined. */
export const agentText = (side: ClientSide) => updatesOf(side, 'agent_message_chunk').map((u) => (u.content.type === 'text' ? u.content.text : '')).join('');
