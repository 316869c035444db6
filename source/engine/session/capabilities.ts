// The session as a few capability objects: runs (with the one event channel), the conversation, settings,
// background tasks and inspection; a consumer is handed the ones it needs rather than the whole session.
import type { AgentEvent, ApprovalDecision, BackgroundTaskInfo, EventOf, PermissionMode } from '../../protocol/events.js';
import type { Message, Usage } from '../../protocol/messages.js';
import type { TodoItem, UserAnswer } from '../../protocol/tools.js';
import type { SessionSummary } from '../../protocol/sessions.js';
import type { RewindOutcome, RewindPoint, RewindPreview, RewindScope } from '../../protocol/checkpoints.js';
import type { MemoryStore } from '../../memory/store.js';
import type { PermissionRule } from '../../permissions/rules.js';
import type { SkillInfo } from '../../extensions/skills.js';
import type { ToolSchema } from '../../providers/types.js';
import type { SessionDiagnostics } from '../../protocol/diagnostics.js';
import type { ToolRegistry } from '../../tools/runner.js';
import type { AddDirOutcome, ContextBreakdown, McpControl, PromptOptions, SessionInfo, SwitchedSession } from './types.js';

/** How a run ended: its run_end event. */
export type RunOutcome = EventOf<'run_end'>;

export interface SessionRuns {
  /** Every event the session emits, in order, each already recorded in the log. Returns an unsubscribe function. */
  subscribe: (listener: (event: AgentEvent) => void) => () => void;
  /** Runs one user message; rejects at once, with the run gate's sentence, while another run is active. */
  prompt: (text: string, options?: PromptOptions) => Promise<RunOutcome>;
  /** Goes on with the run that stopped at the turn limit. */
  continue: () => Promise<RunOutcome>;
  /** `!command`. */
  shell: (command: string) => Promise<RunOutcome>;
  /** Team mode; undefined without subagents. */
  team?: (task: string) => Promise<RunOutcome>;
  compact: (instructions?: string) => Promise<void>;
  respond: (approvalId: string, decision: ApprovalDecision) => void;
  answer: (questionId: string, answer: UserAnswer) => void;
  /**
   * Hands a message typed during a prompt's run to the model at the run's next turn boundary (a `steer` event says
   * when). False, and nothing kept, when no prompt's run is active: the caller sends it as a message of its own.
   */
  steer: (text: string) => boolean;
  abort: () => void;
  isRunning: () => boolean;
}

export interface SessionConversation {
  history: () => readonly Message[];
  todos: () => TodoItem[];
  clear: () => void;
  switchSession: (idOrPrefix: string) => SwitchedSession;
  recentSessions: (limit?: number) => SessionSummary[];
  logFile: () => string | undefined;
  /** Names the session (`/rename`): the name goes into its log; throws, in one sentence, when the session keeps no log. */
  rename: (name: string) => void;
  /** Present with checkpoints on. */
  rewindPoints?: () => Promise<RewindPoint[]>;
  previewRewind?: (pointId: string) => Promise<RewindPreview>;
  rewind?: (pointId: string, scope: RewindScope) => Promise<RewindOutcome>;
}

export interface SessionSettings {
  readonly info: SessionInfo;
  setMode: (mode: PermissionMode) => void;
  setModel: (model: string) => void;
  addDir: (path: string) => AddDirOutcome;
  listModels: () => Promise<string[] | undefined>;
  permissionRules: () => PermissionRule[];
  removeSessionRule: (text: string) => boolean;
}

export interface SessionTasks {
  backgroundTasks: () => BackgroundTaskInfo[];
  taskOutput: (taskId: string) => string;
  killTask: (taskId: string) => Promise<void>;
}

export interface SessionInspection {
  totalUsage: () => Usage;
  contextTokens: () => number;
  contextBreakdown: () => ContextBreakdown;
  diagnostics: () => SessionDiagnostics | undefined;
  mcpSettled: () => Promise<void>;
  prefix: () => { system: string; tools: ToolSchema[] };
  registry: () => ToolRegistry;
  memory: () => MemoryStore | undefined;
  skills: () => readonly SkillInfo[];
  readonly mcp?: McpControl;
}

export interface SessionCapabilities {
  readonly runs: SessionRuns;
  readonly conversation: SessionConversation;
  readonly settings: SessionSettings;
  readonly tasks: SessionTasks;
  readonly inspection: SessionInspection;
}

/** A live session: the capability objects, and close() to end it. */
export interface AgentSession extends SessionCapabilities {
  /**
   * Stops everything (aborts the run, kills background tasks) and flushes the session log. `reason` is what
   * SessionEnd hooks are told (Claude Code's values: clear, logout, prompt_input_exit, other).
   */
  close(reason?: string): Promise<void>;
}

/** Drives a run's event stream to its end (its events reach subscribers as they go) and resolves with its run_end. */
export async function outcomeOf(run: AsyncGenerator<AgentEvent>): Promise<RunOutcome> {
  let end: RunOutcome | undefined;
  for await (const event of run) if (event.type === 'run_end' && event.agentId === undefined) end = event;
  if (!end) throw new Error('The run ended without a run_end event.');
  return end;
}
