// The paths a bash command touches: every operand it may read, the files it writes (redirections, tee, cp, sed -i,
// git config, …), and the folders it reads or writes as a whole (grep -r, cp -r, tar x).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AccessList, has, split, type PathAccess } from './accessList.js';
import type { Field } from './expandWord.js';
import { readerAccesses } from './searchAccess.js';
import type { ShellWord } from './shellCommands.js';
import type { CommandView } from './wrappers.js';

const writeOperator = /^(>|>>|&>|&>>|>\||<>)$/;
const fdNumber = /^(\d+|-)$/;
const base = (text: string) => text.split('/').pop() ?? text;

/** The paths one view reads and writes. */
export function viewAccesses(view: CommandView, fallback: readonly string[] = []): PathAccess[] {
  const acc = new AccessList(view.cwd, fallback);
  const words = view.words.slice(view.assignmentCount);
  const program = base(words[0]?.text ?? '');
  const args = words.slice(1);
  // Any operand may be a file the program reads; so may the value of `--opt=value` and `key=value`.
  for (const a of args) {
    for (const f of a.fields) {
      if (!f.value.startsWith('-')) acc.add(f, false);
      const eq = f.value.indexOf('=');
      if (eq > 0 && (f.value.startsWith('-') || /^[a-z]+=/.test(f.value))) acc.add({ ...f, value: f.value.slice(eq + 1) }, false);
      else if (/^-[A-Za-z].*[./]/.test(f.value) && !f.value.startsWith('--')) acc.add({ ...f, value: f.value.slice(2) }, false);
    }
  }
  for (const r of view.written.redirects) {
    if (fdNumber.test(r.target.text) && (r.operator === '>&' || r.operator === '<&')) continue;
    acc.words([r.target], writeOperator.test(r.operator) || r.operator === '>&');
  }
  writerAccesses(program, args, view, acc);
  readerAccesses(program, args, acc);
  // Words a wrapper adds when it runs are files it found: `find -exec cat {}` reads what find finds, `xargs cat` what it is fed.
  if (view.find && args.some((a) => a.text.includes('{}'))) findAccesses(view.find, acc);
  else if (view.openEnded && (view.wrappers.includes('xargs') || view.wrappers.includes('parallel'))) {
    // Fed by find, it gets what find finds; fed by anything else, any file below.
    const feeder = view.written.pipedFrom?.words;
    if (feeder && base(feeder[0]?.text ?? '') === 'find') findAccesses(feeder, acc);
    else acc.add('.', false, { recursive: true, hidden: true });
  }
  return acc.list;
}

