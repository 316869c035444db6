// Reads "/name args" and finds the command it names (or says it names none); the menu's matching and wording.
import { existsSync } from 'node:fs';
import type { SlashCommand } from './slashCommand.js';

export interface ParsedCommand {
  /** Lowercased, as command names are: "frontend:component". */
  name: string;
  /** As typed, for messages: "Frontend:Component". */
  written: string;
  args: string;
}

/** Reads "/name args" as Claude Code does: the name runs to the first space; "/" alone is no command. */
export function parseSlashCommand(text: string): ParsedCommand | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) return undefined;
  const space = trimmed.search(/\s/);
  const written = (space === -1 ? trimmed : trimmed.slice(0, space)).slice(1);
  if (!written) return undefined;
  return { name: written.toLowerCase(), written, args: space === -1 ? '' : trimmed.slice(space + 1).trim() };
}

export type SlashResolution<C> =
  | { kind: 'command'; command: C; args: string }
  /** A name that is no command: answered with `message`, and no model is called. */
  | { kind: 'unknown'; message: string }
  /** Not a command (a path such as /usr/bin/env, an MCP prompt): the text goes on as a message. */
  | { kind: 'prompt' };

export interface ResolveOptions {
  /** The session has MCP servers: an `mcp__…` name not listed yet is a prompt the engine fetches once they are up. */
  mcp?: boolean;
  /** Whether a path exists ("/tmp" is a message, not a command); the file system unless given. */
  pathExists?: (path: string) => boolean;
}

/**
 * Claude Code's rule for "/name args": a command of that name runs (or "name:firstword", so "/frontend component x"
 * runs frontend:component); a name of letters, digits, "-", "_" and ":" that is no command, and no path on this
 * machine either, is an unknown command; anything else ("/usr/bin/env is broken", "/tmp", "/a.b") is a message.
 */
export function resolveSlashCommand<C extends { name: string }>(text: string, commands: readonly C[], options: ResolveOptions = {}): SlashResolution<C> {
  const pathExists = options.pathExists ?? existsSync;
  const parsed = parseSlashCommand(text);
  if (!parsed) return { kind: 'prompt' };
  const find = (name: string) => commands.find((c) => c.name === name);
  const direct = find(parsed.name);
  if (direct) return { kind: 'command', command: direct, args: parsed.args };
  if (parsed.args) {
    const [first] = parsed.args.split(/\s/, 1);
    const nested = find(`${parsed.name}:${first.toLowerCase()}`);
    if (nested) return { kind: 'command', command: nested, args: parsed.args.slice(first.length).trim() };
  }
  // An MCP server's prompt is fetched by the engine, which waits for servers still connecting.
  if (options.mcp && parsed.name.startsWith('mcp__')) return { kind: 'prompt' };
  if (/[^a-zA-Z0-9:_-]/.test(parsed.written) || pathExists(`/${parsed.written}`)) return { kind: 'prompt' };
  const suggestion = closestName(parsed.name, commands.map((c) => c.name));
  return { kind: 'unknown', message: suggestion ? `Unknown command: /${parsed.written}. Did you mean /${suggestion}?` : `Unknown command: /${parsed.written}` };
}

/** The nearest name at most two edits away, as Claude Code suggests one. */
function closestName(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(name, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** Commands whose name starts with the typed prefix (without the slash), in registry order. */
export function matchCommands(commands: readonly SlashCommand[], prefix: string): SlashCommand[] {
  const wanted = prefix.toLowerCase();
  return commands.filter((c) => !c.hidden && c.name.startsWith(wanted));
}

/** The description with the command's origin, as the menu and /help show it: "review a PR (project, .claude)". */
export function describeCommand(command: SlashCommand): string {
  return command.origin ? `${command.description} (${command.origin})` : command.description;
}

