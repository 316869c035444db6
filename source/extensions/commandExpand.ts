// Turns a custom command's template into the message the model gets: arguments, !`command` output and @file contents.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolResult } from '../tools/types.js';
import type { CustomCommand } from './commandFiles.js';
import { findMentions } from './mentions.js';

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

/** What the engine lends the expansion: calls run in the session's workspace, asked for in ask mode. */
export interface CommandTools {
  run(calls: PreparedCall[]): Promise<PreparedResult[]>;
}

export type Expansion = { ok: true; text: string } | { ok: false; problem: string };

/** Words of the arguments, quotes grouping: `a "b c" d` → a, b c, d. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}

/**
 * `$ARGUMENTS` is the whole argument text, `$1`…`$9` its words (empty when missing). A template with neither gets
 * the arguments appended, as Claude Code does, so they are never lost.
 */
export function substituteArguments(body: string, args: string): string {
  const words = splitArguments(args);
  const uses = /\$ARGUMENTS|\$[1-9](?!\d)/.test(body);
  const text = body.replace(/\$ARGUMENTS|\$([1-9])(?!\d)/g, (whole, digit: string | undefined) => (digit ? (words[Number(digit) - 1] ?? '') : args));
  return !uses && args.trim() ? `${text}\n\nARGUMENTS: ${args.trim()}` : text;
}

const shellPattern = /!`([^`\n]+)`/g;

const label = (r: ToolResult): string => (r.display.kind === 'text' ? r.display.text : 'refused');

/** The message for `command` called with `args`; shell commands and file reads go through `tools`. */
export async function expandCommand(command: CustomCommand, args: string, tools: CommandTools, workspace: string): Promise<Expansion> {
  const text = substituteArguments(command.body, args);
  const shells = [...text.matchAll(shellPattern)].map((m) => m[1].trim());
  // A mention that names no file ("@team", an e-mail address) stays plain text.
  const files = [...new Set(findMentions(text.replace(shellPattern, (m) => ' '.repeat(m.length))).map((m) => m.path))].filter((p) =>
    fs.statSync(path.resolve(workspace, p), { throwIfNoEntry: false })?.isFile(),
  );
  if (shells.length === 0 && files.length === 0) return { ok: true, text };
  const calls: PreparedCall[] = [
    ...shells.map((cmd): PreparedCall => ({ name: 'bash', input: { command: cmd } })),
    ...files.map((p): PreparedCall => ({ name: 'read_file', input: { path: path.resolve(workspace, p) } })),
  ];
  const results = await tools.run(calls);
  for (let i = 0; i < calls.length; i++) {
    const { ran, result } = results[i] ?? { ran: false, result: { content: 'interrupted', display: { kind: 'text', text: 'interrupted' } } };
    if (i < shells.length && !ran) return { ok: false, problem: `/${command.name} was not sent: its command \`${shells[i]}\` was not run (${label(result)}).` };
    if (i >= shells.length && (!ran || result.isError)) {
      return { ok: false, problem: `/${command.name} was not sent: @${files[i - shells.length]} could not be read (${result.isError && ran ? result.content.split('\n')[0] : label(result)}).` };
    }
  }
  let shellIndex = 0;
  let message = text.replace(shellPattern, () => results[shellIndex++].result.content.trimEnd());
  for (let i = 0; i < files.length; i++) {
    message += `\n\n<file path="${files[i]}">\n${results[shells.length + i].result.content.trimEnd()}\n</file>`;
  }
  return { ok: true, text: message };
}
