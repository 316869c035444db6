// `rein acp`: rein as an Agent Client Protocol agent on stdio, for editors (Zed and others) that start it and talk JSON-RPC.
import { Readable, Writable } from 'node:stream';
import { format } from 'node:util';
import { promises as fs } from 'node:fs';
import { agent, ndJsonStream, PROTOCOL_VERSION, RequestError, type AgentContext, type ClientCapabilities, type ContentBlock, type SessionModeState } from '@agentclientprotocol/sdk';
import type { FileAccess } from '../../tools/types.js';
import { parseCliArgs } from '../args.js';
import { installShutdown } from '../shutdown.js';
import type { SessionCapabilities } from '../../engine/session/capabilities.js';
import { availableModes, isMode, openAcpSession } from './acpSessions.js';
import { runTurn } from './acpTurn.js';
import { UpdateMapper } from './acpUpdates.js';

interface Live {
  session: SessionCapabilities & { close: (reason?: string) => Promise<void> };
  mapper: UpdateMapper;
  /** Aborted by session/cancel while a prompt runs. */
  turn?: AbortController;
}

/** The prompt's blocks as one message: text as it is, files the editor attached inline with their path. */
export function promptText(blocks: ContentBlock[]): string {
  return blocks.map((b) => {
    if (b.type === 'text') return b.text;
    if (b.type === 'resource_link') return `@${b.uri.replace(/^file:\/\//, '')}`;
    if (b.type === 'resource' && 'text' in b.resource) return `\n<context ref="${b.resource.uri}">\n${b.resource.text}\n</context>\n`;
    return '';
  }).join('');
}

/** Text files through the editor, each way only when it offers that method; the disk otherwise. */
export function editorFiles(caps: ClientCapabilities, client: AgentContext, sessionId: () => string): FileAccess | undefined {
  const read = caps.fs?.readTextFile === true;
  const write = caps.fs?.writeTextFile === true;
  if (!read && !write) return undefined;
  return {
    readText: async (path) => (read ? (await client.request('fs/read_text_file', { sessionId: sessionId(), path })).content : fs.readFile(path, 'utf8')),
    writeText: async (path, content) => {
      if (write) await client.request('fs/write_text_file', { sessionId: sessionId(), path, content });
      else await fs.writeFile(path, content, 'utf8');
    },
  };
}

export async function runAcp(argv: string[], o: { version: string }): Promise<number> {
  // Flags are checked now, so a wrong one stops `rein acp` at start with its sentence rather than at the first session.
  if (parseCliArgs(argv).help) {
    process.stdout.write('Usage: rein acp [options]\n\nServes an editor over the Agent Client Protocol on standard input and output; the editor starts it.\nThe options are rein\'s own (rein --help); see docs/acp.md for Zed and JetBrains settings.\n');
    return 0;
  }
  const log = (line: string) => process.stderr.write(`rein acp: ${line}\n`);
  // stdout carries protocol messages only: anything printed the usual way goes to stderr.
  for (const name of ['log', 'info', 'debug', 'warn'] as const) console[name] = (...items: unknown[]) => process.stderr.write(`${format(...items)}\n`);
  // Every way out stops the processes rein started (commands, MCP servers).
  const shutdown = installShutdown({ write: (text) => process.stderr.write(text) });
  const sessions = new Map<string, Live>();
  const find = (sessionId: string): Live => {
    const live = sessions.get(sessionId);
    if (!live) throw RequestError.sessionNotFound(sessionId);
    return live;
  };
  const modes = (session: SessionCapabilities): SessionModeState => ({ currentModeId: session.settings.info.mode, availableModes });
  let caps: ClientCapabilities = {};
  let opening: Promise<unknown> = Promise.resolve();
  const open = async (client: AgentContext, cwd: string, mcpServers: Parameters<typeof openAcpSession>[0]['mcpServers'], resume?: string) => {
    let id = resume ?? '';
    const files = editorFiles(caps, client, () => id);
    // One at a time: a session is opened in its folder (the process's working directory) from start to end.
    const turn = opening.then(() => openAcpSession({ argv, cwd, mcpServers, resume, version: o.version, files }));
    opening = turn.catch(() => undefined);
    const opened = await turn;
    id = opened.session.settings.info.sessionId;
    const live: Live = { session: opened.session, mapper: new UpdateMapper(opened.session.settings.info.cwd, undefined, files && ((path) => files.readText(path))) };
    sessions.set(opened.session.settings.info.sessionId, live);
    for (const notice of opened.notices) log(notice);
    return { live, ...opened };
  };

  const app = agent({ name: 'rein' })
    .onRequest('initialize', ({ params }) => {
      caps = params.clientCapabilities ?? {};
      return {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
        mcpCapabilities: { http: true, sse: true },
      },
      agentInfo: { name: 'rein', title: 'rein', version: o.version },
      authMethods: [],
      };
    })
    .onRequest('session/new', async ({ params, client }) => {
      const { session } = await open(client, params.cwd, params.mcpServers);
      return { sessionId: session.settings.info.sessionId, modes: modes(session) };
    })
    .onRequest('session/load', async ({ params, client }) => {
      if (sessions.has(params.sessionId)) throw RequestError.invalidRequest(undefined, `Session ${params.sessionId} is open already.`);
      const { session, history } = await open(client, params.cwd, params.mcpServers, params.sessionId);
      // The conversation so far, as the editor shows a live one, before the answer to session/load.
      const replay = new UpdateMapper(session.settings.info.cwd, () => undefined);
      for (const event of history) {
        for (const update of replay.map(event, true)) await client.notify('session/update', { sessionId: params.sessionId, update });
      }
      const todos = session.conversation.todos();
      if (todos.length > 0) await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'plan', entries: todos.map((t) => ({ content: t.content, priority: 'medium', status: t.status })) } });
      return { modes: modes(session) };
    })
    .onRequest('session/set_mode', async ({ params, client }) => {
      const live = find(params.sessionId);
      if (!isMode(params.modeId)) throw RequestError.invalidParams(undefined, `Unknown mode "${params.modeId}"; use one of ${availableModes.map((m) => m.id).join(', ')}.`);
      live.session.settings.setMode(params.modeId);
      await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'current_mode_update', currentModeId: params.modeId } });
      return {};
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      const live = find(params.sessionId);
      if (live.turn) throw RequestError.invalidRequest(undefined, 'A prompt is running in this session already; wait for it or cancel it.');
      const turn = new AbortController();
      live.turn = turn;
      try {
        const stopReason = await runTurn({ session: live.session, sessionId: params.sessionId, client, mapper: live.mapper, text: promptText(params.prompt), cancelled: turn.signal, log });
        return { stopReason };
      } finally {
        live.turn = undefined;
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      const live = sessions.get(params.sessionId);
      // Esc in the TUI: the model stream, the tools and their processes all stop; open questions are withdrawn.
      live?.turn?.abort();
      live?.session.runs.abort();
    });

  const connection = app.connect(ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>));
  // The editor closed the pipe or went away: everything this agent started stops with it.
  await connection.closed;
  for (const live of sessions.values()) {
    live.turn?.abort();
    await live.session.close('other').catch((error: unknown) => log(`closing a session failed: ${(error as Error).message}`));
  }
  await shutdown.finish();
  return 0;
}
