// Commands whose later words change what they do: "always" saves an exact rule for them, and a prefix rule never
// covers the options that turn a command into another (running code, writing elsewhere, talking to another host).

/** Their operands name what they destroy, send or change: only the exact command may be approved for later. */
const exactPrograms = new Set([
  'rm', 'rmdir', 'unlink', 'shred', 'curl', 'wget', 'scp', 'sftp', 'rsync', 'ssh', 'mv', 'cp', 'ln', 'chmod', 'chown', 'chgrp',
  'kill', 'pkill', 'killall', 'dd', 'sed', 'awk', 'gawk', 'mawk', 'nawk', 'perl', 'tar', 'zip', 'unzip', 'make', 'gmake',
  'docker', 'podman', 'kubectl', 'truncate', 'install', 'tee', 'crontab', 'systemctl', 'nc', 'ncat', 'socat', 'ftp', 'telnet',
]);
/** Package installs: a later package name is other code, run by its install scripts. */
const installs: Record<string, RegExp> = {
  npm: /^(install|i|add|isntall|in|ins|inst|insta|instal|exec|x)$/, pnpm: /^(install|i|add|dlx|exec)$/, yarn: /^(add|install|dlx)$/, bun: /^(add|install|i|x)$/,
  pip: /^install$/, pip3: /^install$/, pipx: /^(install|run)$/, uv: /^(add|pip|tool|run)$/, cargo: /^install$/, go: /^(install|get|run)$/,
  gem: /^install$/, brew: /^install$/, apt: /^install$/, 'apt-get': /^install$/, dnf: /^install$/, yum: /^install$/, composer: /^(require|global)$/,
};
const exactGit = new Set(['push', 'clone', 'config', 'remote', 'clean', 'rm', 'reset', 'submodule', 'bisect', 'filter-branch', 'difftool', 'mergetool', 'archive', 'send-email', 'daemon', 'credential']);

/** Options that make any program load or run other code, or hand data to another program. */
const everywhere = /^--(node-options|require|import|loader|experimental-loader|script-shell|upload-pack|receive-pack|checkpoint-action|to-command|compress-program|use-compress-program|rsh|rsh-command|pre|pre-glob|hostname-bin|exec-path|ext-diff|open-files-in-pager|eval|info-script|new-volume-script)(=|$)/;

/** Per program: options (or words) after a prefix that change what the command is. */
const perProgram: Record<string, RegExp> = {
  npm: /^(-c|--call|--userconfig|--globalconfig|--prefix|--cache|--ignore-scripts=false)(=|$)/,
  pnpm: /^(-c|--call|--userconfig|--globalconfig|--prefix|--dir|-C)(=|$)/,
  yarn: /^(--cwd|--use-yarnrc|--rc-filename)(=|$)/,
  npx: /^(-c|--call|-p|--package)(=|$)/,
  git: /^(--output|--textconv|--template|--separate-git-dir|--config-env|-O.*|-x|--exec)(=|$)/,
  make: /^(--eval|-E|-f.*|--file|--makefile|-C.*|--directory|-I.*|--include-dir|[A-Za-z_][A-Za-z0-9_.]*[:+?]?=.*)(=|$)/,
  gmake: /^(--eval|-E|-f.*|--file|--makefile|-C.*|--directory|-I.*|--include-dir|[A-Za-z_][A-Za-z0-9_.]*[:+?]?=.*)(=|$)/,
  tar: /^(-I|-F|--use-compress-program|--checkpoint-action|--to-command|--info-script|--new-volume-script|--rsh-command|--rmt-command|-[A-Za-z]*I)(=|$)/,
  sort: /^(--compress-program|-[A-Za-z]*o.*|--output)(=|$)/,
  rg: /^(--pre|--pre-glob|--hostname-bin|--search-zip|-z)(=|$)/,
  zip: /^(-TT|--unzip-command)(=|$)/,
  rsync: /^(-e|--rsh|--rsync-path)(=|$)/,
  pytest: /^(-p|--pyargs|-c|--config-file|--confcutdir|--rootdir)(=|$)/,
  less: /^(-o.*|-O.*|--log-file|--LOG-FILE|\+.*)(=|$)/,
  more: /^(\+.*)$/,
  node: /^(-r|-e|-p|--eval|--print|--require|--import|--loader)(=|$)/,
  cargo: /^(--config|-Z)(=|$)/,
  go: /^(-exec|-toolexec|-overlay)(=|$)/,
  vitest: /^(--config|-c|--configLoader|--globalSetup|--setupFiles)(=|$)/,
  jest: /^(--config|-c|--setupFiles|--globalSetup|--testRunner|--preset)(=|$)/,
  eslint: /^(--config|-c|--rulesdir|--plugin|--resolve-plugins-relative-to|--ext)(=|$)/,
  prettier: /^(--plugin|--config)(=|$)/,
  find: /^(-exec|-execdir|-ok|-okdir|-delete|-fprint.*|-fls)$/,
  xargs: /./,
};

const base = (text: string) => text.split('/').pop() ?? text;

/** True when approving `words` for later must name the exact command. */
export function needsExactRule(words: readonly string[]): boolean {
  const program = base(words[0] ?? '');
  if (exactPrograms.has(program)) return true;
  const install = installs[program];
  if (install) return install.test(words.slice(1).find((w) => !w.startsWith('-')) ?? '');
  if (program === 'git') {
    let i = 1;
    while (i < words.length && words[i].startsWith('-')) i += ['-C', '-c', '--git-dir', '--work-tree', '--namespace'].includes(words[i]) ? 2 : 1;
    return exactGit.has(words[i] ?? '');
  }
  return false;
}

/** The first word of `tail` that changes what `program` does, if any. */
export function riskyWord(program: string, tail: readonly string[]): string | undefined {
  const own = perProgram[base(program)];
  return tail.find((w) => everywhere.test(w) || (own !== undefined && own.test(w)));
}
