// The SDK's public types: a session's options, its run handle, and what hooks and canUseTool get and give.
import type { AgentEvent, PermissionMode } from '../protocol/events.js';
import type { RunResult } from '../protocol/result.js';
import type { HookEventName, HookJsonOutput } from '../extensions/hookTypes.js';
import type { AskAnswer } from '../engine/askFallback.js';

export type { AgentEvent, AgentEventType, EventOf, PermissionMode, RunEndReason, ApprovalDecision } from '../protocol/events.js';
export type { ModelUsage, PermissionDenial, ResultSubtype, ResultUsage, RunResult } from '../protocol/result.js';
export type { AssistantMessage, AssistantBlock, StopReason, Usage } from '../protocol/messages.js';
export type { ToolResult, TodoItem } from '../protocol/tools.js';
export type { HookEventName, HookJsonOutput } from '../extensions/hookTypes.js';

/** What a run yields: rein's events as `rein -p --output-format rein-events` prints them, then the result last. */
export type RunMessage = AgentEvent | RunResult;

/** rein's permission modes, or Claude Code's names for them (`dontAsk`: ask mode, with whatever would ask denied). */
export type ModeName = PermissionMode | 'default' | 'acceptEdits' | 'bypassPermissions' | 'dontAsk';

/** An MCP server as `.mcp.json` writes one: a command to start (stdio), or a URL. */
export type McpServerConfig =
  | { type?: 'stdio'; command: string; args?: string[]; env?: Record<string, string> }
  | { type: 'http' | 'sse'; url: string; headers?: Record<string, string> };

/** What a hook function gets: Claude Code's hook input, the same JSON a command hook reads on stdin. */
export interface HookInput {
  hook_event_name: HookEventName;
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode?: string;
  /** Tool events: Claude Code's tool name (Bash, Read, Edit…) and arguments, and the call's id. */
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_use_id?: string;
  tool_response?: unknown;
  /** UserPromptSubmit. */
  prompt?: string;
  [field: string]: unknown;
}

/**
 * A hook as a function (Claude Code's Agent SDK shape): it answers with Claude Code's hook output, e.g.
 * `{ decision: 'block', reason }` or `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }`,
 * or with nothing to let things be. A throw counts as a failed hook (a warning), never as a refusal.
 */
export type HookCallback = (input: HookInput, toolUseId: string | undefined, options: { signal: AbortSignal }) => Promise<HookJsonOutput | undefined | void>;

/** Functions for one event, limited to the tools (or values) `matcher` selects; `timeout` in seconds (default 60). */
export interface HookCallbackMatcher {
  matcher?: string;
  hooks: HookCallback[];
  timeout?: number;
}

/** Hooks by event: each entry a function (every tool) or a matcher with its functions. */
export type HookOptions = Partial<Record<HookEventName, Array<HookCallback | HookCallbackMatcher>>>;

/** Claude Code's permission answer: allow (optionally with changed arguments) or deny with a message for the model. */
export type PermissionResult = AskAnswer;

/**
 * Decides a tool call that would otherwise ask (rules, mode and hooks came first): rein's tool name (bash, edit_file…)
 * and arguments. A throw denies the call.
 */
export type CanUseTool = (toolName: string, input: Record<string, unknown>, options: { signal: AbortSignal; toolUseId: string }) => Promise<PermissionResult>;

export interface SessionOptions {
  /** The project folder the session works in; default the process's working directory. */
  cwd?: string;
  /** `anthropic`, `openai` (any OpenAI-compatible server) or another provider agent.config.json names. */
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** The provider's key; default the configured one, or the provider's environment variable. */
  apiKey?: string;
  /** Default: agent.config.json's permissionMode, else `ask` (what would ask goes to canUseTool, or is denied). */
  mode?: ModeName;
  /** Permission rules in Claude Code's syntax (`Bash(npm test:*)`, `Read`), as with --allowedTools / --disallowedTools. */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** MCP servers for this session, joined to the configured ones. */
  mcpServers?: Record<string, McpServerConfig>;
  hooks?: HookOptions;
  canUseTool?: CanUseTool;
  /** Replaces rein's built-in instructions (the facts about the machine and project stay). */
  systemPrompt?: string;
  /** Added at the end of the system prompt. */
  appendSystemPrompt?: string;
  /** Model calls a run may make (0 = no limit); default agent.config.json's maxTurns. */
  maxTurns?: number;
  /** Where rein keeps its settings and sessions; default $REIN_HOME, else ~/.rein. */
  reinHome?: string;
  /** Let the project's own hooks, MCP servers and widening settings take effect (as --trust-project). */
  trustProject?: boolean;
  /** False: no session log is written (nothing to resume). Default true. */
  persistSession?: boolean;
  /** A saved session's id (or unique prefix) to continue. */
  resume?: string;
}

export interface SendOptions {
  /** Aborting it aborts the run, as run.abort() does. */
  signal?: AbortSignal;
}

/** One run of a prompt: iterate its events (the result comes last), or await `result`. */
export interface Run extends AsyncIterable<RunMessage> {
  /** The outcome in the shape of `rein -p --output-format json`; rejects only when the run could not start. */
  readonly result: Promise<RunResult>;
  /** Stops the run: the model stream, running tools and their processes; the result then says `aborted`. */
  abort(): void;
}

export interface ReinSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly model: string;
  readonly mode: PermissionMode;
  /** Starts a run; one at a time (a second while one runs rejects its result with a sentence saying so). */
  send(prompt: string, options?: SendOptions): Run;
  /** The same as send. */
  prompt(text: string, options?: SendOptions): Run;
  /** Every event the session emits, runs' and those between them (background tasks, MCP status). */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  setMode(mode: ModeName): void;
  setModel(model: string): void;
  /** Aborts the running run, if any. */
  abort(): void;
  /** Stops everything the session started (its run, background tasks, MCP servers) and flushes its log. */
  close(): Promise<void>;
}

export interface QueryOptions {
  prompt: string;
  options?: SessionOptions & SendOptions;
}

/** A one-shot run in a session of its own, closed when the run ends. */
export interface Query extends AsyncIterable<RunMessage> {
  readonly result: Promise<RunResult>;
  abort(): void;
}
