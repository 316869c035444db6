// Commands that destroy a machine or a workspace, judged on what bash will run: refused in every mode unless an allow
// rule names the exact command; asked when the guard cannot tell.
import { resolve } from 'node:path';
import { judgeWords, preciousSet, type GuardContext, type Judgement } from './precious.js';
import type { ShellWord } from './shellCommands.js';
import type { CommandView, ExpandedCommand } from './wrappers.js';

export type { GuardContext } from './precious.js';

export interface GuardVerdict {
  /** Why it is refused. */
  deny?: string;
  /** Why the guard cannot tell, so it asks. */
  ask?: string;
}

const blockDevice = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|loop|md|dm-|mapper\/|sr|mtd|ubi|zd|rbd|nbd|root$|mem$|kmem$|port$)|^\/proc\/sysrq-trigger$|^\/sys\/power\/state$/;
const powerCommands = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);
const systemctlStops = new Set(['poweroff', 'reboot', 'halt', 'kexec', 'emergency', 'rescue', 'soft-reboot', 'suspend', 'hibernate', 'hybrid-sleep', 'suspend-then-hibernate']);
const diskTools = /^(mkfs(\..*)?|mke2fs|mkswap|mkdosfs|mkntfs|wipefs|fdisk|sfdisk|cfdisk|gdisk|sgdisk|parted|blkdiscard|cryptsetup|zpool|pvcreate|vgremove|lvremove)$/;
const writesOperands = new Set(['tee', 'cp', 'mv', 'shred', 'cat', 'install', 'truncate', 'pv']);
const writeRedirect = /^(>|>>|&>|&>>|>\||>&|<>|\d+>|\d+>>|\d+>\||\d+<>)$/;
const findNarrowing = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-newer', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-user', '-group', '-perm', '-empty', '-links', '-inum', '-samefile', '-lname', '-ilname', '-uid', '-gid', '-nouser', '-nogroup']);

const base = (text: string) => text.slice(text.lastIndexOf('/') + 1);
/** The programs the guard judges (disk tools aside). */
const guarded = new Set(['rm', 'mv', 'chmod', 'chown', 'chgrp', 'find', 'rsync', 'dd', 'shutdown', 'systemctl', 'loginctl', 'init', 'telinit', 'kill', 'killall5', 'reboot', 'halt', 'poweroff', 'tee', 'cp', 'shred', 'cat', 'install', 'truncate', 'pv']);
const device = (value: string) => blockDevice.test(resolve('/', value.replace(/\0/g, '')));

function split(args: ShellWord[]): { flags: string[]; operands: ShellWord[] } {
  const flags: string[] = [];
  const operands: ShellWord[] = [];
  let ended = false;
  for (const a of args) {
    if (!ended && a.text === '--') { ended = true; continue; }
    if (!ended && a.text.startsWith('-') && a.text !== '-' && !a.dynamic) flags.push(a.text);
    else operands.push(a);
  }
  return { flags, operands };
}

/** `-r`, `-R` in a cluster, or `--recursive` however far abbreviated (getopt takes any unambiguous start). */
const recursive = (flags: string[], letters: RegExp, shortest = 3) => flags.some((f) => (f.length >= 2 + shortest && '--recursive'.startsWith(f)) || (/^-[a-zA-Z]+$/.test(f) && letters.test(f.slice(1))));

function worst(...judgements: Judgement[]): Judgement {
  return judgements.includes('precious') ? 'precious' : judgements.includes('unknown') ? 'unknown' : 'fine';
}

