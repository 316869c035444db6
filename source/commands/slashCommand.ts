// The slash-command contract: a command is given capabilities (print, prompt, compact, …), never the session itself.
import type { Usage } from '../protocol/messages.js';
import type { BackgroundTaskInfo, ContextInfo, McpServerStatus, PermissionMode } from '../protocol/events.js';
import type { TodoItem } from '../protocol/tools.js';
import type { SessionDiagnostics } from '../protocol/diagnostics.js';
import type { AddDirOutcome, ContextBreakdown, PromptOptions } from '../engine/session/types.js';
import type { MemoryStore } from '../memory/store.js';
import type { SessionSummary } from '../sessionLog/listSessions.js';
import type { PermissionRule } from '../permissions/rules.js';
import type { SkillInfo } from '../extensions/skills.js';

/** Panels a command can open in place of the transcript (only where there is a screen). */
export type CommandPanel = 'mcp' | 'resume' | 'rewind';

/** What a command may read: the screen's state in the TUI, the session's figures in a headless run. */
export interface CommandFacts {
  session: { sessionId: string; cwd: string; provider: string; model: string; mode: PermissionMode; contextWindow: number };
  /** A run (or a compaction) is under way. */
  running: boolean;
  usage: Usage;
  usageByModel: Record<string, Usage>;
  /** Dollars spent so far; undefined when a model that was used has no known price. */
  cost?: number;
  context?: ContextInfo;
  todos: readonly TodoItem[];
  tasks: readonly BackgroundTaskInfo[];
  /** Every configured MCP server's status; undefined when none is configured. */
  mcp?: readonly McpServerStatus[];
}

/** What a command may do: read the facts, print, and call the same actions as the keys. */
export interface CommandContext {
  getState(): CommandFacts;
  /** A person watches the full screen (hints may name its keys); false in a headless run. */
  readonly screen: boolean;
  /** Shows a line (or a few) of output (a notice in the transcript; standard output headless). */
  print(text: string): void;
  /** Shows an error (an error notice; standard error headless, and the run fails). */
  fail(text: string): void;
  setMode(mode: PermissionMode): void;
  setModel(model: string): void;
  /** Lets the file tools use one more folder for the rest of the session; the model hears of it. */
  addDir(path: string): AddDirOutcome;
  /** The model names the provider serves; undefined when it does not say. */
  listModels(): Promise<string[] | undefined>;
  clear(): void;
  exit(): void;
  killTask(taskId: string): Promise<void>;
  /** Compacts the conversation as busy work: Esc interrupts it and messages sent meanwhile are queued. */
  compact(instructions?: string): Promise<void>;
  /**
   * Sends a message to the model as the user's prompt (a custom command's expanded template); `title` is the
   * command line as typed, shown in the transcript and queued as it is while a run is active.
   */
  prompt(title: string, options: PromptOptions): void;
  /** Sends text to the model as a message, as typed (queued while a run is active); slash commands are not parsed. */
  send(text: string): void;
  /** Starts team mode; false when a run is active. */
  team(task: string): boolean;
  /** Team mode is on offer (the session has subagents). */
  readonly canTeam: boolean;
  /** The session keeps checkpoints that /rewind can go back to. */
  readonly canRewind: boolean;
  /** Shows a full panel in place of the transcript; only commands marked `screen` call it. */
  openPanel(panel: CommandPanel): void;
  /** What fills the context window, part by part (the session's own estimate). */
  contextBreakdown(): ContextBreakdown | undefined;
  /** What the entry point knows of the set-up (config files, the key's origin, the endpoint, hooks), for /doctor. */
  diagnostics(): SessionDiagnostics | undefined;
  /** Resolves once no MCP server is still connecting (each within its start-up timeout). */
  mcpSettled(): Promise<void>;
  /** The markdown memory store, when memory is on. */
  memory(): MemoryStore | undefined;
  /** The session log's file (it may not exist yet). */
  logFile(): string | undefined;
  /** Saved sessions started in this directory, newest first. */
  recentSessions(limit: number): SessionSummary[];
  /** Names the session in its log (`/rename`); throws, in one sentence, when the session is not saved. */
  renameSession(name: string): void;
  /** The permission rules in force, each with where it comes from. */
  permissionRules(): PermissionRule[];
  /** Removes a rule added for this session; false when there is none with that text. */
  removeSessionRule(text: string): boolean;
  /** Skills offered to the model. */
  skills(): readonly SkillInfo[];
  /** Every registered command, for /help. */
  readonly commands: readonly SlashCommand[];
}

export interface SlashCommand {
  /** Without the slash: "help". */
  name: string;
  /** Shown after the name in the menu and /help: "[name]". Absent when the command takes no arguments. */
  argsHint?: string;
  description: string;
  /** Where a command that is not built in comes from, shown beside its description: "project, .claude". */
  origin?: string;
  /** Left out of the menu and /help (a skill only the model may use); typing it still answers. */
  hidden?: boolean;
  /** Works only on the full screen (it opens a panel); a headless run refuses it. */
  screen?: boolean;
  run(ctx: CommandContext, args: string): void | Promise<void>;
}
