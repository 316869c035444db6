// Plan mode's allowlist: the commands, and for each the options, known only to look; every other command and
// option is refused.
import type { CommandView } from './wrappers.js';

interface Spec {
  /** `any`: every option of the program only reads. Else the single-letter options and long options allowed. */
  flags: 'any' | { short: string; long: readonly string[] };
  /** Single-letter options whose value follows (attached or as the next word). */
  valued?: string;
  /** Long options whose value follows as the next word (else only `--opt=value`). */
  valuedLong?: readonly string[];
  /** Options refused even when `flags` is `any`. */
  forbidden?: RegExp;
  maxOperands?: number;
  /** Checks the operands (after options). */
  operands?: (operands: string[]) => boolean;
}

const any: Spec = { flags: 'any' };
const anyBut = (forbidden: RegExp, extra: Partial<Spec> = {}): Spec => ({ flags: 'any', forbidden, ...extra });

const specs: Record<string, Spec> = {
  ls: any, dir: any, vdir: any, cat: any, head: any, tail: any, wc: any, grep: any, egrep: any, fgrep: any, pwd: any, echo: any,
  stat: any, du: any, df: any, which: any, whereis: any, whoami: any, id: any, groups: any, uname: any, arch: any, nproc: any,
  uptime: any, free: any, ps: any, printenv: any, locale: any, tty: any, basename: any, dirname: any, realpath: any, readlink: any,
  cut: any, tr: any, nl: any, od: any, hexdump: any, base64: any, sha1sum: any, sha224sum: any, sha256sum: any, sha384sum: any,
  sha512sum: any, md5sum: any, b2sum: any, cksum: any, sum: any, column: any, comm: any, join: any, paste: any, fold: any,
  expand: any, unexpand: any, rev: any, tac: any, strings: any, jq: any, diff: any, cmp: any, true: any, false: any, seq: any,
  sleep: any, cal: any, getconf: any, cd: any, pushd: any, popd: any, type: any, test: any, '[': any, '[[': any, tree: anyBut(/^(-o|-R|--output)/),
  file: anyBut(/^(-C|--compile|-[a-zA-Z]*C)/),
  rg: anyBut(/^(--pre|--pre-glob|--hostname-bin)(=|$)/),
  less: anyBut(/^(-[a-zA-Z]*[oO]|--log-file|--LOG-FILE|\+)/, { operands: (o) => o.every((x) => !x.startsWith('+')) }),
  more: { flags: 'any', operands: (o) => o.every((x) => !x.startsWith('+')) },
  xxd: anyBut(/^-[a-zA-Z]*r/, { maxOperands: 1 }),
  printf: anyBut(/^-v/),
  env: { flags: { short: '', long: [] }, maxOperands: 0 },
  command: { flags: { short: 'vV', long: [] }, operands: () => true },
  uniq: { flags: 'any', maxOperands: 1, valued: 'fsw' },
  sort: {
    flags: { short: 'bdfgiMhnRrVcCmsuzktS', long: ['--ignore-leading-blanks', '--dictionary-order', '--ignore-case', '--general-numeric-sort', '--ignore-nonprinting', '--month-sort', '--human-numeric-sort', '--numeric-sort', '--random-sort', '--reverse', '--version-sort', '--check', '--key', '--merge', '--stable', '--unique', '--zero-terminated', '--field-separator', '--parallel', '--buffer-size', '--debug', '--files0-from', '--sort'] },
    valued: 'ktS',
    valuedLong: ['--key', '--field-separator', '--buffer-size', '--parallel', '--files0-from', '--sort'],
  },
  date: {
    flags: { short: 'uRIdfr', long: ['--date', '--file', '--iso-8601', '--rfc-3339', '--rfc-email', '--reference', '--utc', '--universal', '--debug', '--resolution'] },
    valued: 'dfr',
    valuedLong: ['--date', '--file', '--reference'],
    operands: (o) => o.every((x) => x.startsWith('+')),
  },
  hostname: { flags: { short: 'sfdiIaAy', long: ['--short', '--fqdn', '--long', '--domain', '--ip-address', '--all-ip-addresses', '--alias', '--all-fqdns', '--yp', '--nis'] }, maxOperands: 0 },
};