/** The destructive reason of one command run as `program`, and `unsure` when its targets cannot be told. */
function judgeProgram(program: string, args: ShellWord[], view: CommandView, ctx: GuardContext): GuardVerdict | undefined {
  if (!guarded.has(program) && !diskTools.test(program)) return undefined;
  const { flags, operands } = split(args);
  const cwd = view.cwd;
  const everything = preciousSet(ctx, true);
  const machine = preciousSet(ctx, false);
  const open = view.openEnded && !view.wrappers.includes('find');
  const verdict = (j: Judgement, deny: string, ask: string): GuardVerdict | undefined => (j === 'precious' ? { deny } : j === 'unknown' ? { ask } : undefined);
  switch (program) {
    case 'rm': {
      if (flags.some((f) => f.length >= 6 && '--no-preserve-root'.startsWith(f))) return { deny: 'removes everything from / down (--no-preserve-root)' };
      if (!recursive(flags, /[rR]/, 1)) return undefined;
      const found = view.find && operands.some((o) => o.text.includes('{}')) ? findJudgement(view.find, view.cwd, ctx) : 'fine';
      const j = worst(judgeWords(operands.filter((o) => o.text !== '{}'), cwd, everything), found, open ? 'unknown' : 'fine');
      return verdict(j, 'recursively removes /, a home folder, a system folder or the workspace', 'it recursively removes a folder rein cannot tell apart from /, a home or the workspace');
    }
    case 'mv': {
      const targetDir = flags.some((f) => f.startsWith('-t') || f.startsWith('--target-directory'));
      const sources = targetDir ? operands : operands.slice(0, -1);
      return verdict(worst(judgeWords(sources, cwd, everything), open ? 'unknown' : 'fine'), 'moves away /, a home folder, a system folder or the workspace', 'it moves a folder rein cannot tell apart from /, a home or the workspace');
    }
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      if (!recursive(flags, /R/)) return undefined;
      const targets = operands.slice(flags.some((f) => f.startsWith('--reference')) ? 0 : 1);
      return verdict(worst(judgeWords(targets, cwd, machine), open ? 'unknown' : 'fine'), `changes the ${program === 'chmod' ? 'mode' : 'owner'} of every file under /, a home or a system folder`, `it changes ${program === 'chmod' ? 'modes' : 'owners'} recursively under a folder rein cannot tell apart from / or a home`);
    }
    case 'find': {
      if (!args.some((a) => a.text === '-delete')) return undefined;
      return verdict(findJudgement([{ text: 'find', dynamic: false, glob: false, fields: [] }, ...args], view.cwd, ctx), 'deletes everything under /, a home folder or the workspace', 'it deletes everything under a folder rein cannot tell apart from /, a home or the workspace');
    }
    case 'rsync': {
      // --delete (and --del, --delete-after, …) removes from the destination whatever the source lacks.
      if (!flags.some((f) => /^--del/.test(f) || f === '--remove-source-files')) return undefined;
      const dest = operands.at(-1);
      return dest ? verdict(judgeWords([dest], cwd, everything), 'deletes the contents of /, a home folder or the workspace (rsync --delete)', 'it deletes files with rsync --delete from a folder rein cannot tell apart from /, a home or the workspace') : undefined;
    }
    case 'dd': {
      const of = args.find((a) => a.text.startsWith('of='));
      if (!of) return undefined;
      if (of.dynamic) return { ask: 'it writes raw data to a file rein cannot tell apart from a disk' };
      return device(of.text.slice(3)) ? { deny: 'writes raw data onto a disk' } : undefined;
    }
    case 'shutdown':
      return flags.includes('-c') ? undefined : { deny: 'shuts the machine down' };
    case 'systemctl':
    case 'loginctl': {
      const sub = operands[0]?.text ?? '';
      const target = /^(poweroff|reboot|halt|kexec|rescue|emergency|soft-reboot|suspend|hibernate)(\.target)?$/;
      if (systemctlStops.has(sub) || (/^(isolate|start|restart|reload-or-restart|try-restart)$/.test(sub) && operands.slice(1).some((o) => target.test(o.text)))) return { deny: `${sub}s the machine` };
      return undefined;
    }
    case 'init':
    case 'telinit':
      return /^[016sS]$/.test(operands[0]?.text ?? '') ? { deny: 'shuts down, reboots or isolates the machine' } : undefined;
    case 'kill':
      if (operands.some((o) => o.text === '1')) return { deny: 'kills the init process, which stops the machine' };
      return operands.some((o) => o.text === '-1') || args.some((a, i) => a.text === '-1' && i > 0 && args[i - 1].text.startsWith('-')) ? { deny: 'kills every process it may' } : undefined;
    case 'killall5':
      return { deny: 'kills every process' };
  }
  if (powerCommands.has(program)) return { deny: `${program}s the machine` };
  if (diskTools.test(program)) {
    if (args.some((a) => device(a.text) || (a.text.includes('=') && device(a.text.split('=').pop() ?? '')))) return { deny: 'formats, partitions or wipes a disk' };
    return args.some((a) => a.dynamic) ? { ask: 'it formats or partitions a target rein cannot tell apart from a disk' } : undefined;
  }
  if (writesOperands.has(program) && operands.some((a) => a.fields.some((f) => device(f.value)))) return { deny: 'writes onto a disk' };
  return undefined;
}

