// Starts every configured MCP server in the background (project ones only when the project is trusted), tracks their status,
// and hands the session a sorted snapshot of their tools.
import { join } from 'node:path';
import type { McpServerStatus } from '../protocol/events.js';
import type { AnyTool } from '../tools/types.js';
import { describeProblem, type McpConfigProblem, type McpServerEntry, type McpServerSpec } from './config.js';
import type { ConnectionOptions, McpConnection } from './connection.js';
import { mapPromptArguments, promptCommands, promptMessagesText } from './prompts.js';
import { resourceContentsText } from './resources.js';
import { adaptMcpTool, resultToToolResult } from './toolAdapter.js';
import { assignToolNames, compareToolNames } from '../protocol/mcpToolNames.js';
import type { McpPromptCommand, McpResourceInfo, McpResourceText, McpSessionSource } from './types.js';

export interface McpManagerOptions {
  servers: McpServerEntry[];
  problems: McpConfigProblem[];
  projectDir: string;
  reinHome: string;
  workspace: string;
  /** The session folder: stdio servers' stderr goes to `<sessionDir>/mcp/<name>.log`. */
  sessionDir: string;
  startupTimeoutMs: number;
  toolTimeoutMs: number;
  /** Whether the project's own servers may start: the project is trusted (or --trust-mcp). */
  projectTrusted: boolean;
  /** Headless runs have no /mcp panel: a lost server's notice says to restart rein. */
  interactive: boolean;
  clientVersion: string;
  /** Names the MCP tools must not take (the built-in tools). */
  reservedNames?: ReadonlySet<string>;
  restartDelayMs?: number;
}

type Slot =
  /** Not running: waiting for trust, turned off, or (connecting) its connection code still loading. */
  | { entry: McpServerEntry; kind: 'waiting'; status: 'needs-trust' | 'disabled' | 'connecting' }
  | { entry: McpServerEntry; kind: 'live'; connection: McpConnection };

function describeDefinition(spec: McpServerSpec): string {
  return spec.transport === 'stdio' ? [spec.command, ...spec.args].join(' ') : `${spec.transport} ${spec.url}`;
}

/**
 * The definition as the file writes it, for the trust dialog: `${GITHUB_TOKEN}` stays a name rather than the
 * token it expands to, and it is what the user reviews in the file. The expanded form when the entry is odd.
 */
export function describeWritten(written: unknown, spec: McpServerSpec): string {
  if (written === null || typeof written !== 'object') return describeDefinition(spec);
  const entry = written as { command?: unknown; args?: unknown; url?: unknown };
  if (spec.transport === 'stdio' && typeof entry.command === 'string') {
    const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
    return [entry.command, ...args].join(' ');
  }
  if (spec.transport !== 'stdio' && typeof entry.url === 'string') return `${spec.transport} ${entry.url}`;
  return describeDefinition(spec);
}

const untrustedServer = (name: string) =>
  `MCP server ${name} comes from this project, which is not trusted; restart rein and trust the project (or run with --trust-project) to start it.`;

export class McpManager implements McpSessionSource {
  private readonly slots = new Map<string, Slot>();
  private readonly changeListeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(message: string) => void>();
  private notices: string[] = [];
  private snapshot: { key: string; version: number; tools: AnyTool[] } = { key: '', version: 0, tools: [] };
  private closed = false;

  constructor(private readonly o: McpManagerOptions) {
    for (const problem of o.problems) this.notify(describeProblem(problem));
  }

  /** Starts what may start (an untrusted project's servers stay off); returns at once, the servers connect in the background. */
  start(): void {
    for (const entry of this.o.servers) {
      if (entry.scope === 'project' && !this.o.projectTrusted) this.slots.set(entry.name, { entry, kind: 'waiting', status: 'needs-trust' });
      else this.launch(entry);
    }
    this.changed();
  }

