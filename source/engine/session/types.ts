// The shapes the session's capability objects take and hand back: prompt options, session facts, outcomes.
import type { AgentEvent, PermissionMode } from '../../protocol/events.js';
import type { McpSessionSource } from '../../mcp/types.js';
import type { EarlierEvents } from '../../protocol/sessions.js';
import type { PermissionRule } from '../../permissions/rules.js';
import type { HookCommand } from '../../extensions/hookTypes.js';
import type { CommandTools, Expansion } from '../../extensions/commandExpand.js';

/** How one prompt runs when it is not a plain message (a custom slash command). */
export interface PromptOptions {
  /** What the transcript and the log show as the user's message ("/review 12"); the model gets the expanded text. */
  display?: string;
  /** Rules allowed while this run lasts (a command's `allowed-tools`), removed when it ends. */
  allowedTools?: PermissionRule[];
  /** The model for this run only. */
  model?: string;
  /**
   * Builds the message inside the run, after `allowedTools` are granted: its shell commands and file reads go
   * through the permission check (asked for in ask mode). A refusal ends the run with its problem; nothing is sent.
   */
  expand?: (tools: CommandTools) => Promise<Expansion>;
  /** Hooks the command's file brings (its frontmatter `hooks:`): they join the session's from this run on, as in Claude Code. */
  hooks?: HookCommand[];
  /** Shown as warnings when the run starts (a project's command setting left unused until the project is trusted). */
  notices?: string[];
  /** Answers the message with this text and calls no model (`Unknown command: /x`, as Claude Code answers it). */
  reply?: string;
}

/** What came of /add-dir: the absolute path the folder was added as (or why it was usable already), or why not. */
export type AddDirOutcome = { ok: true; dir: string; already?: string } | { ok: false; message: string };

/** The parts of the next request /context shows: request order, system prompt first. */
export type ContextPartKey = 'system' | 'tools' | 'mcp' | 'memory' | 'skills' | 'messages';

/** What fills the context window, part by part; the parts add up to `used`. */
export interface ContextBreakdown {
  window: number;
  parts: { key: ContextPartKey; label: string; tokens: number }[];
  used: number;
  /** What is left of the window (never below 0). */
  free: number;
  /** The figure rests on the provider's last reported count, and only what came since is estimated. */
  reported: boolean;
  /** Tokens at which the conversation is compacted before a request. */
  compactAt: number;
}

export interface SessionInfo {
  sessionId: string;
  cwd: string;
  provider: string;
  model: string;
  mode: PermissionMode;
  /** Context window of the model in tokens. */
  contextWindow: number;
}

/** What the UI may do with the session's MCP servers (status, trust, reconnect, on/off, a server's tools, resources and prompts). */
export type McpControl = Pick<McpSessionSource, 'status' | 'reconnect' | 'setEnabled' | 'serverTools' | 'listResources' | 'promptCommands'>;

/** What the screen needs of a saved session opened in place: its id and its log's events for the transcript. */
export interface SwitchedSession {
  sessionId: string;
  events: AgentEvent[];
  /** One plain sentence per line of its log that could not be read. */
  warnings: string[];
  /** Where its log's events older than `events` are, when there are any. */
  earlier?: EarlierEvents;
}
