// The session's public face: the engine's only inputs are these method calls.
import type { Usage } from '../../protocol/messages.js';
import type { AgentEvent, ApprovalDecision, BackgroundTaskInfo, PermissionMode } from '../../protocol/events.js';
import type { McpSessionSource } from '../../mcp/types.js';
import type { TodoItem, UserAnswer } from '../../protocol/tools.js';
import type { EarlierEvents } from '../../protocol/sessions.js';
import type { PermissionRule } from '../../permissions/rules.js';
import type { HookCommand } from '../../extensions/hookTypes.js';
import type { CommandTools, Expansion } from '../../extensions/commandExpand.js';
import type { RewindOutcome, RewindPoint, RewindPreview, RewindScope } from '../../protocol/checkpoints.js';

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

export interface AgentSession {
  readonly info: SessionInfo;
  /** Present when MCP servers are configured; `mcp_status` events announce every change. */
  readonly mcp?: McpControl;
  /**
   * Starts a run for one user message and streams its events. Only one run at a time:
   * a second call while a run is active throws.
   */
  prompt(text: string, options?: PromptOptions): AsyncGenerator<AgentEvent>;
  /**
   * Goes on with the run that stopped at the turn limit (run_end `max_turns` in an interactive session): the same
   * task, without a new user message, for another `maxTurns` turns. Throws when there is no such run.
   */
  continueRun?(): AsyncGenerator<AgentEvent>;
  /**
   * Opens another saved session of this directory in place (`/resume`): the next request carries its history.
   * Throws, leaving the current session as it was, while a run is active or when the session cannot be read.
   */
  switchSession?(idOrPrefix: string): SwitchedSession;
  /** The session's user messages that /rewind can go back to, oldest first, each with the files changed since. Rejects while a run is active. */
  rewindPoints?(): Promise<RewindPoint[]>;
  /** What restoring a point's files would change, and which of those files were changed after rein's last snapshot. */
  previewRewind?(pointId: string): Promise<RewindPreview>;
  /**
   * Restores the files as they were before the point's message (`code`), the conversation to before it
   * (`conversation`, logged so --resume continues from there; the message comes back as `text`), or both.
   */
  rewind?(pointId: string, scope: RewindScope): Promise<RewindOutcome>;
  /** `!command`: runs it through the permission check and adds its output to the conversation. */
  shell?(command: string): AsyncGenerator<AgentEvent>;
  /** Team mode: planner, workers and reviewer on `task`; the report joins the conversation. Undefined without subagents. */
  team?(task: string): AsyncGenerator<AgentEvent>;
  /** Answers an `approval_request` event. Unknown or already answered ids are ignored. */
  respond(approvalId: string, decision: ApprovalDecision): void;
  /** Answers a `question_request` event (ask_user's questions, exit_plan_mode's plan). Unknown ids are ignored. */
  answer(questionId: string, answer: UserAnswer): void;
  /**
   * Summarises older history now (`/compact`), with optional instructions for the summariser. Results arrive
   * as `compaction`, `warning` or `error` events through `subscribe`.
   */
  compact(instructions?: string): Promise<void>;
  /**
   * A message typed while a prompt's run goes on: the model gets it at the run's next turn boundary, after the
   * current tool round's results (a `steer` event marks the moment). False when no prompt's run can take it.
   */
  steer?(text: string): boolean;
  /** Aborts the active run: the model stream stops and running tools and child processes are killed. */
  abort(): void;
  isRunning(): boolean;
  setMode(mode: PermissionMode): void;
  setModel(model: string): void;
  /** Starts a new conversation (history, todos cleared; background tasks keep running). */
  clear(): void;
  /** Events that happen outside a run (background task updates, mode changes). Returns an unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  todos(): TodoItem[];
  backgroundTasks(): BackgroundTaskInfo[];
  totalUsage(): Usage;
  /**
   * Stops everything (aborts the run, kills background tasks) and flushes the session log. `reason` is what
   * SessionEnd hooks are told (Claude Code's values: clear, logout, prompt_input_exit, other).
   */
  close(reason?: string): Promise<void>;
}
