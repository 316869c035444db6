// The contract between the engine and a tool: a JSON-Schema-described function that returns, never throws.
import type { BackgroundTasks } from './background.js';
import type { FileState } from './fileState.js';
import type { ToolResult, TodoItem, UserRequest, UserAnswer } from '../protocol/tools.js';

import type { SandboxRun } from './sandboxRun.js';
export type { SandboxRun };

/** Session-wide state tools share; it lives as long as the session, across compactions. */
export interface ToolSessionState {
  /** Files read or written in this session with the mtime/size seen then. */
  files: FileState;
  todos: TodoItem[];
  background: BackgroundTasks;
  /** Folder where oversized outputs are saved for later reading. */
  sessionDir: string;
  /** Extra folders readable outside the workspace (memory). */
  extraReadableRoots: string[];
  /** Folders the user added (--add-dir): readable and writable like the workspace. */
  addedDirs?: string[];
  /** With the sandbox on: how one bash command runs inside it, worked out per command as folders come and go. */
  sandbox?: () => SandboxRun;
  /**
   * Why a file inside a searched folder must be left out (a deny rule or a protected path covers it), or undefined:
   * grep and glob never show what read_file would refuse or ask about.
   */
  readRefusal?: (absPath: string) => string | undefined;
  /** Whether an allow rule names this host (WebFetch(domain:host)), which web_fetch needs to reach a private address. */
  mayReachPrivateHost?: (host: string) => boolean;
  /**
   * A file of `export` lines that hooks write through CLAUDE_ENV_FILE (SessionStart, Setup): bash sources it before each
   * command, so what the hooks set holds for every command of the session.
   */
  envFile?: string;
  /**
   * Workspace checkpoints: the tool round calls `beforeCall` before a call that may change files (the snapshot before
   * the message may still be under way), file tools call `beforeWrite` before changing a file, and the round `afterCall`.
   */
  checkpoints?: {
    beforeCall(): Promise<void>;
    beforeWrite(absPath: string): Promise<void>;
    afterCall(toolName: string, toolCallId: string): Promise<void>;
  };
}

export interface ToolContext {
  /** The permission mode the call runs in (exit_plan_mode only means something in plan mode). */
  mode?: 'ask' | 'auto-edit' | 'plan' | 'yolo';
  /** Asks the user and waits for the answer: `unavailable` when nobody can answer (headless), `aborted` on Esc. */
  askUser?: (request: UserRequest) => Promise<UserAnswer | 'unavailable' | 'aborted'>;
  cwd: string;
  /** Workspace root; file tools refuse paths outside it. */
  workspace: string;
  signal: AbortSignal;
  /** Streams a line of progress to the UI while the tool runs. */
  onProgress: (text: string) => void;
  state: ToolSessionState;
  toolCallId: string;
  /** Set for a command the user let run again outside the sandbox. */
  outsideSandbox?: boolean;
  /** Text files read and written through an editor (its unsaved buffers) instead of the disk; unset = the disk. */
  files?: FileAccess;
}

/** The file tools' way to a text file's content when something other than the disk holds it (an editor over ACP). */
export interface FileAccess {
  readText(absPath: string): Promise<string>;
  writeText(absPath: string, content: string): Promise<void>;
}

/**
 * What a call does, as permission decisions see it: `read` and `edit` touch the files their path arguments name
 * (`edit` calls are auto-approved in auto-edit mode and meet write-protected paths), `execute` runs the shell command
 * in its `command` argument (judged by the bash analysis), `other` is everything else (MCP and custom tools).
 */
export type ToolKind = 'read' | 'edit' | 'execute' | 'other';

export interface ToolDefinition<Args = Record<string, unknown>> {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Read-only tools run without approval in `ask` mode and in parallel with each other. */
  readOnly: boolean;
  /** Default `other`. */
  kind?: ToolKind;
  /** Arguments naming a path the call touches (absent means the working folder): rules and protected paths judge each. */
  pathArguments?: readonly string[];
  /** The argument holding a URL whose host `WebFetch(domain:…)` rules judge. */
  urlArgument?: string;
  /**
   * Runs without approval in every mode although it may write: it only touches rein's own files (memory), or
   * every call it makes is checked on its own (a subagent's tool calls).
   */
  autoApproved?: boolean;
  /** Consecutive calls of this tool in one message run side by side although it is not read-only (subagents). */
  concurrent?: boolean;
  /** Per-call timeout in ms; the runner aborts the call after it. Default 120 s. */
  timeoutMs?: number | ((args: Args) => number);
  /** Short summary of the key argument for one-line displays and approval scopes. */
  /** The key argument in one line; `show` turns a path into the form the user reads (relative inside the workspace). */
  summarize?: (args: Args, show: (path: string) => string) => string;
  /**
   * Starts loading what execute will need (modules a first call would otherwise wait for), called as the model
   * begins a call of this tool, while its arguments still stream. A failure here shows when execute needs the same.
   */
  prepare?(): void;
  /** For file-changing tools: the unified diff the call would apply, shown in the approval dialog. */
  preview?(args: Args, ctx: ToolContext): Promise<string | undefined>;
  execute(args: Args, ctx: ToolContext): Promise<ToolResult>;
}

export function defineTool<Args>(def: ToolDefinition<Args>): ToolDefinition<Args> {
  return def;
}

/** A tool's kind; tools that declare none (MCP, custom) are `other`. */
export const kindOf = (tool: Pick<AnyTool, 'kind'>): ToolKind => tool.kind ?? 'other';

// Tools differ in their argument types; the registry holds them side by side (the runner checks each call's
// arguments against the tool's schema before execute, so no single argument type fits them all).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: unknown or a shared record type rejects every typed tool
export type AnyTool = ToolDefinition<any>;

/** The same tools, each call given `files` as its way to text files. */
export function withFileAccess(tools: AnyTool[], files: FileAccess): AnyTool[] {
  return tools.map((tool) => ({
    ...tool,
    execute: (args, ctx) => tool.execute(args, { ...ctx, files }),
    ...(tool.preview ? { preview: (args: unknown, ctx: ToolContext) => tool.preview!(args, { ...ctx, files }) } : {}),
  }));
}

export const textResult = (content: string, isError = false, display?: string): ToolResult => ({
  content,
  display: { kind: 'text', text: display ?? content },
  isError,
});

/** `display`: the line a person reads when `content` is written for the model (what to call, what to send next). */
export const errorResult = (content: string, display?: string): ToolResult => textResult(content, true, display);

/**
 * An error written as "what went wrong; what the model should do" as a person reads it: only what went wrong.
 * A text without such advice comes back whole.
 */
function problemOnly(text: string): string {
  const cut = text.indexOf('; ');
  return cut < 0 ? text : `${text.slice(0, cut)}.`;
}

/** An error result whose advice to the model is left off the screen (see problemOnly). */
export const adviceError = (content: string): ToolResult => errorResult(content, problemOnly(content));

/** The files a search may show, and a note naming how many it left out (empty when none). */
export function withoutRefused(files: readonly string[], absOf: (file: string) => string, state: ToolSessionState): { kept: string[]; note: string } {
  if (!state.readRefusal) return { kept: [...files], note: '' };
  const kept = files.filter((file) => state.readRefusal?.(absOf(file)) === undefined);
  const left = files.length - kept.length;
  return { kept, note: left === 0 ? '' : `(${left} ${left === 1 ? 'file' : 'files'} left out: a permission rule or a protected path covers ${left === 1 ? 'it' : 'them'})` };
}
