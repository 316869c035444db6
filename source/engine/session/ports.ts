// What the live session is lent from the rooms around it (subagents, checkpoints, the session log): source/cli/
// assembles them and injects them here, so the engine imports none of those rooms.
import type { AgentEvent, PermissionMode } from '../../protocol/events.js';
import type { CheckpointRecord } from '../../protocol/checkpoints.js';
import type { HistoryOp } from '../../protocol/historyOps.js';
import type { Message, Usage } from '../../protocol/messages.js';
import type { EarlierEvents, SessionSummary } from '../../protocol/sessions.js';
import type { TodoItem } from '../../protocol/tools.js';
import type { RewindOutcome, RewindPoint, RewindPreview, RewindScope } from '../../protocol/checkpoints.js';
import type { HookCommand, LoopHooks } from '../../extensions/hookTypes.js';
import type { PermissionPolicy } from '../../permissions/policy.js';
import type { Provider } from '../../providers/types.js';
import type { AnyTool, ToolSessionState } from '../../tools/types.js';
import type { ApprovalBroker } from '../approvals.js';
import type { AskFallback } from '../askFallback.js';
import type { Conversation } from '../history.js';
import type { ContextTuning } from '../../config/defaults.js';

/** What every child of a session shares with it. */
export interface ChildEnvironment {
  provider: Provider;
  /** The session's model now (children without a model of their own use it). */
  model: () => string;
  maxTokens: number;
  temperature?: number;
  /** Every tool the session has; a child gets the subset its type allows, never `task`. */
  tools: () => AnyTool[];
  broker: ApprovalBroker;
  rules: PermissionPolicy;
  mode: () => PermissionMode;
  interactive: boolean;
  cwd: string;
  workspace: string;
  /** The session's tool state: children keep their own file reads and todos but share its background tasks. */
  state: ToolSessionState;
  /** Turns per child before it is asked for its answer and stopped. */
  maxTurns: number;
  contextWindow?: number;
  /** The user's `context` settings (the session's own); unset ones take the defaults. */
  context?: ContextTuning;
  /** Where each child's conversation is logged (`<session folder>/agents/<agent id>/log.jsonl`); unset = nowhere. */
  logDir?: string;
  /** Names the provider in a child's log. */
  providerName?: string;
  /** PreToolUse, PostToolUse and SubagentStop hooks for the child's loop. */
  hooks?: LoopHooks;
  /**
   * The hooks for a child of this type: the session's plus the agent file's own `hooks:` while it runs; `warning`
   * when the file's hooks were left out (a project the user has not trusted).
   */
  hooksFor?: (agent: { hooks?: HookCommand[]; scope?: 'user' | 'project' }) => { hooks?: LoopHooks; warning?: string };
  /** Counts the child's tokens (made by `model`) in the session's usage and cost. */
  onUsage: (usage: Usage, model: string) => void;
  /** Answers the child's calls that would ask instead of a dialog (dontAsk, a permission prompt tool). */
  askFallback?: AskFallback;
  /** The session's spend cap: the child stops too once it is passed. */
  overBudget?: () => string | undefined;
  now?: () => Date;
}

/** One team run, as the session starts it: its run id, the conversation the report joins, and where children's events go. */
export interface TeamRunInput {
  sessionId: string;
  runId: string;
  task: string;
  history: Conversation;
  environment: ChildEnvironment;
  signal: AbortSignal;
  /** Children's events, outside the run's own stream. */
  emit: (event: AgentEvent) => void;
}

/** Subagents and team mode (source/agents/). */
export interface AgentsPort {
  /** The `task` tool; undefined when no subagent types are defined. */
  taskTool?: (environment: ChildEnvironment, emit: (event: AgentEvent) => void) => AnyTool;
  /** Team mode: the run's events (the session records them); undefined without subagents. */
  team?: (input: TeamRunInput) => AsyncGenerator<AgentEvent>;
  /** A read-only verifier child for agent hooks; its answer's text. */
  runVerifier: (environment: ChildEnvironment, request: { prompt: string; system: string; model?: string }, signal: AbortSignal) => Promise<string>;
  /** Turns per child. */
  maxTurns: number;
}

/** Which model a run or a child uses for a requested name (Claude Code's aliases), with a note when it differs. */
export type ModelResolver = (requested: string | undefined, providerName: string | undefined, sessionModel: string) => { model: string; note?: string };

/** One session log's checkpoints (source/checkpoints/). */
export interface CheckpointHandle {
  /** Starts the snapshot of the workspace before a message; tools that may change files wait for it (`settled`). */
  beforeRun(): void;
  beforeWrite(absPath: string): Promise<void>;
  afterCall(toolName: string, toolCallId: string): Promise<void>;
  /** A user message about to join `history`: the point /rewind can go back to. */
  addPoint(runId: string, text: string, sent: string, history: readonly Message[]): void;
  /** Resolves once a snapshot under way has finished (its record is in the log). */
  settled(): Promise<void>;
  /** The request is written (or the model answers, or the run is over): git work held back so the request goes first may start. */
  release(): void;
}

export interface SessionRewind {
  rewindPoints(): Promise<RewindPoint[]>;
  previewRewind(pointId: string): Promise<RewindPreview>;
  rewind(pointId: string, scope: RewindScope): Promise<RewindOutcome>;
}

export interface CheckpointsPort {
  /** Opens the checkpoints kept in one session's log (again after /resume switched logs). */
  open(session: { sessionId: string; append: (record: CheckpointRecord) => void; warn: (message: string) => void }): CheckpointHandle;
  /** The rewind methods over the handle open now. */
  rewinder(deps: {
    history: () => readonly Message[];
    running: () => boolean;
    replaceHistory: (messages: Message[]) => void;
    rewound: (runId: string) => void;
  }): SessionRewind;
}

/** A record the session appends to its log. */
export type SessionRecord =
  | { kind: 'event'; event: AgentEvent }
  | ({ kind: 'history' } & HistoryOp)
  /** `model`: the model in use, written after a history rewrite (see source/sessionLog/records.ts). */
  | { kind: 'state'; todos: TodoItem[]; model?: string }
  /** `/rename`: the session's name from here on. */
  | { kind: 'name'; name: string }
  | CheckpointRecord;

/** The open session log (source/sessionLog/ SessionLog). */
export interface SessionLogPort {
  readonly file: string;
  onError?: (message: string) => void;
  append(record: SessionRecord): void;
  close(): void;
}

/** A saved session read back for /resume. */
export interface LoadedSessionPort {
  sessionId: string;
  history: Message[];
  todos: TodoItem[];
  events: AgentEvent[];
  earlier?: EarlierEvents;
  warnings: string[];
}

/** The saved sessions of this directory (source/sessionLog/). */
export interface SessionStorePort {
  /** Where a session's log is (whether or not it exists yet). */
  transcriptPath(sessionId: string): string;
  recent(limit: number): SessionSummary[];
  find(idOrPrefix: string): SessionSummary | undefined;
  load(file: string): LoadedSessionPort;
  reopen(file: string): SessionLogPort;
  /**
   * A new session's log (`/clear`), written from its first message on; no log and one sentence to show instead when
   * the folder cannot be written.
   */
  create(meta: { sessionId: string; provider: string; model: string }): { log?: SessionLogPort; warning?: string };
}
