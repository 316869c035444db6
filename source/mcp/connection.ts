// One MCP server on the official SDK client: connects within a deadline, lists its tools, calls them, notices
// when it exits, and restarts a stdio server with backoff. Loaded lazily: the SDK is slow to import.
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { callSignal } from '../util/callSignal.js';
import type { McpServerEntry } from './config.js';
import { describeExit, ProcessGroupStdioTransport } from './stdioTransport.js';
import type { McpCallOptions, McpConnectionState, McpServerLink } from './types.js';

export interface ConnectionOptions {
  workspace: string;
  /** Folder for the servers' stderr logs (under the session folder). */
  logDir: string;
  startupTimeoutMs: number;
  toolTimeoutMs: number;
  /** Restarts of a stdio server that exited, at most (default 3). */
  maxRestarts?: number;
  /** First restart delay; doubled for each later one (default 500 ms). */
  restartDelayMs?: number;
  clientVersion: string;
  /** What a message about a server that is down tells the user to do (default "/mcp to reconnect"). */
  reconnectHint?: string;
  /** Status or tool list changed. */
  onChange: () => void;
  /** One line for the user (a server that exited). */
  onNotice: (message: string) => void;
}

const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, '_');

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export class McpConnection implements McpServerLink {
  state: McpConnectionState = { status: 'connecting', tools: [], toolsVersion: 0, prompts: [], restarts: 0 };
  readonly logFile: string | undefined;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private closing = false;
  private warned = false;
  private attempt = 0;
  private ready: Promise<void> = Promise.resolve();

  constructor(readonly entry: McpServerEntry, private readonly o: ConnectionOptions) {
    this.logFile = entry.spec.transport === 'stdio' ? join(o.logDir, `${safeFileName(entry.name)}.log`) : undefined;
  }

  private get reconnectHint(): string {
    return this.o.reconnectHint ?? '/mcp to reconnect';
  }

  get name(): string {
    return this.entry.name;
  }

  /** Resolves once the current connection attempt has ended, connected or not (bounded by the startup timeout). */
  whenSettled(): Promise<void> {
    return this.ready;
  }

  start(): Promise<void> {
    this.closing = false;
    this.ready = this.connect();
    return this.ready;
  }

  private set(change: Partial<McpConnectionState>): void {
    this.state = { ...this.state, ...change };
    this.o.onChange();
  }

  private makeTransport(): Transport {
    const spec = this.entry.spec;
    if (spec.transport === 'stdio') {
      return new ProcessGroupStdioTransport({
        name: this.entry.name, command: spec.command, args: spec.args, env: spec.env, cwd: this.o.workspace, logFile: this.logFile ?? '',
      });
    }
    const requestInit = { headers: spec.headers };
    return spec.transport === 'http'
      ? new StreamableHTTPClientTransport(new URL(spec.url), { requestInit })
      : new SSEClientTransport(new URL(spec.url), { requestInit });
  }

  private makeClient(): Client {
    const client = new Client({ name: 'rein', version: this.o.clientVersion }, { capabilities: { roots: { listChanged: false } } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: [{ uri: pathToFileURL(this.o.workspace).href, name: basename(this.o.workspace) }],
    }));
    // Sampling and elicitation are not offered; a server that asks anyway gets a plain answer instead of silence.
    client.fallbackRequestHandler = (request) =>
      Promise.reject(new McpError(ErrorCode.MethodNotFound, `rein does not support ${request.method} requests from MCP servers (sampling and elicitation are declined).`));
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      await this.refreshTools(client).catch((error: unknown) => this.set({ lastError: `could not list tools after a change: ${errorText(error)}` }));
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () => {
      await this.refreshPrompts(client).catch((error: unknown) => this.set({ lastError: `could not list prompts after a change: ${errorText(error)}` }));
    });
    return client;
  }

  /** The server's prompts (none when it offers no prompts capability). */
  private async refreshPrompts(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.prompts) return;
    const prompts: Prompt[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor ? { cursor } : undefined, { timeout: this.o.startupTimeoutMs });
      prompts.push(...page.prompts);
      cursor = page.nextCursor;
    } while (cursor);
    if (this.client !== client) return;
    this.set({ prompts });
  }

  private async refreshTools(client: Client): Promise<void> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.o.startupTimeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    if (this.client !== client) return;
    this.set({ tools, toolsVersion: this.state.toolsVersion + 1 });
  }

  private async connect(): Promise<void> {
    this.attempt += 1;
    const attempt = this.attempt;
    const client = this.makeClient();
    const transport = this.makeTransport();
    this.client = client;
    this.transport = transport;
    this.set({ status: 'connecting', lastError: undefined, exit: undefined });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish starting within ${this.o.startupTimeoutMs / 1000} s`)), this.o.startupTimeoutMs);
    });
    try {
      await Promise.race([
        (async () => {
          await client.connect(transport, { timeout: this.o.startupTimeoutMs });
          await this.refreshTools(client);
          // A server whose prompts cannot be listed still serves its tools.
          await this.refreshPrompts(client).catch((error: unknown) => { this.state = { ...this.state, lastError: `could not list prompts: ${errorText(error)}` }; });
        })(),
        deadline,
      ]);
      if (attempt !== this.attempt || this.closing) return;
      client.onclose = () => this.closedUnexpectedly(client);
      this.set({ status: 'connected' });
    } catch (error) {
      if (attempt !== this.attempt || this.closing) return;
      const exit = transport instanceof ProcessGroupStdioTransport ? transport.exit : undefined;
      // A command that could not be spawned at all has no exit to describe: its error says why.
      const reason = exit && (exit.code !== null || exit.signal !== null) ? `${describeExit(exit)} while starting` : errorText(error);
      this.client = undefined;
      await transport.close().catch(() => undefined);
      this.set({ status: 'failed', lastError: reason, tools: [], toolsVersion: this.state.toolsVersion + 1, prompts: [] });
    } finally {
      clearTimeout(timer);
    }
  }

  private closedUnexpectedly(client: Client): void {
    if (this.client !== client || this.closing) return;
    this.client = undefined;
    const exit = this.transport instanceof ProcessGroupStdioTransport ? this.transport.exit : undefined;
    const what = exit ? describeExit(exit) : 'closed the connection';
    this.set({ status: 'failed', lastError: what, exit: what });
    const restartable = this.entry.spec.transport === 'stdio' && this.state.restarts < (this.o.maxRestarts ?? 3);
    if (!this.warned) {
      this.warned = true;
      this.o.onNotice(`MCP server ${this.name} ${what}${restartable ? '; restarting it' : `; ${this.reconnectHint}`}${this.logFile ? ` (log: ${this.logFile})` : ''}.`);
    }
    if (!restartable) return;
    const delay = (this.o.restartDelayMs ?? 500) * 2 ** this.state.restarts;
    this.state = { ...this.state, restarts: this.state.restarts + 1 };
    setTimeout(() => {
      if (!this.closing && !this.client) void this.start();
    }, delay).unref();
  }

  /** The connected client, or a plain error saying why there is none. */
  private requireClient(): Client {
    const client = this.client;
    if (client && this.state.status === 'connected') return client;
    const why = this.state.exit ?? this.state.lastError ?? this.state.status;
    throw new Error(`MCP server ${this.name} ${this.state.exit ? why : `is not connected (${why})`}; restart rein to reconnect it.`);
  }

  /**
   * A request other than a tool call (resources, prompts), bounded by the tool timeout, its failure in one sentence.
   * `options()` gives each SDK call its own signal, aborted with `signal`: the SDK adds an abort listener to the
   * signal of every request it sends and never takes it off, so a run-long signal would collect one per resource
   * read or page until Node warns of a leak.
   */
  private async request<T>(what: string, run: (client: Client, options: () => { timeout: number; signal?: AbortSignal }) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const client = this.requireClient();
    const links: Array<() => void> = [];
    const options = (): { timeout: number; signal?: AbortSignal } => {
      if (!signal) return { timeout: this.o.toolTimeoutMs };
      const link = callSignal(signal);
      links.push(link.done);
      return { timeout: this.o.toolTimeoutMs, signal: link.signal };
    };
    try {
      return await run(client, options);
    } catch (error) {
      if (this.state.exit) throw new Error(`MCP server ${this.name} ${this.state.exit}; restart rein to reconnect it.`);
      throw new Error(`MCP server ${this.name} could not ${what}: ${errorText(error)}`);
    } finally {
      for (const done of links) done();
    }
  }

  /** Every resource the server lists, and its resource templates (whose URIs need filling in). */
  async listResources(signal?: AbortSignal): Promise<{ uri: string; name: string; description?: string; mimeType?: string; template?: boolean }[]> {
    const client = this.requireClient();
    if (!client.getServerCapabilities()?.resources) return [];
    return this.request('list its resources', async (c, options) => {
      const out: { uri: string; name: string; description?: string; mimeType?: string; template?: boolean }[] = [];
      let cursor: string | undefined;
      do {
        const page = await c.listResources(cursor ? { cursor } : undefined, options());
        for (const r of page.resources) out.push({ uri: r.uri, name: r.name, ...(r.description ? { description: r.description } : {}), ...(r.mimeType ? { mimeType: r.mimeType } : {}) });
        cursor = page.nextCursor;
      } while (cursor);
      const templates = await c.listResourceTemplates(undefined, options()).catch(() => ({ resourceTemplates: [] }));
      for (const t of templates.resourceTemplates) {
        out.push({ uri: t.uriTemplate, name: t.name, ...(t.description ? { description: t.description } : {}), ...(t.mimeType ? { mimeType: t.mimeType } : {}), template: true });
      }
      return out;
    }, signal);
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.request(`read ${uri}`, (c, options) => c.readResource({ uri }, options()), signal);
  }

  async getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<GetPromptResult> {
    return this.request(`get prompt ${name}`, (c, options) => c.getPrompt({ name, arguments: args }, options()), signal);
  }

  /** Calls one tool; throws with a plain message when the server is down, times out or fails. */
  async callTool(tool: string, args: Record<string, unknown>, options: McpCallOptions): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.state.status !== 'connected') {
      const why = this.state.exit ?? this.state.lastError ?? this.state.status;
      throw new Error(`MCP server ${this.name} ${this.state.exit ? why : `is not connected (${why})`}; ${this.reconnectHint}.`);
    }
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        signal: options.signal,
        timeout: this.o.toolTimeoutMs,
        onprogress: (p) => options.onProgress(p.message ?? (p.total ? `${p.progress}/${p.total}` : `${p.progress}`)),
      });
      return result as CallToolResult;
    } catch (error) {
      if (this.state.exit) throw new Error(`MCP server ${this.name} ${this.state.exit}; ${this.reconnectHint}.`);
      if (error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout)) {
        throw new Error(`MCP server ${this.name} did not answer ${tool} within ${this.o.toolTimeoutMs / 1000} s; the call was cancelled.`);
      }
      throw new Error(`MCP server ${this.name} failed to run ${tool}: ${errorText(error)}`);
    }
  }

  /** Stops the server (its whole process group, for stdio). */
  async close(): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = undefined;
    await (client ? client.close() : this.transport?.close())?.catch(() => undefined);
  }
}
