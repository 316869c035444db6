// Searches that read whole folders (grep -r, rg, ag, diff -r): which folders, whether hidden files and symlinks are
// followed, and the file names they are narrowed to.
import { AccessList, has } from './accessList.js';
import type { ShellWord } from './shellCommands.js';

/** The file-name patterns a search is limited to (`grep --include=*.ts`, `rg -g '*.ts'`), when every one is a plain name pattern. */
function nameFilter(args: ShellWord[], attached: RegExp, spaced: string[] = []): { names?: { patterns: string[]; nocase: boolean } } {
  const patterns: string[] = [];
  args.forEach((a, i) => {
    const m = attached.exec(a.text);
    if (m) patterns.push(m[1]);
    else if (spaced.includes(a.text) && args[i + 1]) patterns.push(args[i + 1].text);
  });
  // A negated or path-shaped pattern does not narrow by name alone.
  if (patterns.length === 0 || patterns.some((p) => p.startsWith('!') || p.includes('/'))) return {};
  return { names: { patterns, nocase: false } };
}

/** Readers that look into whole folders. */
/** Options of grep and rg whose value is the next word, so it is not taken for the pattern or a path. */
const searchValued: Record<string, RegExp> = {
  grep: /^(-[a-zA-Z]*[efmABCdD]|--(regexp|file|max-count|after-context|before-context|context|directories|devices|label|group-separator|binary-files))$/,
  rg: /^(-[a-zA-Z]*[egtTfmABCMjrE]|--(regexp|file|glob|iglob|type|type-not|type-add|type-clear|max-count|replace|context|after-context|before-context|max-columns|threads|max-depth|maxdepth|sort|sortr|encoding|ignore-file|pre|pre-glob|colors|color|context-separator|field-context-separator|field-match-separator|path-separator|max-filesize|dfa-size-limit|regex-size-limit|engine|hostname-bin|hyperlink-format))$/,
};

/** Flags and operands of a search command, the values of its options set aside. */
function searchArgs(args: ShellWord[], valued: RegExp | undefined): { flags: string[]; operands: ShellWord[] } {
  const flags: string[] = [];
  const operands: ShellWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i].text;
    if (t === '--') { operands.push(...args.slice(i + 1)); break; }
    if (t.startsWith('-') && t !== '-' && !args[i].dynamic) {
      flags.push(t);
      if (valued?.test(t)) i++;
    } else operands.push(args[i]);
  }
  return { flags, operands };
}

export function readerAccesses(program: string, args: ShellWord[], acc: AccessList): void {
  const { flags, operands } = searchArgs(args, searchValued[program === 'rg' ? 'rg' : 'grep']);
  if (['grep', 'egrep', 'fgrep', 'zgrep'].includes(program)) {
    if (!has(flags, 'r', /^(--recursive|--dereference-recursive|--directories=recurse|-d)$/) && !has(flags, 'R')) return;
    const patternGiven = flags.some((f) => /^(-[a-zA-Z]*[ef]|--regexp|--file)/.test(f));
    const paths = patternGiven ? operands : operands.slice(1);
    const follow = has(flags, 'R', /^--dereference-recursive$/);
    const extra = { recursive: true, hidden: true, follow, ...nameFilter(args, /^--include=(.+)$/) };
    if (paths.length === 0) acc.add('.', false, extra);
    else acc.words(paths, false, extra);
    return;
  }
  if (['rg', 'ag', 'ack', 'diff'].includes(program)) {
    if (program === 'diff' && !has(flags, 'r', /^--recursive$/)) return;
    const hidden = program === 'diff' || flags.some((f) => /^(--hidden|-u+|-\.|--unrestricted|-a|--all-types)$/.test(f) || /^-[a-zA-Z]*u/.test(f));
    const patternGiven = flags.some((f) => /^(-[a-zA-Z]*[ef]|--regexp|--file|--files)/.test(f));
    const paths = program === 'diff' || patternGiven ? operands : operands.slice(1);
    const follow = program === 'diff' || has(flags, 'L', /^--follow$/);
    const extra = { recursive: true, hidden, follow, ...(program === 'rg' ? nameFilter(args, /^(?:--glob=|--iglob=|-g)(.+)$/, ['-g', '--glob', '--iglob']) : {}) };
    if (paths.length === 0) acc.add('.', false, extra);
    else acc.words(paths, false, extra);
  }
}