/** find's starting points, read as a whole, narrowed to the names its `-name` tests allow. */
function findAccesses(find: ShellWord[], acc: AccessList): void {
  const start = find.findIndex((w) => base(w.text) === 'find');
  const roots: ShellWord[] = [];
  let i = start + 1;
  while (i < find.length && /^-[HLP]$/.test(find[i].text)) i++;
  for (; i < find.length && !/^[-(!]/.test(find[i].text); i++) roots.push(find[i]);
  const texts = find.map((w) => w.text);
  const patterns = texts.flatMap((t, k) => (t === '-name' || t === '-iname') && texts[k + 1] !== undefined ? [texts[k + 1]] : []);
  // Negation or alternatives change what the tests select: then everything is reachable.
  const names = patterns.length > 0 && !texts.some((t) => t === '!' || t === '-not' || t === '-o' || t === '-or') ? { patterns, nocase: texts.includes('-iname') } : undefined;
  const extra = { recursive: true, hidden: true, follow: texts.includes('-L') || texts.includes('-follow'), ...(names ? { names } : {}) };
  if (roots.length === 0) acc.add('.', false, extra);
  else acc.words(roots, false, extra);
}

function destination(operands: ShellWord[], flags: string[]): { dest?: ShellWord; sources: ShellWord[] } {
  const t = flags.find((f) => f.startsWith('-t') || f.startsWith('--target-directory'));
  if (t) return { sources: operands.slice(1), dest: operands[0] };
  return { dest: operands.at(-1), sources: operands.slice(0, -1) };
}

function writerAccesses(program: string, args: ShellWord[], view: CommandView, acc: AccessList): void {
  const { flags, operands } = split(args);
  switch (program) {
    case 'tee': case 'rm': case 'rmdir': case 'unlink': case 'shred': case 'touch': case 'mkdir': case 'mkfifo': case 'mknod':
    case 'setfacl': case 'chattr':
      return acc.words(operands, true);
    case 'truncate':
      return acc.words(operands.filter((_, i) => !(i === 0 && flags.length > 0 && /^(-s|-r|--size|--reference)$/.test(flags.at(-1) ?? ''))), true);
    case 'chmod': case 'chown': case 'chgrp':
      return acc.words(operands.slice(1), true);
    case 'cp': case 'install': case 'ln': case 'rsync': case 'scp': case 'mv': {
      const { dest, sources } = destination(operands, flags);
      // A link, hard or symbolic, is a second name to write the same file through.
      const link = program === 'ln' || (program === 'cp' && (has(flags, 'l', /^--link$/) || has(flags, 's', /^--symbolic-link$/)));
      if (program === 'mv' || link) acc.words(sources, true);
      // A relative symlink target is read from the link's folder.
      if (link && dest && view.cwd !== null && has(flags, 's', /^--symbolic(-link)?$/)) {
        const linkDir = (f: Field) => (existsSync(resolve(view.cwd as string, f.value)) || f.value.endsWith('/') ? f.value : dirname(f.value));
        for (const d of dest.fields) for (const s of sources) for (const f of s.fields) if (!f.value.startsWith('/')) acc.add(`${linkDir(d)}/${f.value}`, true);
      }
      if (!dest) return;
      const deep = program === 'mv' || program === 'rsync' || has(flags, 'r', /^--(recursive|archive)$/) || has(flags, 'R') || has(flags, 'a');
      acc.words([dest], true);
      if (deep) for (const s of sources) for (const f of s.fields) for (const d of dest.fields) acc.add(d, true, { recursive: true, from: resolve(view.cwd ?? '/', f.value) });
      const follow = has(flags, 'L', /^--(dereference|copy-links)$/);
      if (deep) for (const s of sources) acc.words([s], false, { recursive: true, hidden: true, follow });
      return;
    }
    case 'sed':
      if (flags.some((f) => /^-[a-zA-Z]*i/.test(f) || f.startsWith('--in-place'))) acc.words(flags.some((f) => /^-[a-zA-Z]*[ef]|^--(expression|file)/.test(f)) ? operands : operands.slice(1), true);
      return;
    case 'perl':
      if (flags.some((f) => /^-[a-zA-Z]*i/.test(f))) acc.words(operands, true);
      return;
    case 'dd':
      for (const a of args) if (a.text.startsWith('of=')) acc.words([{ ...a, fields: a.fields.map((f) => ({ ...f, value: f.value.slice(3) })) }], true);
      return;
    case 'git':
      return gitAccesses(args, view, acc);
    case 'patch':
      return patchTargets(args, view, acc, operands);
    case 'tar': case 'bsdtar': case 'unzip': case 'cpio': case '7z': case '7za': case 'unrar': {
      const extracting = program === 'unzip' || program === 'unrar' || (program === 'cpio' ? has(flags, 'i') : program.startsWith('7z') ? operands[0]?.text === 'x' || operands[0]?.text === 'e' : has(flags, 'x') || /^x/.test(operands[0]?.text ?? '') || flags.includes('--extract'));
      if (!extracting) {
        if (program === 'tar' || program === 'bsdtar') acc.words(operands.slice(1), false, { recursive: true, hidden: true, follow: has(flags, 'h', /^--dereference$/) });
        return;
      }
      const dirFlag = args.findIndex((a) => a.text === '-C' || a.text === '-d' || a.text === '--directory');
      const dir = dirFlag >= 0 ? args[dirFlag + 1] : undefined;
      if (dir) acc.words([dir], true, { recursive: true });
      else acc.add('.', true, { recursive: true });
      return;
    }
    case 'zip':
      if (has(flags, 'r')) acc.words(operands.slice(1), false, { recursive: true, hidden: true, follow: !has(flags, 'y', /^--symlinks$/) });
      return;
  }
}

const gitConfigReads = /^(--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|--show-origin|--show-scope|--name-only|--null|-z|--type|--default|--includes|--no-includes)/;
const gitBranchConfig = /^(-u|--set-upstream-to|--unset-upstream|--track|-t|-m|-M|-c|-C|--edit-description)/;

/** The git folder git finds from `dir`: a `.git` in it or above it, or the `.git` folder `dir` is inside. */
function repositoryDir(dir: string | null): string {
  if (dir === null) return '.git';
  const inside = /^(.*?\/\.git)(\/|$)/.exec(dir);
  if (inside) return inside[1];
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return join(d, '.git');
    if (d === dirname(d)) return join(dir, '.git');
  }
}