  private launch(entry: McpServerEntry): void {
    this.slots.set(entry.name, { entry, kind: 'waiting', status: 'connecting' });
    // Loaded with the first server: the SDK is not needed by sessions without MCP.
    const connectionOptions: ConnectionOptions = {
      workspace: this.o.workspace,
      logDir: join(this.o.sessionDir, 'mcp'),
      startupTimeoutMs: this.o.startupTimeoutMs,
      toolTimeoutMs: this.o.toolTimeoutMs,
      clientVersion: this.o.clientVersion,
      restartDelayMs: this.o.restartDelayMs,
      // Only the full-screen session has the /mcp panel; a headless run is simply started again.
      ...(this.o.interactive ? {} : { reconnectHint: 'restart rein to reconnect it' }),
      onChange: () => this.changed(),
      onNotice: (message) => this.notify(message),
    };
    const started = import('./connection.js').then(async ({ McpConnection }) => {
      if (this.closed) return;
      const connection = new McpConnection(entry, connectionOptions);
      this.slots.set(entry.name, { entry, kind: 'live', connection });
      await connection.start();
      const state = connection.state;
      if (state.status === 'failed') {
        this.notify(`MCP server ${entry.name} failed to start: ${state.lastError ?? 'unknown error'}${connection.logFile ? ` (log: ${connection.logFile})` : ''}; its tools are left out.`);
      }
    });
    this.pending.add(started);
    void started.finally(() => this.pending.delete(started));
  }

  private readonly pending = new Set<Promise<void>>();

