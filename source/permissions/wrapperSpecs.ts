// Programs that run the command given in their arguments (`nice cmd`, `flock file cmd`, `su -c 'cmd'`): where
// their options end and the command they run begins.
import type { ShellWord } from './shellCommands.js';

interface WrapperSpec {
  /** Options whose value is the next word (`-n 5`). */
  valued?: readonly string[];
  /** Words after the options and before the command (`flock FILE cmd`, `chrt PRIO cmd`). */
  operands?: number;
  /** Options whose value is a shell script (`-c 'cmd'`). */
  script?: readonly string[];
  /** Options after which no command follows (`taskset -p`). */
  noCommand?: readonly string[];
  /** Runs a command only through its script option (`su` alone opens a login shell). */
  scriptOnly?: boolean;
}

export const wrapperSpecs: Readonly<Record<string, WrapperSpec>> = {
  nice: { valued: ['-n', '--adjustment'] },
  nohup: {},
  time: { valued: ['-o', '-f', '--output', '--format'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], operands: 1 },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  setsid: {},
  ionice: { valued: ['-c', '-n', '--class', '--classdata'], noCommand: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] },
  chrt: { operands: 1, noCommand: ['-p', '--pid'] },
  taskset: { operands: 1, noCommand: ['-p', '--pid'] },
  flock: { valued: ['-w', '--timeout', '-E', '--conflict-exit-code'], operands: 1, script: ['-c', '--command'] },
  script: { valued: ['-E', '--echo', '-I', '--log-in', '-O', '--log-out', '-T', '--log-timing', '-B', '--log-io', '-m', '--logging-format'], script: ['-c', '--command'] },
  su: { valued: ['-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w', '--whitelist-environment'], script: ['-c', '--command', '--session-command'], scriptOnly: true },
  runuser: { valued: ['-u', '--user', '-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w'], script: ['-c', '--command', '--session-command'] },
  chroot: { valued: ['--userspec', '--groups'], operands: 1 },
  unshare: { valued: ['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd'] },
  nsenter: { valued: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'] },
  setpriv: { valued: ['--reuid', '--regid', '--groups', '--inh-caps', '--ambient-caps', '--bounding-set', '--securebits', '--selinux-label', '--apparmor-profile'] },
  prlimit: { valued: ['-p', '--pid'] },
  numactl: { valued: ['-C', '-N', '-m', '-p', '-i', '--physcpubind', '--cpunodebind', '--membind', '--preferred', '--interleave'] },
  cgexec: { valued: ['-g'] },
  gosu: { operands: 1 },
  'su-exec': { operands: 1 },
  pkexec: { valued: ['--user', '-u'] },
  fakeroot: { valued: ['-l', '--lib', '--faked', '-s', '-i'] },
  eatmydata: {},
  nocache: {},
  catchsegv: {},
  unbuffer: {},
  'dbus-run-session': { valued: ['--config-file', '--dbus-daemon'] },
  'xvfb-run': { valued: ['-n', '--server-num', '-e', '--error-file', '-f', '--auth-file', '-p', '--xauth-protocol', '-s', '--server-args', '-l'] },
  proxychains: { valued: ['-f'] },
  proxychains4: { valued: ['-f'] },
  torsocks: { valued: ['-u', '-p', '-a', '-P'] },
  tsocks: {},
  firejail: {},
  strace: { valued: ['-o', '-e', '-p', '-s', '-u', '-a', '-b', '-E', '-I', '-O', '-P', '-S', '-X'] },
  ltrace: { valued: ['-o', '-e', '-p', '-s', '-u', '-a', '-n', '-E', '-l', '-x', '-L'] },
  valgrind: {},
  'systemd-run': { valued: ['-p', '--property', '-u', '--unit', '-E', '--setenv', '-M', '--machine', '--slice', '--uid', '--gid', '--nice', '--description', '-H', '--host', '-D', '--working-directory'] },
  caffeinate: { valued: ['-t', '-w'] },
  faketime: { valued: ['-m', '-f', '-p'], operands: 1 },
  rlwrap: { valued: ['-a', '-b', '-C', '-f', '-H', '-l', '-m', '-P', '-S', '-w', '-z'] },
  builtin: {},
  chpst: { valued: ['-u', '-U', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c', '-r', '-t'] },
};

export type WrapperStep = { inner: ShellWord[] } | { script: ShellWord } | undefined;

/** What a wrapper from the table runs: the inner command's words, a script, or nothing. */
export function unwrapBySpec(words: ShellWord[], spec: WrapperSpec): WrapperStep {
  // A script option may come after the operands (`flock FILE -c cmd`, `su user -c cmd`).
  for (let k = 1; k < words.length && words[k].text !== '--'; k++) {
    const script = scriptOption(words, k, spec);
    if (script !== null) return script;
  }
  if (spec.scriptOnly) return undefined;
  let i = 1;
  let operands = spec.operands ?? 0;
  while (i < words.length) {
    const t = words[i].text;
    if (spec.noCommand?.includes(t)) return undefined;
    if (t === '--') { i++; break; }
    if (t.startsWith('-') && t !== '-' && !words[i].dynamic) {
      i += spec.valued?.includes(t) ? 2 : 1;
      continue;
    }
    if (operands > 0) { operands--; i++; continue; }
    break;
  }
  while (operands-- > 0 && i < words.length) i++;
  return i < words.length ? { inner: words.slice(i) } : undefined;
}

/** The script given by the option at `words[k]`, undefined when it has no value, null when `words[k]` is no script option. */
function scriptOption(words: ShellWord[], k: number, spec: WrapperSpec): WrapperStep | null {
  const t = words[k].text;
  // A short script option may end a cluster (`script -qc 'cmd'`).
  const clustered = spec.script?.find((o) => !o.startsWith('--') && new RegExp(`^-[a-zA-Z]*${o[1]}$`).test(t));
  if (clustered) return words[k + 1] ? { script: words[k + 1] } : undefined;
  const option = spec.script?.find((o) => t === o || t.startsWith(`${o}=`) || (!o.startsWith('--') && t.startsWith(o) && !t.startsWith('--')));
  if (!option) return null;
  if (t === option) return words[k + 1] ? { script: words[k + 1] } : undefined;
  const value = t.startsWith(`${option}=`) ? t.slice(option.length + 1) : t.slice(option.length);
  return { script: { ...words[k], text: value } };
}
