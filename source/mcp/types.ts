// Types shared inside the MCP room and with the session that uses it (type-only: no SDK code is loaded by them).
import type { CallToolResult, Prompt, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerStatus } from '../protocol/events.js';
import type { AnyTool } from '../tools/types.js';

export interface McpConnectionState {
  status: 'connecting' | 'connected' | 'failed';
  /** The server's tools as it listed them. */
  tools: Tool[];
  /** Bumped whenever `tools` is replaced. */
  toolsVersion: number;
  /** The server's prompts as it listed them (refreshed on prompts/list_changed). */
  prompts: Prompt[];
  lastError?: string;
  /** Set while the server is down after exiting mid-session ("exited with code 1"). */
  exit?: string;
  restarts: number;
}

export interface McpCallOptions {
  signal: AbortSignal;
  onProgress: (text: string) => void;
}

/** What a tool adapter needs from its server. */
export interface McpServerLink {
  readonly name: string;
  callTool(tool: string, args: Record<string, unknown>, options: McpCallOptions): Promise<CallToolResult>;
}

/** One resource a server lists; `template` marks a URI template (RFC 6570) that needs its variables filled in. */
export interface McpResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
  template?: boolean;
}

/** A resource's content, ready to attach to a message: text parts as text, binary parts described in one line. */
export interface McpResourceText {
  uri: string;
  text: string;
}

/** A server prompt offered as the slash command `/<command> [args]`. */
export interface McpPromptCommand {
  /** `mcp__<server>__<prompt>`, lowercase, as the command is typed. */
  command: string;
  server: string;
  prompt: string;
  description?: string;
  /** The prompt's declared arguments, in order: positional words fill them. */
  arguments: { name: string; description?: string; required: boolean }[];
}

/** The MCP side of a session: the engine waits for start-up, takes tool snapshots between runs, and shows status. */
export interface McpSessionSource {
  /** Resolves once no server is still connecting (each is bounded by mcp.startupTimeoutMs). */
  whenReady(): Promise<void>;
  /** The current MCP tools, sorted; `version` changes whenever the set or a schema changes. */
  tools(): { version: number; tools: AnyTool[] };
  status(): McpServerStatus[];
  /** Stops the named server and connects it again; rejects with a plain sentence for an unknown, untrusted or disabled one. */
  reconnect(name: string): Promise<void>;
  /** Turns the named server off (stopping it) or on (starting it) for this session. */
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** The tools the named server lists, as the server names them; empty unless it is connected. */
  serverTools(name: string): { name: string; description?: string }[];
  /** The resources (and resource templates) the named server lists; rejects with a plain sentence when it cannot. */
  listResources(server: string, signal?: AbortSignal): Promise<McpResourceInfo[]>;
  /** One resource's content as text; rejects with a plain sentence for an unknown server or a failed read. */
  readResource(server: string, uri: string, signal?: AbortSignal): Promise<McpResourceText>;
  /** Resolves once the named server is no longer connecting (at once for an unknown one, or on abort). */
  settled(name: string, signal?: AbortSignal): Promise<void>;
  /** Calls a tool of a connected server by its own name (mcp_tool hooks); rejects with a plain sentence when it cannot. */
  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<{ text: string; isError: boolean }>;
  /** Every connected server's prompts as slash commands, sorted by command name. */
  promptCommands(): McpPromptCommand[];
  /** Fetches the prompt behind `command` with `args` (positional words) and returns its messages as one user message. */
  runPromptCommand(command: string, args: string, signal?: AbortSignal): Promise<string>;
  /** Called on every status or tool change. Returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** One-line messages for the user (a failed or exited server, untrusted servers in headless runs). */
  onNotice(listener: (message: string) => void): () => void;
  /** Notices raised before anyone listened (start-up failures), handed over once. */
  takeNotices(): string[];
  close(): Promise<void>;
}