  async whenReady(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending].map((p) => p.catch(() => undefined)));
  }

  private notify(message: string): void {
    if (this.noticeListeners.size === 0) {
      this.notices.push(message);
      return;
    }
    for (const listener of this.noticeListeners) listener(message);
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  tools(): { version: number; tools: AnyTool[] } {
    const live = [...this.slots.values()].filter((s): s is Extract<Slot, { kind: 'live' }> => s.kind === 'live' && s.connection.state.status === 'connected');
    const key = live.map((s) => `${s.entry.name}:${s.connection.state.toolsVersion}`).sort().join('|');
    if (key === this.snapshot.key) return { version: this.snapshot.version, tools: this.snapshot.tools };
    const refs = live.flatMap((s) => s.connection.state.tools.map((tool) => ({ server: s.entry.name, tool: tool.name })));
    const names = assignToolNames(refs, this.o.reservedNames);
    const tools = live.flatMap((s) =>
      s.connection.state.tools.map((tool) =>
        adaptMcpTool({ link: s.connection, tool, exposedName: names.get(`${s.entry.name}\0${tool.name}`) ?? tool.name, toolTimeoutMs: this.o.toolTimeoutMs }),
      ),
    );
    tools.sort((a, b) => compareToolNames(a.name, b.name));
    this.snapshot = { key, version: this.snapshot.version + 1, tools };
    return { version: this.snapshot.version, tools };
  }

  status(): McpServerStatus[] {
    return [...this.slots.values()]
      .map((slot): McpServerStatus => {
        const base = { name: slot.entry.name, transport: slot.entry.spec.transport, scope: slot.entry.scope };
        if (slot.kind === 'waiting') return { ...base, status: slot.status, toolCount: 0 };
        const state = slot.connection.state;
        return {
          ...base,
          status: state.status,
          toolCount: state.status === 'connected' ? state.tools.length : 0,
          ...(state.lastError !== undefined ? { lastError: state.lastError } : {}),
          ...(slot.connection.logFile !== undefined ? { logFile: slot.connection.logFile } : {}),
        };
      })
      .sort((a, b) => compareToolNames(a.name, b.name));
  }

  /** Stops a server (if running) and connects it afresh, with a new allowance of restarts. */
  async reconnect(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`No MCP server named ${name}.`);
    if (slot.kind === 'waiting' && slot.status !== 'connecting') {
      throw new Error(slot.status === 'needs-trust' ? untrustedServer(name) : `MCP server ${name} is disabled; enable it first.`);
    }
    if (slot.kind === 'live') await slot.connection.close();
    if (this.closed) return;
    this.launch(slot.entry);
    this.changed();
  }

  /** Turns a server off (stopping it) or on again (starting it) for this session. */
  async setEnabled(name: string, enabled: boolean): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`No MCP server named ${name}.`);
    if (!enabled) {
      if (slot.kind === 'waiting' && slot.status === 'disabled') return;
      this.slots.set(name, { entry: slot.entry, kind: 'waiting', status: 'disabled' });
      if (slot.kind === 'live') await slot.connection.close();
      this.changed();
      return;
    }
    if (slot.kind === 'live' || slot.status === 'connecting') return;
    if (slot.status === 'needs-trust') throw new Error(untrustedServer(name));
    if (this.closed) return;
    this.launch(slot.entry);
    this.changed();
  }

  /** The tools one server lists (empty unless connected). */
  serverTools(name: string): { name: string; description?: string }[] {
    const slot = this.slots.get(name);
    if (slot?.kind !== 'live' || slot.connection.state.status !== 'connected') return [];
    return slot.connection.state.tools.map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}) }));
  }

  /** The connection of a connected server, or a plain error naming why it cannot be asked. */
  private connected(name: string): McpConnection {
    const slot = this.slots.get(name);
    if (!slot) {
      const known = [...this.slots.keys()].sort(compareToolNames);
      throw new Error(`No MCP server named ${name}${known.length > 0 ? ` (configured: ${known.join(', ')})` : ' is configured'}.`);
    }
    if (slot.kind === 'waiting') {
      throw new Error(slot.status === 'needs-trust' ? untrustedServer(name) : `MCP server ${name} is ${slot.status === 'disabled' ? 'disabled' : 'still connecting'}.`);
    }
    if (slot.connection.state.status !== 'connected') {
      throw new Error(`MCP server ${name} is not connected (${slot.connection.state.exit ?? slot.connection.state.lastError ?? slot.connection.state.status}).`);
    }
    return slot.connection;
  }

  /** Resolves once the named server is no longer connecting (or at once on abort). */
  async settled(name: string, signal?: AbortSignal): Promise<void> {
    const starting = () => {
      const slot = this.slots.get(name);
      if (slot?.kind === 'waiting' && slot.status === 'connecting' && this.pending.size > 0) return Promise.race([...this.pending]);
      if (slot?.kind === 'live' && slot.connection.state.status === 'connecting') return slot.connection.whenSettled();
      return undefined;
    };
    if (!starting() || signal?.aborted) return;
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => (onAbort = resolve));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (let wait = starting(); wait && !signal?.aborted; wait = starting()) await Promise.race([wait.catch(() => undefined), aborted]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async listResources(server: string, signal?: AbortSignal): Promise<McpResourceInfo[]> {
    await this.settled(server, signal);
    return this.connected(server).listResources(signal);
  }

  async readResource(server: string, uri: string, signal?: AbortSignal): Promise<McpResourceText> {
    // An @server:uri in the first message may name a server still starting: it is waited for.
    await this.settled(server, signal);
    const result = await this.connected(server).readResource(uri, signal);
    return { uri, text: resourceContentsText(result) };
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<{ text: string; isError: boolean }> {
    // A hook may call a server still starting: it is waited for (the hook's own timeout bounds the wait).
    await this.settled(server, signal);
    const result = resultToToolResult(await this.connected(server).callTool(tool, args, { signal, onProgress: () => {} }));
    return { text: typeof result.content === 'string' ? result.content : JSON.stringify(result.content), isError: result.isError === true };
  }

  promptCommands(): McpPromptCommand[] {
    const live = [...this.slots.values()].filter((s): s is Extract<Slot, { kind: 'live' }> => s.kind === 'live' && s.connection.state.status === 'connected');
    const all = live.flatMap((s) => promptCommands(s.entry.name, s.connection.state.prompts));
    return all.sort((a, b) => compareToolNames(a.command, b.command));
  }

  async runPromptCommand(command: string, args: string, signal?: AbortSignal): Promise<string> {
    let found = this.promptCommands().find((c) => c.command === command.toLowerCase());
    // Its server may still be starting: the servers are waited for before it is called unknown.
    if (!found && this.pending.size > 0) {
      await Promise.race([this.whenReady(), new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }))]);
      found = this.promptCommands().find((c) => c.command === command.toLowerCase());
    }
    if (!found) throw new Error(`No MCP prompt /${command}; type / to see the prompts of connected servers.`);
    const result = await this.connected(found.server).getPrompt(found.prompt, mapPromptArguments(found, args), signal);
    return promptMessagesText(result);
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onNotice(listener: (message: string) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  takeNotices(): string[] {
    const taken = this.notices;
    this.notices = [];
    return taken;
  }

  async close(): Promise<void> {
    // Not waiting for servers still starting: closing a connection ends its start, a hung one included.
    this.closed = true;
    await Promise.all([...this.slots.values()].map((s) => (s.kind === 'live' ? s.connection.close() : Promise.resolve())));
  }
}
