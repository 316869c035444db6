// The live session's parts and state as its run entry points, pipeline stages and capability objects share them.
import type { AgentEvent, PermissionMode } from '../../protocol/events.js';
import type { Usage } from '../../protocol/messages.js';
import type { ToolSchema } from '../../providers/types.js';
import type { HookLifecycle } from '../../extensions/hookLifecycle.js';
import type { PermissionPolicy } from '../../permissions/policy.js';
import type { ToolSessionState } from '../../tools/types.js';
import type { ApprovalBroker, QuestionBroker } from '../approvals.js';
import type { ContextManager } from '../contextManager.js';
import type { Conversation } from '../history.js';
import type { SessionCompat } from './compat.js';
import type { SessionMcp } from './mcp.js';
import type { SessionOptions } from './options.js';
import type { ChildEnvironment, CheckpointHandle, ModelResolver, SessionLogPort } from './ports.js';
import type { EventChannel } from './recorder.js';
import type { SessionReminders } from './reminders.js';
import type { RunGate } from './runGate.js';
import type { SessionTools } from './tools.js';
import type { PromptOptions, SessionInfo } from './types.js';

export interface SessionCore {
  readonly o: SessionOptions;
  /** `info.sessionId` changes when /resume switches to another saved session in place. */
  readonly info: SessionInfo;
  readonly state: ToolSessionState;
  readonly system: string;
  /** The system prompt's layers from the user's files, as they stand in it (/context counts them apart). */
  readonly systemSections: { instructions?: string; memory?: string; skills?: string };
  /** The request's tool schemas; replaced only between model calls when MCP tools come or go. */
  toolSchemas: ToolSchema[];
  readonly tools: SessionTools;
  readonly compat: SessionCompat;
  readonly broker: ApprovalBroker;
  readonly questions: QuestionBroker;
  readonly rules: PermissionPolicy;
  readonly history: Conversation;
  readonly context: ContextManager;
  readonly reminders: SessionReminders;
  readonly hooks: HookLifecycle | undefined;
  readonly mcp: SessionMcp;
  readonly gate: RunGate;
  readonly channel: EventChannel;
  readonly resolveModel: ModelResolver;
  log: SessionLogPort | undefined;
  checkpoints: CheckpointHandle | undefined;
  total: Usage;
  /** Whether this session was resumed (SessionStart and session_start say so). */
  resumed: boolean;
  /** session_start went out in the log written now. */
  announced: boolean;
  /** The start-up warnings were shown (once per process, even across /resume). */
  startupWarned: boolean;
  /** /clear during a run: the conversation is cleared once the run has ended. */
  clearAfterRun: boolean;
  /** Set when the last run stopped at the turn limit: `runs.continue` may go on with it, with the same model and rules. */
  atTurnLimit: boolean;
  limitedRun: Pick<PromptOptions, 'allowedTools' | 'model'>;
  /** While a prompt's loop runs: messages the user typed meanwhile, waiting for its next turn boundary. */
  steering: string[] | undefined;
  /** Records a run-stream event and hands it back for the stream. */
  record(event: AgentEvent): AgentEvent;
  /** An event outside a run's own stream. */
  emit(event: AgentEvent): void;
  /** Ids for events outside a run's own stream: the session's, and the run active at the time, if any. */
  ambientIds(): { sessionId: string; runId?: string };
  setMode(mode: PermissionMode): void;
  clearNow(): void;
  childEnvironment(): ChildEnvironment;
  /** MCP notices waiting to be shown, as warnings of the active run. */
  takeMcpNotices(): AgentEvent[];
  /** Takes the latest MCP tool set between model calls; true when it changed. */
  refreshTools(): boolean;
}