/** Git subcommands that write the repository's config or hooks, wherever the command line names no file. */
function gitAccesses(args: ShellWord[], view: CommandView, acc: AccessList): void {
  let i = 0;
  let gitDir: string | undefined;
  let dir = view.cwd;
  while (i < args.length && args[i].text.startsWith('-')) {
    if (args[i].text === '--git-dir') gitDir = args[i + 1]?.text;
    else if (args[i].text.startsWith('--git-dir=')) gitDir = args[i].text.slice(10);
    else if (args[i].text === '-C' && args[i + 1]) dir = dir === null && !args[i + 1].text.startsWith('/') ? null : resolve(dir ?? '/', args[i + 1].text);
    i += ['-C', '-c', '--git-dir', '--work-tree', '--namespace'].includes(args[i].text) ? 2 : 1;
  }
  gitDir = gitDir !== undefined ? resolve(dir ?? '/', gitDir) : repositoryDir(dir);
  const sub = args[i]?.text;
  const rest = args.slice(i + 1);
  const texts = rest.map((a) => a.text);
  const config = `${gitDir}/config`;
  if (sub === 'config') {
    const file = texts.findIndex((t) => t === '--file' || t === '-f');
    if (texts.includes('--global') || texts.includes('--system')) return;
    const { operands } = split(rest);
    const reading = texts.some((t) => gitConfigReads.test(t)) || operands.length <= 1;
    if (reading && !texts.some((t) => /^--(unset|unset-all|add|replace-all|rename-section|remove-section|edit)|^-e$/.test(t))) return;
    if (file >= 0 && rest[file + 1]) acc.words([rest[file + 1]], true);
    else acc.add(config, true);
  } else if (sub === 'remote' && ['add', 'set-url', 'rename', 'remove', 'rm', 'set-head', 'set-branches', 'prune'].includes(texts[0] ?? '')) acc.add(config, true);
  else if (sub === 'submodule' || (sub === 'branch' && texts.some((t) => gitBranchConfig.test(t))) || ((sub === 'checkout' || sub === 'switch') && texts.some((t) => /^(-t|--track)$/.test(t)))) acc.add(config, true);
  else if (sub === 'init' && texts.some((t) => /^--(template|separate-git-dir)/.test(t))) acc.add(`${gitDir}/hooks`, true, { recursive: true });
  else if (sub === 'apply' || sub === 'am') patchTargets(rest, view, acc, split(rest).operands);
}

/** The files a patch would write, read from the patch itself (a file, a here-document, or a redirected file). */
function patchTargets(args: ShellWord[], view: CommandView, acc: AccessList, operands: ShellWord[]): void {
  const texts: string[] = [];
  let unknown = false;
  const read = (f: Field) => {
    try {
      texts.push(readFileSync(resolve(view.cwd ?? '/', f.value), 'utf8').slice(0, 2_000_000));
    } catch {
      unknown = true;
    }
  };
  const patchFile = args.findIndex((a) => a.text === '-i' || a.text === '--input');
  if (patchFile >= 0 && args[patchFile + 1]) args[patchFile + 1].fields.forEach(read);
  else if (operands.length > 0 && base(view.words[view.assignmentCount]?.text ?? '') === 'git') operands.forEach((o) => o.fields.forEach(read));
  const stdinFile = view.written.redirects.find((r) => r.operator === '<');
  if (stdinFile) stdinFile.target.fields.forEach(read);
  else if (view.written.stdin) {
    if (view.written.stdin.known) texts.push(view.written.stdin.text);
    else unknown = true;
  } else if (texts.length === 0 && (view.written.stdinFromPipe || base(view.words[view.assignmentCount]?.text ?? '') === 'patch')) unknown = true;
  for (const text of texts) {
    for (const m of text.matchAll(/^(?:\+\+\+|---) (?:[ab]\/)?([^\t\n]+)|^(?:rename|copy) (?:to|from) (.+)$/gm)) {
      const target = (m[1] ?? m[2] ?? '').trim();
      if (target && target !== '/dev/null') acc.add(target, true);
    }
  }
  if (unknown) acc.add('.', true, { recursive: true });
}
