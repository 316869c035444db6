// Settings whose value is a shell command that a program runs (`git -c core.pager=…`, `GIT_SSH_COMMAND=… git`,
// `PAGER=…`): rules and the guard read those commands too.
import type { ShellWord } from './shellCommands.js';

/** Environment variables whose value a program runs as a shell command. */
const commandVariables = new Set(['GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'SSH_ASKPASS', 'PAGER', 'MANPAGER', 'EDITOR', 'VISUAL', 'LESSOPEN', 'LESSCLOSE', 'BROWSER', 'PROMPT_COMMAND', 'SUDO_ASKPASS', 'RSYNC_RSH', 'CVS_RSH']);

/** Git settings whose value git runs as a shell command (aliases and helpers only when they start with `!`). */
const gitCommandKeys = /^(core\.(pager|editor|sshcommand|fsmonitor|askpass|hookspath)|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|sequence\.editor|gpg(\..+)?\.program|pager\..+|web\.browser|browser\..+\.(cmd|path)|uploadpack\.packobjectshook|difftool\..+\.cmd|mergetool\..+\.cmd|credential(\..+)?\.helper|alias\..+)$/i;

export interface CommandValue {
  text: string;
  dynamic: boolean;
  /** Where the command came from, for the wrapper trail (`git -c core.pager`, `PAGER=`). */
  via: string;
}

/** The shell commands hidden in a command's settings: its `NAME=value` words and git's `-c key=value`. */
export function commandValues(words: ShellWord[], assignmentCount: number): CommandValue[] {
  const out: CommandValue[] = [];
  for (const w of words.slice(0, assignmentCount)) {
    const expanded = w.fields[0]?.value ?? w.text;
    const eq = expanded.indexOf('=');
    const name = expanded.slice(0, eq);
    if (commandVariables.has(name)) out.push({ text: expanded.slice(eq + 1), dynamic: w.dynamic || w.fields[0]?.unknown === true, via: `${name}=` });
  }
  const program = words[assignmentCount]?.text ?? '';
  if (program.slice(program.lastIndexOf('/') + 1) !== 'git') return out;
  for (let i = assignmentCount + 1; i < words.length && words[i].text.startsWith('-'); i++) {
    if (words[i].text !== '-c' || !words[i + 1]) continue;
    const setting = words[++i].text;
    const eq = setting.indexOf('=');
    const key = eq < 0 ? setting : setting.slice(0, eq);
    const value = eq < 0 ? '' : setting.slice(eq + 1);
    if (!gitCommandKeys.test(key) || /^(true|false|yes|no|on|off|0|1)?$/i.test(value)) continue;
    // Aliases and credential helpers are git subcommands unless they start with `!`.
    if (/^(alias|credential)/i.test(key) && !value.startsWith('!')) continue;
    out.push({ text: value.replace(/^!/, ''), dynamic: words[i].dynamic, via: `git -c ${key}` });
  }
  return out;
}
