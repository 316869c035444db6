// Shell commands that only look (ls, cat, git status, find without actions): the ones plan mode lets run.
import type { CommandView } from './wrappers.js';

const readers = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'rg', 'grep', 'egrep', 'fgrep', 'pwd', 'echo', 'file', 'stat', 'du', 'df', 'tree',
  'which', 'whoami', 'date', 'uname', 'printenv', 'basename', 'dirname', 'realpath', 'readlink', 'sort', 'uniq', 'cut',
  'tr', 'diff', 'cmp', 'jq', 'true', 'false', 'test', '[', 'id', 'hostname', 'nl', 'od', 'sha256sum', 'sha1sum', 'md5sum',
  'cksum', 'column', 'type', 'find', 'less', 'more', 'env',
]);
const gitReaders = new Set(['status', 'diff', 'log', 'show', 'blame', 'rev-parse', 'ls-files', 'ls-tree', 'grep', 'describe', 'shortlog', 'cat-file', 'rev-list']);
/** Options that make an otherwise read-only command write a file or run another program. */
const writingOptions: Record<string, RegExp> = {
  sort: /^(-o|--output)/, rg: /^--pre/, tree: /^-o$/, find: /^(-delete|-fprint|-fls|-exec|-execdir|-ok)/, git: /^(--output|--ext-diff|-c$)/,
  env: /./, diff: /^--to-file$/,
};

export function isReadOnlyView(view: CommandView): boolean {
  if (view.assignmentCount > 0 || view.exactOnly) return false;
  const words = view.words.map((w) => w.text);
  const program = words[0]?.split('/').pop() ?? '';
  if (!readers.has(program) && program !== 'git') return false;
  const args = words.slice(1);
  const forbidden = writingOptions[program];
  if (forbidden && args.some((a) => forbidden.test(a))) return false;
  if (program === 'git') {
    let i = 0;
    while (args[i] === '-C' || args[i] === '--no-pager') i += args[i] === '-C' ? 2 : 1;
    if (!gitReaders.has(args[i] ?? '')) {
      // `git branch` and `git remote` only list when given no names.
      const sub = args[i];
      if (!(sub === 'branch' || sub === 'remote' || sub === 'tag') || args.slice(i + 1).some((a) => !a.startsWith('-') || a === '-d' || a === '-D')) return false;
    }
  }
  return !view.written.redirects.some((r) => /^(>|>>|&>|&>>|>\|)$/.test(r.operator) && !['/dev/null', '/dev/stdout', '/dev/stderr'].includes(r.target.text));
}