const findPredicates = new Set(['-name', '-iname', '-path', '-ipath', '-regex', '-iregex', '-type', '-xtype', '-maxdepth', '-mindepth', '-newer', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-user', '-group', '-perm', '-links', '-printf', '-regextype', '-wholename', '-iwholename', '-lname', '-ilname', '-samefile', '-inum', '-uid', '-gid', '-newermt', '-used', '-fstype', '-context']);
const findFlags = new Set(['-print', '-print0', '-prune', '-not', '-a', '-o', '-and', '-or', '-follow', '-xdev', '-mount', '-depth', '-daystart', '-empty', '-readable', '-writable', '-executable', '-true', '-false', '-ls', '-nouser', '-nogroup', '-quit', '-noleaf', '-ignore_readdir_race', '-noignore_readdir_race', '-L', '-H', '-P', '(', ')', '!', ',']);

function findReadOnly(args: string[]): boolean {
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(args[i])) i++;
  for (; i < args.length; i++) {
    if (findPredicates.has(args[i]) || /^-newer[aBcmt][aBcmt]$/.test(args[i])) i++;
    else if (!findFlags.has(args[i])) return false;
  }
  return true;
}

/** True when every option of `args` is allowed by `spec` and the operands fit it. */
function fits(spec: Spec, args: string[]): boolean {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { operands.push(...args.slice(i + 1)); break; }
    if (!a.startsWith('-') || a === '-' || /^-[0-9]+$/.test(a)) { operands.push(a); continue; }
    if (spec.forbidden?.test(a)) return false;
    if (spec.flags === 'any') {
      if (spec.valued && /^-[a-zA-Z]$/.test(a) && spec.valued.includes(a[1])) i++;
      continue;
    }
    if (a.startsWith('--')) {
      const name = a.split('=')[0];
      if (!spec.flags.long.includes(name)) return false;
      if (!a.includes('=') && spec.valuedLong?.includes(name)) i++;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      if (!spec.flags.short.includes(a[k])) return false;
      if (spec.valued?.includes(a[k])) {
        if (k === a.length - 1) i++;
        break;
      }
    }
  }
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) return false;
  return spec.operands ? spec.operands(operands) : true;
}

const gitGlobalsWithValue = new Set(['-C', '--git-dir', '--work-tree']);
const gitGlobals = new Set(['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs']);
const gitLooks = /^--(output|ext-diff|open-files-in-pager)(=|$)|^-O/;
const gitReaders = new Set(['status', 'diff', 'log', 'show', 'blame', 'rev-parse', 'ls-files', 'ls-tree', 'grep', 'describe', 'shortlog', 'cat-file', 'rev-list', 'count-objects', 'for-each-ref', 'show-ref', 'merge-base', 'name-rev', 'var', 'version', 'whatchanged', 'diff-tree', 'diff-files', 'diff-index', 'check-ignore', 'check-attr']);
const branchListing = /^(-a|-r|-v|-vv|-l|--list|--all|--remotes|--verbose|--show-current|--contains|--no-contains|--merged|--no-merged|--sort|--points-at|--format|--color|--no-color|--column|--no-column|-i|--ignore-case|--abbrev|--no-abbrev)(=|$)/;

function gitReadOnly(args: string[]): boolean {
  let i = 0;
  while (i < args.length && args[i].startsWith('-')) {
    const name = args[i].split('=')[0];
    if (gitGlobalsWithValue.has(args[i])) i += 2;
    else if (gitGlobals.has(args[i]) || (name !== args[i] && gitGlobalsWithValue.has(name))) i++;
    else return false;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (rest.some((a) => gitLooks.test(a))) return false;
  if (gitReaders.has(sub)) return true;
  const flags = rest.filter((a) => a.startsWith('-'));
  const operands = rest.filter((a) => !a.startsWith('-'));
  switch (sub) {
    case 'branch':
    case 'tag':
      return flags.every((f) => branchListing.test(f) || (sub === 'tag' && /^-n\d*$/.test(f))) && (operands.length === 0 || flags.some((f) => f === '-l' || f === '--list'));
    case 'remote':
      return rest.length === 0 || (rest.length === 1 && rest[0] === '-v') || rest[0] === 'get-url';
    case 'stash':
    case 'worktree':
      return rest[0] === 'list' || (sub === 'stash' && rest[0] === 'show');
    case 'config':
      return flags.some((f) => /^(--get|--get-all|--get-regexp|--list|-l)$/.test(f)) && !flags.some((f) => /^--(add|unset|replace|rename|remove|edit)|^-e$/.test(f));
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show';
  }
  return false;
}

/** True when the view only looks: an allowed command whose every option is known to be read-only. */
export function isReadOnlyView(view: CommandView): boolean {
  if (view.assignmentCount > 0 || view.exactOnly || view.openEnded) return false;
  const words = view.words.map((w) => w.text);
  const program = words[0]?.split('/').pop() ?? '';
  const args = words.slice(1);
  if (program === 'git') {
    if (!gitReadOnly(args)) return false;
  } else if (program === 'find') {
    if (!findReadOnly(args)) return false;
  } else {
    const spec = specs[program];
    if (!spec || !fits(spec, args)) return false;
  }
  return !view.written.redirects.some((r) => /^(>|>>|&>|&>>|>\||<>|>&)$/.test(r.operator) && !/^(\d+|-)$/.test(r.target.text) && !['/dev/null', '/dev/stdout', '/dev/stderr'].includes(r.target.text));
}