/** Do find's starting points, unnarrowed by any test, cover a precious folder? */
function findJudgement(words: ShellWord[], cwd: string | null, ctx: GuardContext): Judgement {
  const start = words.findIndex((w) => base(w.text) === 'find');
  const roots: ShellWord[] = [];
  let i = start + 1;
  while (i < words.length && /^-[HLP]$/.test(words[i].text)) i++;
  for (; i < words.length && !/^[-(!]/.test(words[i].text); i++) roots.push(words[i]);
  const narrowed = words.some((w, k) => findNarrowing.has(w.text) && words[k + 1] && words[k + 1].text !== '*');
  if (narrowed) return 'fine';
  if (roots.length === 0) roots.push({ text: '.', dynamic: false, glob: false, fields: [{ value: '.', unknown: false }] });
  return judgeWords(roots, cwd, preciousSet(ctx, true));
}

const hypothetical = ['rm', 'mv', 'chmod', 'chown', 'find', 'dd', 'mkfs', 'shred'];

/** Symlinks the command itself makes (`ln -s ~ h`), so `rm -rf h/` later in it is judged on what h leads to. */
function linksMade(expanded: ExpandedCommand): Map<string, string> {
  const links = new Map<string, string>();
  for (const view of expanded.views) {
    const words = view.words.slice(view.assignmentCount);
    if (base(words[0]?.text ?? '') !== 'ln' || view.cwd === null) continue;
    const { operands } = split(words.slice(1));
    if (operands.length !== 2) continue;
    const [target, name] = operands.map((o) => o.fields[0]?.value ?? o.text);
    links.set(resolve(view.cwd, name), resolve(view.cwd, target));
  }
  return links;
}

/** `word` with a symlink the command made replaced by what it leads to. */
function throughLinks(word: ShellWord, cwd: string | null, links: Map<string, string>): ShellWord {
  if (links.size === 0 || cwd === null) return word;
  const remap = (value: string) => {
    const abs = resolve(cwd, value);
    for (const [name, target] of links) if (abs === name || abs.startsWith(`${name}/`)) return target + abs.slice(name.length) + (value.endsWith('/') ? '/' : '');
    return value;
  };
  const fields = word.fields.map((f) => ({ ...f, value: remap(f.value), ...(f.pattern ? { pattern: remap(f.pattern) } : {}) }));
  return { ...word, fields };
}

/** Why `expanded` is destructive (deny), or why the guard cannot tell (ask); undefined when neither. */
export function guardVerdict(expanded: ExpandedCommand, ctx: GuardContext): GuardVerdict | undefined {
  if (expanded.forkBombs.length > 0) return { deny: 'is a fork bomb' };
  let unsure: string | undefined;
  const links = linksMade(expanded);
  for (const view of expanded.views) {
    const words = view.words.slice(view.assignmentCount);
    const name = words[0];
    if (!name) continue;
    for (const r of view.written.redirects) {
      if (writeRedirect.test(r.operator) && r.target.fields.some((f) => device(f.value))) return { deny: 'writes onto a disk' };
    }
    if (name.dynamic) {
      // A computed command name with arguments that would be destructive for some program: the guard cannot tell.
      if (hypothetical.some((p) => judgeProgram(p, words.slice(1), view, ctx))) unsure ??= 'it runs a computed command whose arguments would destroy files for some programs';
      continue;
    }
    const verdict = judgeProgram(base(name.text), words.slice(1).map((w) => throughLinks(w, view.cwd, links)), view, ctx);
    if (verdict?.deny) return { deny: verdict.deny };
    if (verdict?.ask) unsure ??= verdict.ask;
  }
  if (!unsure && expanded.opaque.length > 0) unsure = `it runs ${expanded.opaque[0]}, which the guard cannot read`;
  return unsure ? { ask: unsure } : undefined;
}

export function destructiveRefusal(reason: string): string {
  return `rein refused to run this command: it ${reason}, which cannot be undone. Do not try another way to do the same; if the user really wants it, they can run it themselves or add an allow rule naming this exact command.`;
}

export const unsureReason = (reason: string) => `the destructive-command guard cannot tell: ${reason}`;
