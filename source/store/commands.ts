// The slash-command contract and parser; the commands themselves live in hooks/commands, one per file.
import type { AgentSession, PromptOptions } from '../engine/sessionTypes.js';
import type { PermissionMode } from '../engine/events.js';
import type { AppPanel, AppState } from './state.js';

/** What a command may do: read the state, print a notice, and call the same actions as the keys. */
export interface CommandContext {
  getState(): AppState;
  /** Shows a line (or a few) of output in the transcript. */
  print(text: string): void;
  /** Shows an error notice in the transcript. */
  fail(text: string): void;
  setMode(mode: PermissionMode): void;
  setModel(model: string): void;
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
  /** Starts team mode; false when a run is active or subagents are off. */
  team(task: string): boolean;
  /** Shows a full panel in place of the transcript (`/mcp`, `/resume`); the panel's own keys close it. */
  openPanel(panel: AppPanel): void;
  /** The engine session, for commands that call it directly (/compact, /memory, /resume). */
  readonly session: AgentSession;
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
  run(ctx: CommandContext, args: string): void | Promise<void>;
}

export interface ParsedCommand {
  name: string;
  args: string;
}

/**
 * Reads "/name args" from a prompt. A first word with a second slash ("/usr/bin/env is broken")
 * is a path, not a command, so such messages go to the model.
 */
export function parseSlashCommand(text: string): ParsedCommand | undefined {
  const trimmed = text.trim();
  // A namespaced custom command is "/frontend:component".
  const match = /^\/([A-Za-z][\w-]*(?::[\w-]+)*)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!match) return undefined;
  return { name: match[1].toLowerCase(), args: (match[2] ?? '').trim() };
}

/** Commands whose name starts with the typed prefix (without the slash), in registry order. */
export function matchCommands(commands: readonly SlashCommand[], prefix: string): SlashCommand[] {
  const wanted = prefix.toLowerCase();
  return commands.filter((c) => c.name.startsWith(wanted));
}

/** The description with the command's origin, as the menu and /help show it: "review a PR (project, .claude)". */
export function describeCommand(command: SlashCommand): string {
  return command.origin ? `${command.description} (${command.origin})` : command.description;
}

export function unknownCommandHint(name: string): string {
  return `Unknown command /${name} — type /help for the list.`;
}
