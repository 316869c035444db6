// The TUI's state shape: everything the screen shows, built only by reducing AgentEvents (plus a few local actions).
import type { Usage } from '../protocol/messages.js';
import { emptyUsage } from '../protocol/messages.js';
import { pricedUsage } from '../providers/prices.js';
import type { BackgroundTaskInfo, ContextInfo, EventOf, McpServerStatus, RunEndReason } from '../protocol/events.js';
import type { SessionInfo } from '../engine/session/types.js';
import type { CommandPanel } from '../commands/slashCommand.js';
import type { TodoItem, ToolDisplay } from '../protocol/tools.js';

/** A snapshot of the session's info (the engine's object changes in place; the store's must not). */
export type SessionView = Readonly<SessionInfo>;

/** `noted`: the tool declined the call as a matter of course (a todo list completing several items at once): a note, not a failure. */
export type ToolStatus = 'pending' | 'running' | 'done' | 'error' | 'noted' | 'denied' | 'interrupted';

export interface UserItem {
  kind: 'user';
  id: string;
  done: true;
  text: string;
  /** A message of more than userMessageMaxLines lines (a large paste) shows whole only when expanded. */
  expanded?: boolean;
}

export interface AssistantItem {
  kind: 'assistant';
  /** The message id. */
  id: string;
  done: boolean;
  runId: string;
  text: string;
  thinking: string;
  /** Thinking is collapsed to one line unless expanded. */
  expanded: boolean;
}

export interface ToolItem {
  kind: 'tool';
  /** The tool call id. */
  id: string;
  done: boolean;
  runId: string;
  messageId: string;
  name: string;
  summary: string;
  status: ToolStatus;
  /** The last few progress lines while it runs. */
  progress: string[];
  display?: ToolDisplay;
  durationMs?: number;
  denialReason?: string;
  /** What "Always" added when this call was approved ("Added edit_file (this session)."), shown with the decision. */
  ruleNote?: string;
  expanded: boolean;
  /** Set for a `task` call: what its subagent did, reduced from the child's events. */
  subagent?: SubagentView;
  /** When the screen first saw it run (stamped by the bridge; a replayed log has none). */
  startedAt?: number;
}

/** One tool call of a subagent, drawn like the session's own tool lines. */
export interface SubagentToolLine {
  toolCallId: string;
  name: string;
  summary: string;
  status: ToolStatus;
  durationMs?: number;
}

/** A subagent as its parent's task block shows it: no streamed text, only its calls (the newest few) and its answer. */
export interface SubagentView {
  /** The `subagent_type` asked for. */
  agentType: string;
  description: string;
  background: boolean;
  turns: number;
  /** Input plus output tokens of all its requests, as its footer counts them. */
  tokens: number;
  /** The newest calls, at most `limits.subagentLines`. */
  lines: SubagentToolLine[];
  /** Calls dropped from the front of `lines`. */
  droppedLines: number;
  /** Set once the child's run ended. */
  endReason?: RunEndReason;
  answer?: string;
  /** Time the child ran, summed over its runs. */
  durationMs: number;
  /** When the screen first saw it run (stamped by the bridge; a replayed log has none). */
  startedAt?: number;
}

export type NoticeLevel = 'info' | 'warning' | 'error' | 'retry' | 'compaction' | 'interrupted' | 'summary' | 'command';

export interface NoticeItem {
  kind: 'notice';
  id: string;
  done: true;
  level: NoticeLevel;
  text: string;
  /** For command output: the command line that produced it. */
  title?: string;
}

/** The first item of a new session: version, model and where it runs. */
export interface WelcomeItem {
  kind: 'welcome';
  id: string;
  done: true;
  version: string;
  model: string;
  provider: string;
  /** The working directory as shown, with ~ for the home directory. */
  cwd: string;
}

export type TranscriptItem = UserItem | AssistantItem | ToolItem | NoticeItem | WelcomeItem;

/** Panels a slash command can open in place of the transcript. */
export type AppPanel = CommandPanel;

/** A question or plan waiting for the user: the request event itself, without its tag. */
export type PendingQuestion = EventOf<'question_request'> extends infer E ? (E extends unknown ? Omit<E, 'type'> : never) : never;

/** An approval request waiting for the user: the event itself, without its tag. */
export type PendingApproval = Omit<EventOf<'approval_request'>, 'type'>;

export interface AppState {
  session: SessionView;
  transcript: TranscriptItem[];
  /** Items dropped from the front to keep memory bounded. */
  trimmedCount: number;
  /** Items kept before the oldest are dropped: `limits.maxItems`, plus those read back from the session log. */
  maxItems?: number;
  approvals: PendingApproval[];
  /** Questions and plans tools put to the user, oldest first. */
  questions: PendingQuestion[];
  todos: TodoItem[];
  tasks: BackgroundTaskInfo[];
  /** Every configured MCP server's status; undefined when none is configured. */
  mcp?: McpServerStatus[];
  /** A full panel shown in place of the transcript (`/mcp`, `/resume`). */
  panel?: AppPanel;
  /** Set when the last run stopped at the turn limit: the screen asks whether to continue it for `turns` more. */
  turnLimit?: { runId: string; turns: number };
  usage: Usage;
  /** The tokens each model used, so each is priced at its own model's rate after /model. */
  usageByModel: Record<string, Usage>;
  /** Dollars spent so far; undefined when a model that was used has no known price. */
  cost?: number;
  context?: ContextInfo;
  running: boolean;
  runId?: string;
  /** When the screen saw the current run start (stamped by the bridge). */
  runStartedAt?: number;
  /** Characters of text, thinking and tool arguments streamed since the provider last reported usage. */
  streamedChars?: number;
  /** Messages typed while a run was active, sent in order when it ends. */
  queued: string[];
  /** The queued messages a running model takes at its next turn boundary (steering), in the order typed. */
  steering?: string[];
  /** What the user's status line command printed last (Claude Code's `statusLine`); unset shows none. */
  userStatus?: string;
  /** Counter for ids of locally created items. */
  seq: number;
}

/** Rows of tool output shown before it is collapsed behind "Ctrl+O to expand". */
export const collapsedRows = { text: 4, diff: 16 } as const;

/** A user message longer than this (the prompt's 8 rows, as a collapsed paste) shows its first lines until expanded. */
export const userMessageMaxLines = 8;

/** Bounds that keep a long session's transcript small in memory. */
export const limits = {
  maxItems: 1000,
  progressLines: 5,
  progressLineChars: 500,
  displayChars: 20_000,
  /** Tool lines kept per subagent block. */
  subagentLines: 50,
} as const;

export function sessionViewOf(info: SessionInfo): SessionView {
  return {
    sessionId: info.sessionId,
    cwd: info.cwd,
    provider: info.provider,
    model: info.model,
    mode: info.mode,
    contextWindow: info.contextWindow,
  };
}

export function initialState(info: SessionInfo, extra: { todos?: TodoItem[]; tasks?: BackgroundTaskInfo[]; usage?: Usage } = {}): AppState {
  return {
    session: sessionViewOf(info),
    transcript: [],
    trimmedCount: 0,
    approvals: [],
    questions: [],
    todos: extra.todos ?? [],
    tasks: extra.tasks ?? [],
    usage: extra.usage ?? emptyUsage(),
    // The starting model is listed even before it spends anything, so an unpriced one shows no cost at all.
    ...pricedUsage({ [info.model]: extra.usage ?? emptyUsage() }),
    running: false,
    queued: [],
    seq: 0,
  };
}
