// Matches bash rules against every command a bash call really runs, and writes the narrow rule an "always" adds.
import { isAbsolute, relative, resolve } from 'node:path';
import type { PermissionRule } from './rules.js';
import { analyzeShell, type ShellWord } from './shellCommands.js';
import type { CommandView, ExpandedCommand } from './wrappers.js';

const ruleWordsCache = new Map<string, string[] | null>();

/** A rule's command as words; null when it holds more than one simple command (then only the whole text matches). */
function ruleWords(command: string): string[] | null {
  let words = ruleWordsCache.get(command);
  if (words === undefined) {
    const analysis = analyzeShell(command);
    words = analysis.commands.length === 1 && analysis.concerns.length === 0
      ? [...analysis.commands[0].assignments, ...analysis.commands[0].words.map((w) => w.text)]
      : null;
    ruleWordsCache.set(command, words);
  }
  return words;
}

function startsWith(words: readonly ShellWord[], prefix: readonly string[], literalOnly: boolean): boolean {
  if (words.length < prefix.length) return false;
  return prefix.every((p, i) => words[i].text === p && (!literalOnly || !words[i].dynamic));
}

/** For allow: the view itself, prefix rules never covering exact-only commands. */
export function allowCovers(rule: PermissionRule, view: CommandView, whole: string): boolean {
  if (rule.target.kind === 'tool') return true;
  if (rule.target.kind !== 'bash') return false;
  const words = ruleWords(rule.target.command);
  if (!words) return rule.target.command === whole.trim();
  if (rule.target.prefix) return !view.exactOnly && startsWith(view.words, words, true);
  return view.words.length === words.length && startsWith(view.words, words, true);
}

/** For deny and ask: any reading of the command, with or without its assignments, or as written before wrappers. */
export function denyCovers(rule: PermissionRule, view: CommandView, whole: string): boolean {
  if (rule.target.kind === 'tool') return true;
  if (rule.target.kind !== 'bash') return false;
  const words = ruleWords(rule.target.command);
  if (!words) return whole.includes(rule.target.command);
  const readings = [view.words, view.words.slice(view.assignmentCount), [...view.written.assignments.map((text) => ({ text, dynamic: false, glob: false })), ...view.written.words], view.written.words];
  return readings.some((r) => (rule.target.kind === 'bash' && rule.target.prefix ? startsWith(r, words, false) : r.length === words.length && startsWith(r, words, false)));
}

const writeOperators = /^(>|>>|&>|&>>|>\|)$/;
const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/** Concerns that come from where the command writes: a redirect outside the workspace, or to a computed path. */
export function redirectConcerns(expanded: ExpandedCommand, cwd: string, workspace: string): string[] {
  const concerns = new Set<string>();
  for (const view of expanded.views) {
    for (const r of view.written.redirects) {
      if (!writeOperators.test(r.operator) || harmlessTargets.has(r.target.text)) continue;
      if (r.target.dynamic) concerns.add('redirection to a computed path');
      else if (r.target.text.startsWith('~')) concerns.add('redirection to a file outside the workspace');
      else {
        const rel = relative(resolve(workspace), resolve(cwd, r.target.text));
        if (rel.startsWith('..') || isAbsolute(rel)) concerns.add('redirection to a file outside the workspace');
      }
    }
  }
  return [...concerns];
}

const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;
export const quoteWord = (w: string) => (plainWord.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
const subcommandLike = /^[a-z][a-z0-9._:-]*$/;
const scriptRunners = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** The words an "always" for this view approves: assignments, the program, flags before the subcommand, the subcommand, and a script name. */
export function prefixFor(view: CommandView): string[] {
  const words = view.words.map((w) => w.text);
  let i = view.assignmentCount + 1;
  while (i < words.length && !subcommandLike.test(words[i])) i++;
  if (i < words.length) i++;
  const program = words[view.assignmentCount]?.split('/').pop() ?? '';
  if (scriptRunners.has(program) && ['run', 'run-script'].includes(words[i - 1]) && i < words.length) i++;
  return words.slice(0, Math.min(i, words.length));
}

/** The rules "always" adds for a bash command: prefix rules when every part can take one, else the exact command. */
export function alwaysBashRules(command: string, expanded: ExpandedCommand, extraConcerns: string[]): string[] {
  const trimmed = command.trim();
  const exact = `Bash(${trimmed})`;
  if (expanded.concerns.length > 0 || extraConcerns.length > 0 || expanded.views.length === 0) return [exact];
  if (expanded.views.some((v) => v.exactOnly || v.words.some((w) => w.dynamic || w.glob))) {
    // One part needs its exact text; the rule names the whole command so nothing else rides along.
    return [exact];
  }
  return [...new Set(expanded.views.map((v) => `Bash(${prefixFor(v).map(quoteWord).join(' ')}:*)`))];
}
