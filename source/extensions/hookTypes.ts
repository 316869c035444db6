// Types of user-configured lifecycle hooks: the events, one configured command, and what running it produced.

/** Claude Code's hook events, with the same names. */
export const hookEventNames = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
] as const;

export type HookEventName = (typeof hookEventNames)[number];

/** One configured command for one event. */
export interface HookCommand {
  event: HookEventName;
  /** As written; '' matches everything. */
  matcher: string;
  command: string;
  timeoutMs: number;
  /** The file it was configured in. */
  file: string;
  /** Project hooks (from the working directory's files) run only once the project is trusted. */
  scope: 'user' | 'project';
}

/** What one hook process did. */
export interface HookRun {
  hook: HookCommand;
  /** Undefined when it was killed or never started. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
}

/** The JSON a hook may print on stdout (Claude Code's fields). */
export interface HookJsonOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: string;
  reason?: string;
  hookSpecificOutput?: {
    hookEventName?: string;
    permissionDecision?: string;
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
  };
}

/** A hook that blocked or failed, for the one transcript line it gets. */
export interface HookNote {
  event: HookEventName;
  command: string;
  outcome: 'blocked' | 'failed';
  message: string;
}

/** A tool call as hooks see it (rein's tool name and arguments; translated to Claude Code's for the scripts). */
export interface HookToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface PreToolUseVerdict {
  /** allow skips the ask (deny rules and ask rules still hold), deny refuses, ask forces the dialog. */
  permission?: 'allow' | 'deny' | 'ask';
  /** Shown to the model for deny, in the dialog for ask. */
  reason?: string;
  /** The call's arguments as a hook rewrote them (rein's argument names). */
  updatedInput?: Record<string, unknown>;
  context: string[];
  stop?: string;
  notes: HookNote[];
}

export interface HookStepVerdict {
  /** Exit 2 / decision "block": the reason (PostToolUse: told to the model; Stop: the model goes on with it). */
  block?: string;
  context: string[];
  stop?: string;
  notes: HookNote[];
}

/** What the agent loop calls (the same for the session's own loop and a subagent's). */
export interface LoopHooks {
  preToolUse(call: HookToolCall, signal: AbortSignal): Promise<PreToolUseVerdict>;
  postToolUse(call: HookToolCall, result: { content: string; isError?: boolean }, signal: AbortSignal): Promise<HookStepVerdict>;
  /** Stop (or SubagentStop for a subagent's loop) when the model ends its turn without tool calls. */
  stop(stopHookActive: boolean, lastText: string, signal: AbortSignal): Promise<HookStepVerdict>;
}
