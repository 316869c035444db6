// The one AgentEvent union: the engine's only output, consumed alike by the store, headless output and the session log.
import type { AssistantMessage, StopReason, Usage } from './messages.js';
import type { TodoItem, ToolResult, UserAnswer, UserRequest } from './tools.js';

export type PermissionMode = 'ask' | 'auto-edit' | 'plan' | 'yolo';

/** What an "always" rule covers: the exact command, commands starting with the same words, or every call of a tool. */
export type AlwaysRuleKind = 'exact' | 'prefix' | 'tool';
export const permissionModes: readonly PermissionMode[] = ['ask', 'auto-edit', 'plan', 'yolo'];

export type ApprovalDecision =
  | { kind: 'yes' }
  | { kind: 'no'; reason?: string }
  /** Approve this and add the rules the dialog showed: for this session, or saved for this project. */
  | { kind: 'always'; scope?: 'session' | 'project' };

export type RunEndReason =
  | 'done'
  | 'error'
  | 'aborted'
  | 'max_turns'
  | 'repeated_tool_call'
  /** Tool calls kept failing, or their arguments kept arriving as broken JSON. */
  | 'tool_errors'
  | 'context_full'
  | 'refusal'
  /** A hook refused the prompt (UserPromptSubmit) or stopped the run (`continue: false`). */
  | 'blocked'
  /** The session's spend passed --max-budget-usd. */
  | 'budget'
  /** --json-schema: the model kept giving output that does not fit the schema. */
  | 'structured_output_retries';

export type BackgroundStatus = 'running' | 'exited' | 'failed' | 'killed';

export interface BackgroundTaskInfo {
  taskId: string;
  command: string;
  status: BackgroundStatus;
  exitCode?: number;
  startedAt: number;
  endedAt?: number;
  lastLine: string;
  /** A background subagent rather than a shell command: `command` is its type and description. */
  kind?: 'subagent';
}

/** One configured MCP server as the UI shows it. */
export interface McpServerStatus {
  name: string;
  status: 'connected' | 'connecting' | 'failed' | 'needs-trust' | 'disabled';
  transport: 'stdio' | 'http' | 'sse';
  /** Project servers need trust; user ones (and --mcp-config) do not. */
  scope: 'user' | 'project';
  toolCount: number;
  lastError?: string;
  /** Where a stdio server's stderr goes. */
  logFile?: string;
}

export interface ContextInfo {
  /** Tokens the next request is estimated to take. */
  tokens: number;
  window: number;
  /** 0–100. */
  percent: number;
}

/** Set on every event a subagent emits: which child, and the parent's task call that started it. */
export interface AgentOrigin {
  agentId?: string;
  parentToolCallId?: string;
}

