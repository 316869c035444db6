// Types of user-configured lifecycle hooks: the events, one configured handler, and what running it produced.

/** Claude Code's hook events that rein runs, with the same names (hookEvents.ts lists the ones it does not). */
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
  'PermissionRequest',
  'PostToolUseFailure',
  'PostToolBatch',
  'SubagentStart',
  'StopFailure',
  'PostCompact',
  'InstructionsLoaded',
  'ConfigChange',
  'Setup',
  'UserPromptExpansion',
  'DirectoryAdded',
] as const;

export type HookEventName = (typeof hookEventNames)[number];

/** Claude Code's handler types: a shell command, a POST to a URL, a model's yes/no, an MCP tool call, a verifying subagent. */
export type HookHandlerType = 'command' | 'http' | 'prompt' | 'mcp_tool' | 'agent';

/** A program's hook: gets the input a command hook reads on stdin, answers with the JSON it would print (HookJsonOutput) or nothing. */
export type HookFunction = (input: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** One configured handler for one event (named for the first kind there was; `type` says which it is). */
export interface HookCommand {
  event: HookEventName;
  /** As written; '' matches everything. */
  matcher: string;
  /** The shell command; for the other types, what the handler does in one line (its URL, prompt or tool). */
  command: string;
  timeoutMs: number;
  /** The file it was configured in. */
  file: string;
  /** Project hooks (from the working directory's files) run only once the project is trusted. */
  scope: 'user' | 'project';
  /** Unset means 'command'; 'function' is a program's own (the SDK's hooks): its answer is read as a command's JSON output. */
  type?: HookHandlerType | 'function';
  /** A permission rule (`Bash(git *)`) the tool call must match for the handler to run (tool events only). */
  if?: string;
  /** Exec form: `command` is spawned directly with these arguments, no shell. */
  args?: string[];
  /** Runs in the background; what it says reaches the model with the next request. */
  async?: boolean;
  /** http: where the input is POSTed, extra headers, and the variables the headers may name. */
  url?: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
  /** prompt and agent: the text ($ARGUMENTS is the input JSON) and an optional model. */
  prompt?: string;
  model?: string;
  /** mcp_tool: the server, its tool, and the arguments (`${path}` strings filled from the input). */
  server?: string;
  tool?: string;
  input?: Record<string, unknown>;
  /** function: the program's own handler. */
  run?: HookFunction;
}

/** What one hook handler did. */
export interface HookRun {
  hook: HookCommand;
  /** Undefined when it was killed or never started. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
  /** An http, mcp_tool or prompt handler that could not give an answer: why, in a few words. */
  failure?: string;
  /** prompt and agent handlers: the model's verdict. */
  verdict?: { ok: boolean; reason?: string; impossible?: boolean };
}

/** PermissionRequest's answer (Claude Code's `hookSpecificOutput.decision`). */
export interface PermissionRequestDecision {
  behavior?: string;
  updatedInput?: Record<string, unknown>;
  updatedPermissions?: unknown[];
  message?: string;
  interrupt?: boolean;
}

/** The JSON a hook may print on stdout (Claude Code's fields). */
export interface HookJsonOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  terminalSequence?: string;
  decision?: string;
  reason?: string;
  hookSpecificOutput?: {
    hookEventName?: string;
    permissionDecision?: string;
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    decision?: PermissionRequestDecision;
    updatedToolOutput?: unknown;
    updatedMCPToolOutput?: unknown;
    initialUserMessage?: string;
    sessionTitle?: string;
    watchPaths?: unknown;
    reloadSkills?: boolean;
    suppressOriginalPrompt?: boolean;
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
  /** PostToolUse's `updatedToolOutput`: what the model sees instead of the tool's own result. */
  replacedOutput?: string;
  /** Stop: the model judged the condition can never be met (a prompt hook's `impossible`): let it stop. */
  impossible?: boolean;
}

/** A rule change a PermissionRequest hook asks for (Claude Code's permission update entries, as rein applies them). */
export type PermissionUpdate =
  | { kind: 'rules'; effect: 'allow' | 'deny' | 'ask'; rules: string[]; scope: 'session' | 'project' }
  | { kind: 'mode'; mode: string };

export interface PermissionRequestVerdict {
  /** Unset: no hook decided, the dialog is shown. */
  behavior?: 'allow' | 'deny';
  /** allow: the arguments to run with instead (rein's argument names). */
  updatedInput?: Record<string, unknown>;
  updates: PermissionUpdate[];
  /** deny: what the model is told. */
  message?: string;
  /** deny: stop the run as Esc would. */
  interrupt?: boolean;
  notes: HookNote[];
}

/** One call of a finished round, for PostToolBatch. */
export interface HookBatchCall {
  call: HookToolCall;
  /** The text the model gets as the call's result. */
  content: string;
}

/** A subagent as its hooks see it. */
export interface HookAgent {
  agentId: string;
  agentType: string;
  /** The subagent's own log. */
  transcriptPath?: string;
}

/** What the agent loop calls (the same for the session's own loop and a subagent's). */
export interface LoopHooks {
  preToolUse(call: HookToolCall, signal: AbortSignal): Promise<PreToolUseVerdict>;
  /** PostToolUse after a call that succeeded, PostToolUseFailure after one that failed. */
  postToolUse(call: HookToolCall, result: { content: string; isError?: boolean }, signal: AbortSignal, durationMs?: number): Promise<HookStepVerdict>;
  /** Stop (or SubagentStop for a subagent's loop) when the model ends its turn without tool calls. */
  stop(stopHookActive: boolean, lastText: string, signal: AbortSignal): Promise<HookStepVerdict>;
  /** PermissionRequest, in place of the approval dialog (interactive sessions only). */
  permissionRequest?(call: HookToolCall, suggestions: string[], signal: AbortSignal): Promise<PermissionRequestVerdict>;
  /** PostToolBatch, once a round's calls all have results. */
  postToolBatch?(calls: HookBatchCall[], signal: AbortSignal): Promise<HookStepVerdict>;
  /** StopFailure, when the run ends on a model call that failed. */
  stopFailure?(kind: string, message: string, signal: AbortSignal): Promise<void>;
  /** SubagentStart, before a subagent's first request (only on the hooks `forAgent` gives). */
  subagentStart?(signal: AbortSignal): Promise<HookStepVerdict>;
  /** The same hooks for one subagent: its id and type go into every input, SubagentStop's matcher sees its type. */
  forAgent?(agent: HookAgent, own?: readonly HookCommand[]): LoopHooks;
}
