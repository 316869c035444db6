// Matches bash rules against every command a bash call really runs, and writes the narrow rule an "always" adds.
import { needsExactRule, riskyWord } from './argumentRisks.js';
import type { PermissionRule } from './rules.js';
import { analyzeShell, type ShellWord } from './shellCommands.js';
import type { ShellContext } from './shellState.js';
import type { CommandView, ExpandedCommand } from './wrappers.js';

const ruleWordsCache = new Map<string, string[] | null>();

/** A rule's command as words (`~` and `$HOME` expanded as in commands); null when it holds more than one simple command. */
function ruleWords(command: string, ctx: ShellContext): string[] | null {
  const key = `${ctx.home}\0${command}`;
  let words = ruleWordsCache.get(key);
  if (words === undefined) {
    const analysis = analyzeShell(command, { home: ctx.home, env: {} });
    words = analysis.commands.length === 1 && analysis.concerns.length === 0
      ? [...analysis.commands[0].assignments, ...analysis.commands[0].words.map((w) => w.text)]
      : null;
    if (ruleWordsCache.size > 5000) ruleWordsCache.clear();
    ruleWordsCache.set(key, words);
  }
  return words;
}

const base = (text: string) => text.split('/').pop() ?? text;

function startsWith(words: readonly ShellWord[], prefix: readonly string[], literalOnly: boolean, byBasename = false): boolean {
  if (words.length < prefix.length) return false;
  return prefix.every((p, i) => (words[i].text === p || (byBasename && i === 0 && !p.includes('=') && base(words[i].text) === base(p))) && (!literalOnly || !words[i].dynamic));
}

/** For allow: the view itself; a prefix rule never covers exact-only commands, nor later words that change the command. */
export function allowCovers(rule: PermissionRule, view: CommandView, whole: string, ctx: ShellContext): boolean {
  if (rule.target.kind === 'tool') return true;
  if (rule.target.kind !== 'bash') return false;
  const words = ruleWords(rule.target.command, ctx);
  if (!words) return rule.target.command === whole.trim();
  if (rule.target.prefix) {
    if (view.exactOnly || !startsWith(view.words, words, true)) return false;
    const program = view.words[view.assignmentCount]?.text ?? '';
    return riskyWord(program, view.words.slice(Math.max(words.length, view.assignmentCount + 1)).map((w) => w.text)) === undefined;
  }
  return view.words.length === words.length && startsWith(view.words, words, true);
}

/** Git's own options before its subcommand, which a deny rule for `git push` must see through. */
const gitGlobals = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix', '--config-env']);

function withoutGitGlobals(words: ShellWord[]): ShellWord[] | undefined {
  if (base(words[0]?.text ?? '') !== 'git') return undefined;
  let i = 1;
  while (i < words.length && words[i].text.startsWith('-')) i += gitGlobals.has(words[i].text) ? 2 : 1;
  return i > 1 ? [words[0], ...words.slice(i)] : undefined;
}

/** For deny and ask: any reading of the command (with or without its assignments, as written, git's options skipped), its program by basename. */
export function denyCovers(rule: PermissionRule, view: CommandView, whole: string, ctx: ShellContext): boolean {
  if (rule.target.kind === 'tool') return true;
  if (rule.target.kind !== 'bash') return false;
  const words = ruleWords(rule.target.command, ctx);
  if (!words) return whole.includes(rule.target.command);
  const lit = (text: string): ShellWord => ({ text, dynamic: false, glob: false, fields: [] });
  const readings = [view.words, view.words.slice(view.assignmentCount), [...view.written.assignments.map(lit), ...view.written.words], view.written.words];
  // A pattern reads as the names it matches on disk (`/usr/bin/tou?h`), a variable as its value (`$EDITOR`).
  const known = (w: ShellWord) => (w.glob || w.dynamic) && w.fields.length > 0 && w.fields.every((f) => !f.unknown);
  if (view.words.some(known)) readings.push(view.words.flatMap((w) => (known(w) ? w.fields.map((f) => lit(f.value)) : [w])));
  for (const r of [...readings]) {
    const stripped = withoutGitGlobals(r);
    if (stripped) readings.push(stripped);
  }
  const prefix = rule.target.prefix;
  return readings.some((r) => (prefix ? startsWith(r, words, false, true) : r.length === words.length && startsWith(r, words, false, true)));
}

const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;
const quoteWord = (w: string) => (plainWord.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
const subcommandLike = /^[a-z][a-z0-9._:-]*$/;
const scriptRunners = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** The words an "always" for this view approves: assignments, the program, flags before the subcommand, the subcommand, and a script name. */
function prefixFor(view: CommandView): string[] {
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
  if (expanded.concerns.length > 0 || extraConcerns.length > 0 || expanded.views.length === 0 || expanded.opaque.length > 0) return [exact];
  const narrow = (v: CommandView) => {
    const words = v.words.slice(v.assignmentCount).map((w) => w.text);
    return v.exactOnly || v.openEnded || v.words.some((w) => w.dynamic || w.glob) || needsExactRule(words) || riskyWord(words[0] ?? '', words.slice(1)) !== undefined;
  };
  // One part needs its exact text; the rule names the whole command so nothing else rides along.
  if (expanded.views.some(narrow)) return [exact];
  return [...new Set(expanded.views.map((v) => `Bash(${prefixFor(v).map(quoteWord).join(' ')}:*)`))];
}
