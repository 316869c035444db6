// Turns a custom command's template into the message the model gets: arguments, variables, !`command` output and @file contents.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolResult } from '../protocol/tools.js';
import { fillVariables, substituteArguments } from './commandArguments.js';
import type { CustomCommand } from './commandFile.js';
import { findMentions } from '../util/mentions.js';
import { untrustedProject } from './projectTrust.js';

export { splitArguments, substituteArguments } from './commandArguments.js';

/** A tool call the engine runs for a command before the model sees it, through the permission check. */
export interface PreparedCall {
  name: 'bash' | 'read_file';
  input: Record<string, unknown>;
}

export interface PreparedResult {
  /** False when the call was refused (a rule, the mode, the user, or a headless run that cannot ask). */
  ran: boolean;
  result: ToolResult;
}

export interface PrepareOptions {
  /** Judge the calls as ask mode would, whatever the session's mode: a project command the user has not trusted yet. */
  askFirst?: boolean;
}

/** What the engine lends the expansion: calls run in the session's workspace, asked for in ask mode. */
export interface CommandTools {
  /** The session's id, for `${CLAUDE_SESSION_ID}`. */
  readonly sessionId: string;
  run(calls: PreparedCall[], options?: PrepareOptions): Promise<PreparedResult[]>;
}

export type Expansion = { ok: true; text: string } | { ok: false; problem: string };

export interface ExpandContext {
  workspace: string;
  sessionId: string;
  /** The command comes from a project the user has not trusted: its shell commands are asked for, as in ask mode. */
  untrusted?: boolean;
}

/** A shell command in a template: Claude Code's `!`cmd`` after a space or at a line's start, or a ```! fenced block. */
interface ShellSpot {
  /** The text replaced by the command's output. */
  pattern: string;
  command: string;
}

const fencedShell = /```!\s*\n?([\s\S]*?)\n?```/g;
const inlineShell = /(?<=^|\s)!`([^`]+)`/gm;

/** Blanks code spans (`x`) that are not themselves !`cmd`, so a `!` inside one starts nothing; offsets are kept. */
function blankCodeSpans(text: string): string {
  return text.replace(/`[^`\n]+`/g, (span, offset: number) => {
    const before = text[offset - 1];
    return before === '!' || before === '`' ? span : `\`${' '.repeat(span.length - 2)}\``;
  });
}

export function findShellCommands(text: string): ShellSpot[] {
  const spots: ShellSpot[] = [];
  for (const m of text.matchAll(fencedShell)) if (m[1].trim()) spots.push({ pattern: m[0], command: m[1].trim() });
  if (text.includes('!`')) {
    const scanned = blankCodeSpans(text);
    for (const m of scanned.matchAll(inlineShell)) {
      const pattern = text.slice(m.index, m.index + m[0].length);
      if (m[1].trim()) spots.push({ pattern, command: pattern.slice(2, -1).trim() });
    }
  }
  return spots;
}

const label = (r: ToolResult): string => (r.display.kind === 'text' ? r.display.text : 'refused');
const firstLines = (text: string): string => text.split('\n').slice(0, 6).join('\n').trim();

/**
 * The message for `command` called with `args`: the skill's base folder first (for a skill), `$` slots and
 * `${CLAUDE_…}` variables filled, then every shell command run; one that is refused or fails stops the command, and
 * nothing is sent, as in Claude Code. @file mentions in the template are attached (rein's own addition).
 */
export async function expandCommand(command: CustomCommand, args: string, tools: CommandTools, ctx: ExpandContext): Promise<Expansion> {
  const template = command.skillDir ? `Base directory for this skill: ${command.skillDir}\n\n${command.body}` : command.body;
  const text = fillVariables(substituteArguments(template, args, command.argumentNames), { sessionId: ctx.sessionId, projectDir: ctx.workspace, skillDir: command.skillDir });
  const shells = findShellCommands(text);
  let withoutShells = text;
  for (const spot of shells) withoutShells = withoutShells.replace(spot.pattern, () => ' '.repeat(spot.pattern.length));
  // A mention that names no file ("@team", an e-mail address) stays plain text.
  const files = [...new Set(findMentions(withoutShells).map((m) => m.path))].filter((p) => fs.statSync(path.resolve(ctx.workspace, p), { throwIfNoEntry: false })?.isFile());
  if (shells.length === 0 && files.length === 0) return { ok: true, text };
  const calls: PreparedCall[] = [
    ...shells.map((spot): PreparedCall => ({ name: 'bash', input: { command: spot.command } })),
    ...files.map((p): PreparedCall => ({ name: 'read_file', input: { path: path.resolve(ctx.workspace, p) } })),
  ];
  const results = await tools.run(calls, { askFirst: ctx.untrusted });
  const trustHint = ctx.untrusted ? `; ${untrustedProject}, so its shell lines are judged as in ask mode` : '';
  for (let i = 0; i < calls.length; i++) {
    const { ran, result } = results[i] ?? { ran: false, result: { content: 'interrupted', display: { kind: 'text', text: 'interrupted' } } };
    if (i < shells.length) {
      if (!ran) return { ok: false, problem: `/${command.name} was not sent: its command \`${shells[i].command}\` was not run (${label(result)})${trustHint}.` };
      if (result.isError) return { ok: false, problem: `/${command.name} was not sent: its command \`${shells[i].command}\` failed: ${firstLines(result.content) || 'no output'}` };
    } else if (!ran || result.isError) {
      return { ok: false, problem: `/${command.name} was not sent: @${files[i - shells.length]} could not be read (${result.isError && ran ? result.content.split('\n')[0] : label(result)}).` };
    }
  }
  let message = text;
  shells.forEach((spot, i) => {
    const output = results[i].result.content.trimEnd();
    message = message.replace(spot.pattern, () => output);
  });
  for (let i = 0; i < files.length; i++) {
    message += `\n\n<file path="${files[i]}">\n${results[shells.length + i].result.content.trimEnd()}\n</file>`;
  }
  return { ok: true, text: message };
}