export type AgentEvent = AgentOrigin & (
  | { type: 'session_start'; sessionId: string; cwd: string; provider: string; model: string; mode: PermissionMode; resumed: boolean }
  /** `continued`: the run goes on with the conversation as it stands (after the turn limit); no user message was added. */
  | { type: 'run_start'; sessionId: string; runId: string; prompt: string; continued?: boolean }
  | { type: 'turn_start'; runId: string; turnId: string; turn: number }
  /** A message the user typed while the run went on, given to the model at this turn boundary (added to the newest user turn). */
  | { type: 'steer'; runId: string; text: string }
  | { type: 'message_start'; runId: string; turnId: string; messageId: string }
  | { type: 'text_delta'; runId: string; messageId: string; text: string }
  | { type: 'thinking_delta'; runId: string; messageId: string; text: string }
  | { type: 'tool_call_start'; runId: string; messageId: string; toolCallId: string; name: string }
  | { type: 'tool_call_delta'; runId: string; messageId: string; toolCallId: string; partialJson: string }
  /** A model call failed and will be retried; everything streamed for `messageId` so far is void. */
  | { type: 'retry'; runId: string; messageId: string; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  | { type: 'message_end'; runId: string; turnId: string; messageId: string; message: AssistantMessage; stopReason: StopReason; usage: Usage }
  | {
      type: 'approval_request';
      runId: string;
      approvalId: string;
      toolCallId: string;
      name: string;
      input: Record<string, unknown>;
      /** The key argument in one line (the command for bash, the path for file tools). */
      summary: string;
      /** The rules "always" would add, as one line ("Bash(npm test:*)"). */
      alwaysScope: string;
      /** The same rules, one per entry, exactly as they will be added. */
      alwaysRules?: string[];
      /** What those rules cover: this exact command, commands starting with the same words, or every call of the tool. */
      alwaysKind?: AlwaysRuleKind;
      /** Why it asks when a rule would otherwise allow or the reason is not the mode ("a protected path", "command substitution"). */
      reason?: string;
      /** For bash: the directory it would run in. */
      cwd: string;
      /** For file edits: the diff that would be applied. */
      diff?: string;
      /** Who asks when it is not the session itself: "verification · run the test suite". */
      requester?: string;
    }
  /**
   * "Always" added these rules; `source` is where they live (this session, or the project's settings file);
   * `toolCallId`: the call whose approval added them.
   */
  | { type: 'rules_added'; runId: string; rules: string[]; source: string; toolCallId?: string }
  | { type: 'approval_resolved'; runId: string; approvalId: string; toolCallId: string; decision: ApprovalDecision }
  /** A tool asks the user (ask_user's questions, exit_plan_mode's plan); answered with the session's `answer`. */
  | ({ type: 'question_request'; runId: string; questionId: string; toolCallId: string } & UserRequest)
  | { type: 'question_resolved'; runId: string; questionId: string; toolCallId: string; answer: UserAnswer }
  | { type: 'tool_start'; runId: string; toolCallId: string; name: string; input: Record<string, unknown>; summary: string }
  | { type: 'tool_progress'; runId: string; toolCallId: string; text: string }
  /** `denied`: a permission decision refused the call (a rule, the mode, a hook, the user, or no one to ask). */
  | { type: 'tool_end'; runId: string; toolCallId: string; name: string; result: ToolResult; durationMs: number; denied?: boolean }
  | { type: 'todos'; runId: string; todos: TodoItem[] }
  /** `runId` is the run active when the task changed, if any: tasks outlive the run that started them. */
  | { type: 'background_task'; sessionId: string; runId?: string; task: BackgroundTaskInfo }
  /** `model` made this call (each model's tokens keep its own price); logs from before it was recorded lack it. */
  | { type: 'usage'; runId: string; turnUsage: Usage; totalUsage: Usage; context: ContextInfo; model?: string }
  /** Files and folders the user's `@` mentions attached to the message, one line each ("notes.txt (12 lines)"). */
  | { type: 'attachments'; runId: string; items: string[] }
  | { type: 'warning'; runId?: string; message: string }
  /** The model was overloaded or unavailable: the rest of the run uses `to` (--fallback-model). */
  | { type: 'model_fallback'; runId: string; from: string; to: string; reason: 'overloaded' | 'unavailable'; message: string }
  /** A user-configured hook that blocked something or failed (one transcript line each). */
  | { type: 'hook'; runId?: string; event: string; command: string; outcome: 'blocked' | 'failed'; message: string }
  /** `status`: the HTTP status of a failed model call, when the server sent one. */
  | { type: 'error'; runId?: string; message: string; status?: number }
  | { type: 'compaction'; runId?: string; level: 'micro' | 'auto' | 'manual'; tokensBefore: number; tokensAfter: number; summary?: string }
  | { type: 'mode_change'; sessionId: string; runId?: string; mode: PermissionMode }
  /** `contextWindow` is the new model's window, against which the context is measured from now on. */
  | { type: 'model_change'; sessionId: string; runId?: string; model: string; contextWindow?: number }
  | { type: 'conversation_cleared'; sessionId: string }
  /** /rewind took the conversation back to before the message of run `runId`. */
  | { type: 'conversation_rewound'; sessionId: string; runId: string }
  /** Every MCP server's status, sent whenever one changes. */
  | { type: 'mcp_status'; sessionId: string; servers: McpServerStatus[] }
  | {
      type: 'run_end';
      runId: string;
      reason: RunEndReason;
      /** The final assistant text of the run. */
      text: string;
      turns: number;
      usage: Usage;
      durationMs: number;
      error?: string;
      /** --json-schema: the object the model gave, valid against the schema. */
      structuredOutput?: unknown;
    }
);

export type AgentEventType = AgentEvent['type'];
export type EventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;
