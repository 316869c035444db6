// Starts every configured MCP server in the background (project ones only once trusted), tracks their status,
// and hands the session a sorted snapshot of their tools.
import { join } from 'node:path';
import type { McpServerStatus } from '../engine/events.js';
import type { AnyTool } from '../tools/types.js';
import { describeProblem, type McpConfigProblem, type McpServerEntry, type McpServerSpec } from './config.js';
import type { ConnectionOptions, McpConnection } from './connection.js';
import { adaptMcpTool } from './toolAdapter.js';
import { assignToolNames, compareToolNames } from './toolNames.js';
import { serverSetHash, TrustStore } from './trust.js';
import type { McpSessionSource, McpTrustRequest } from './types.js';

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
  /** Headless runs cannot ask: untrusted project servers stay off unless `trustProject` is set. */
  interactive: boolean;
  /** --trust-mcp: start the project's servers for this run without asking. */
  trustProject: boolean;
  clientVersion: string;
  /** Names the MCP tools must not take (the built-in tools). */
  reservedNames?: ReadonlySet<string>;
  restartDelayMs?: number;
}

type Slot =
  /** Not running: waiting for trust, turned off, or (connecting) its connection code still loading. */
  | { entry: McpServerEntry; kind: 'waiting'; status: 'needs-trust' | 'disabled' | 'connecting' }
  | { entry: McpServerEntry; kind: 'live'; connection: McpConnection };

export function describeDefinition(spec: McpServerSpec): string {
  return spec.transport === 'stdio' ? [spec.command, ...spec.args].join(' ') : `${spec.transport} ${spec.url}`;
}

export class McpManager implements McpSessionSource {
  private readonly slots = new Map<string, Slot>();
  private readonly changeListeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(message: string) => void>();
  private notices: string[] = [];
  private readonly trustStore: TrustStore;
  private readonly projectHash: string;
  private snapshot: { key: string; version: number; tools: AnyTool[] } = { key: '', version: 0, tools: [] };
  private closed = false;

  constructor(private readonly o: McpManagerOptions) {
    this.trustStore = new TrustStore(o.reinHome);
    this.projectHash = serverSetHash(o.servers.filter((s) => s.scope === 'project'));
    for (const problem of o.problems) this.notify(describeProblem(problem));
  }

  /** Decides trust and starts what may start; returns at once, the servers connect in the background. */
  start(): void {
    const project = this.o.servers.filter((s) => s.scope === 'project');
    const answer = project.length === 0 ? undefined : this.o.trustProject ? 'trusted' : this.trustStore.answer(this.o.projectDir, this.projectHash);
    for (const entry of this.o.servers) {
      if (entry.scope === 'project' && answer !== 'trusted') {
        this.slots.set(entry.name, { entry, kind: 'waiting', status: answer === 'denied' ? 'disabled' : 'needs-trust' });
      } else {
        this.launch(entry);
      }
    }
    if (answer === undefined && project.length > 0 && !this.o.interactive) {
      const names = project.map((s) => s.name).join(', ');
      this.notify(`Project MCP servers not started (${names}): this project's servers are not trusted yet; run with --trust-mcp to start them.`);
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

  pendingTrust(): McpTrustRequest | undefined {
    const waiting = [...this.slots.values()].filter((s) => s.kind === 'waiting' && s.status === 'needs-trust');
    if (waiting.length === 0) return undefined;
    return {
      projectDir: this.o.projectDir,
      servers: waiting.map((s) => ({ name: s.entry.name, file: s.entry.file, definition: describeDefinition(s.entry.spec) })),
    };
  }

  trust(decision: 'trust' | 'deny'): void {
    if (!this.pendingTrust()) return;
    this.trustStore.remember(this.o.projectDir, this.projectHash, decision === 'trust' ? 'trusted' : 'denied');
    for (const slot of [...this.slots.values()]) {
      if (slot.kind !== 'waiting' || slot.status !== 'needs-trust') continue;
      if (decision === 'trust') this.launch(slot.entry);
      else this.slots.set(slot.entry.name, { ...slot, status: 'disabled' });
    }
    this.changed();
  }

  /** Stops a server (if running) and connects it afresh, with a new allowance of restarts. */
  async reconnect(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`No MCP server named ${name}.`);
    if (slot.kind === 'waiting' && slot.status !== 'connecting') {
      throw new Error(`MCP server ${name} is ${slot.status === 'needs-trust' ? 'waiting for trust' : 'disabled'}; ${slot.status === 'needs-trust' ? 'trust the project first' : 'enable it first'}.`);
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
    if (slot.status === 'needs-trust') throw new Error(`MCP server ${name} is waiting for trust; trust the project first.`);
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
    await Promise.all([...this.slots.values()].map((s) => (s.kind === 'live' ? s.connection.close() : undefined)));
  }
}
