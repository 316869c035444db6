// rein's tools under Claude Code's names and argument names, so hook scripts written for Claude Code work unchanged.
import { isAbsolute, resolve } from 'node:path';
import { claudeToolName, reinToolName } from '../permissions/toolNames.js';

/** Argument names that differ, per rein tool: rein's name → Claude Code's. */
const argumentNames: Record<string, Record<string, string>> = {
  read_file: { path: 'file_path' },
  write_file: { path: 'file_path' },
  edit_file: { path: 'file_path' },
  grep: { case_insensitive: '-i', context: '-C' },
  bash_output: { task_id: 'bash_id' },
  kill_task: { task_id: 'shell_id' },
};

/** The Claude Code name a hook sees for each rein tool that has one; others (memory, mcp__…) keep theirs. */
export { claudeToolName };

/** rein's name for a name a hook or matcher uses (Claude Code's or rein's own). */
export { reinToolName };

function rename(input: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) out[names[key] ?? key] = value;
  return out;
}

/** The tool input as Claude Code would send it: `file_path` for `path`, made absolute against `cwd` as Claude Code's are. */
export function toClaudeInput(reinName: string, input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  const names = argumentNames[reinName];
  if (!names) return { ...input };
  const out = rename(input, names);
  if (typeof out.file_path === 'string' && !isAbsolute(out.file_path)) out.file_path = resolve(cwd, out.file_path);
  return out;
}

/** A hook's `updatedInput`, in Claude Code's or rein's argument names, as rein's tool takes it. */
export function fromClaudeInput(reinName: string, input: Record<string, unknown>): Record<string, unknown> {
  const names = argumentNames[reinName];
  if (!names) return { ...input };
  const back = Object.fromEntries(Object.entries(names).map(([rein, claude]) => [claude, rein]));
  return rename(input, back);
}

/** Claude Code's exact-name matchers: letters, digits, `_`, `-`, spaces, `,` and `|` only; a list split on `|` or `,`. */
const exactList = (matcher: string): string[] | undefined =>
  /^[A-Za-z0-9_ ,|-]+$/.test(matcher) ? matcher.split(/[|,]/).map((name) => name.trim()).filter(Boolean) : undefined;

/** Whether a matcher selects this tool: "", "*" match all; plain names (`Bash|edit_file`) match exactly, in either naming; anything else is a regular expression tried on both names. */
export function matcherSelectsTool(matcher: string, reinName: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  const names = exactList(matcher);
  if (names) return names.some((name) => name === reinName || reinToolName(name) === reinName || name === claudeToolName(reinName));
  const pattern = new RegExp(matcher);
  return pattern.test(reinName) || pattern.test(claudeToolName(reinName));
}

/** SessionStart's source, PreCompact's trigger, a subagent's type: "", "*" or an exact list or a regular expression over the value. */
export function matcherSelectsValue(matcher: string, value: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  const names = exactList(matcher);
  if (names) return names.includes(value);
  return new RegExp(matcher).test(value);
}
