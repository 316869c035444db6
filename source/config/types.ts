// The shape of rein's resolved configuration and of the partial layers it is merged from.
import type { PermissionMode } from '../protocol/events.js';
import type { KeyAction } from './keys.js';

/** The terminal bell (BEL), a desktop notification (OSC 9 or OSC 777), or nothing. */
export const notificationStyles = ['bell', 'osc9', 'osc777', 'off'] as const;
export type NotificationStyle = (typeof notificationStyles)[number];

/** How much the model thinks before it answers: a level, or a token budget. */
export type ThinkingSetting = 'off' | 'low' | 'medium' | 'high' | number;

/** The `keys` section: an action and the key (or keys) bound to it. */
export type KeysLayer = Partial<Record<KeyAction, string | string[]>>;

export type ProviderName = 'anthropic' | 'openai';

/** Environment variables as read from the process (or a test's stand-in). */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ReinConfig {
  provider: ProviderName;
  model: string;
  /** Anthropic: the root (http://host:port); OpenAI-compatible: the API root including /v1. */
  baseUrl?: string;
  apiKey?: string;
  /** 0..2 */
  temperature?: number;
  /** Per response. */
  maxTokens: number;
  /** 0 = unlimited. */
  maxTurns: number;
  /** Executed tool calls failing in a row that stop a run; 0 = no limit; unset = 8. */
  maxConsecutiveToolErrors?: number;
  /** Total attempts per model call including the first (1..10). */
  maxRetries: number;
  /** Milliseconds until a response's headers must arrive before the attempt is retried (default 60,000). */
  requestTimeoutMs: number;
  /** Milliseconds a response stream may stay silent before the attempt is retried (default 90,000). */
  streamIdleTimeoutMs: number;
  /** Reasoning: off (default), an effort level, or a thinking-token budget. */
  thinking: ThinkingSetting;
  /** Unset = ask in the TUI, yolo in -p mode. */
  permissionMode?: PermissionMode;
  /** Built-in tools that are on. */
  tools: string[];
  security: { workspace: string };
  context: ContextConfig;
  memory: { dir: string };
  agents: AgentsConfig;
  /** Paths that ask before access in every mode; unset = the built-in list. */
  permissions?: { protectedPaths?: string[]; protectedWritePaths?: string[] };
  /** Bash under bubblewrap; unset = off. */
  sandbox?: { enabled: boolean; network: boolean };
  /** Workspace checkpoints for /rewind. */
  checkpoints?: { enabled: boolean; maxFileBytes: number; keepDays: number };
  /** Per-role models for team mode; unset = the session's. */
  team: TeamConfig;
  mcp: McpTimeouts;
  /** Keys of the full-screen session that differ from the defaults. */
  keys?: KeysLayer;
  /** Mouse wheel scrolling in the full-screen session (default on). */
  mouse?: boolean;
  /** How the full-screen session calls for attention, while its terminal is not focused, when a run ends or a question waits. */
  notifications?: NotificationStyle;
  /** The search backend web_search asks; unset = no web_search tool. */
  webSearch?: WebSearchConfig;
}

export interface WebSearchConfig {
  backend: 'searxng' | 'brave' | 'tavily';
  /** The backend's address: required for SearXNG (an instance's root), optional for the others (their own API). */
  url?: string;
  /** Brave's or Tavily's key; from the environment (BRAVE_API_KEY, TAVILY_API_KEY) when unset. */
  apiKey?: string;
}

export interface McpTimeouts {
  /** How long the first model request waits for MCP servers still connecting (default 10,000). */
  startupTimeoutMs: number;
  /** How long one MCP tool call may go unanswered before it is cancelled (default 120,000). */
  toolTimeoutMs: number;
}

/** The raw `mcpServers` of one config file; its entries are checked when the servers start. */
export interface McpServersLayer {
  file: string;
  /** "user" for $REIN_HOME's file, "project" for the working directory's (project servers need trust). */
  scope: 'user' | 'project';
  servers: Record<string, unknown>;
}

export interface TeamConfig {
  plannerModel?: string;
  workerModel?: string;
  reviewerModel?: string;
}

export interface AgentsConfig {
  /** Subagents running at once (default 4). */
  maxParallel: number;
  /** Model turns per subagent before it is asked for its answer (default 30). */
  maxTurns: number;
}

export interface ContextConfig {
  /** The model's context window; unset = a known default for the model. */
  maxContextTokens?: number;
  /** Compact before the next request once the context is this full (default 0.9). */
  contextDangerRatio: number;
  /** Tool results newer than this many are never cut by micro-compaction (default 10). */
  keepRecentToolResults: number;
  /** Share of the window kept verbatim when older history is summarised (default 0.3). */
  keepRecentRatio: number;
  /** Token budget for AGENTS.md/CLAUDE.md; unset = min(5,000, window / 40). */
  instructionsBudgetTokens?: number;
}

/** Values the command line may set; they override every other layer. */
export interface ConfigFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  maxTurns?: number;
  permissionMode?: string;
  temperature?: number;
  maxTokens?: number;
  thinking?: ThinkingSetting;
}

/** One validated layer (a file, the environment or the flags): every key optional. */
export interface ConfigLayer {
  provider?: ProviderName;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  maxTurns?: number;
  maxConsecutiveToolErrors?: number;
  maxRetries?: number;
  requestTimeoutMs?: number;
  streamIdleTimeoutMs?: number;
  thinking?: ThinkingSetting;
  permissionMode?: PermissionMode;
  tools?: string[];
  security?: { workspace?: string };
  context?: Partial<ContextConfig>;
  memory?: { dir?: string };
  agents?: Partial<AgentsConfig>;
  team?: TeamConfig;
  mcpServers?: Record<string, unknown>;
  /** Claude Code's `hooks` object, checked entry by entry when hooks load. */
  hooks?: Record<string, unknown>;
  mcp?: Partial<McpTimeouts>;
  permissions?: PermissionsLayer;
  sandbox?: { enabled?: boolean; network?: boolean };
  keys?: KeysLayer;
  mouse?: boolean;
  notifications?: NotificationStyle;
  webSearch?: WebSearchConfig;
  checkpoints?: { enabled?: boolean; maxFileBytes?: number; keepDays?: number };
}

/** A project setting held back until the user trusts the project, as the trust question shows it. */
export interface WideningSetting {
  /** The key as written: `baseUrl`, `permissions.allow`, `security.workspace`. */
  key: string;
  file: string;
  /** One line for the trust question: "permissionMode: yolo", "this project sends your requests to http://…". */
  shown: string;
  /** `endpoint`: where requests (and the key) go, named first in the question. */
  kind: 'setting' | 'endpoint';
}

/** `permissions` in one agent.config.json: rules in Claude Code's syntax, and the protected path lists. */
export interface PermissionsLayer {
  allow?: unknown[];
  ask?: unknown[];
  deny?: unknown[];
  protectedPaths?: string[];
  protectedWritePaths?: string[];
}
