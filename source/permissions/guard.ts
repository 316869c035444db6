// Commands that destroy a machine or a workspace, refused in every mode unless an allow rule names the exact command.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CommandView, ExpandedCommand } from './wrappers.js';

export interface GuardContext {
  cwd: string;
  workspace: string;
  home?: string;
}

const blockDevice = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|loop|md|dm-|mapper\/)/;
const homeWords = new Set(['~', '~/', '$HOME', '${HOME}', '"$HOME"', '"${HOME}"', '$HOME/', '${HOME}/', '~/*', '$HOME/*']);
const powerCommands = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);

const base = (text: string) => text.split('/').pop() ?? text;

function isRecursive(flags: string[]): boolean {
  return flags.some((f) => f === '--recursive' || (/^-[a-zA-Z]+$/.test(f) && /[rR]/.test(f)));
}

/** True when `target` names `/`, the home folder or the workspace root (trailing `/` or `/*` included). */
function isPrecious(target: string, ctx: GuardContext): boolean {
  const home = resolve(ctx.home ?? homedir());
  if (homeWords.has(target)) return true;
  const trimmed = target.replace(/\/\*?$/, '') || '/';
  if (trimmed.startsWith('~')) return resolve(home + trimmed.slice(1)) === home;
  const absolute = resolve(ctx.cwd, trimmed);
  return absolute === '/' || absolute === home || absolute === resolve(ctx.workspace) || /^\/\*?$/.test(target);
}

function viewReason(view: CommandView, ctx: GuardContext): string | undefined {
  const words = view.words.slice(view.assignmentCount).map((w) => w.text);
  const program = base(words[0] ?? '');
  const args = words.slice(1);
  const flags = args.filter((a) => a.startsWith('-'));
  const operands = args.filter((a) => !a.startsWith('-'));
  if (program === 'rm') {
    if (args.includes('--no-preserve-root')) return 'removes everything from / down (--no-preserve-root)';
    if (isRecursive(flags) && operands.some((t) => isPrecious(t, ctx))) return 'recursively removes /, the home folder or the workspace root';
  }
  if (program.startsWith('mkfs') || program === 'wipefs') return 'formats or wipes a file system';
  if (program === 'dd' && args.some((a) => a.startsWith('of=/dev/') && a !== 'of=/dev/null')) return 'writes raw data onto a device';
  if (['tee', 'cp', 'mv', 'shred', 'cat'].includes(program) && operands.some((a) => blockDevice.test(a))) return 'writes onto a block device';
  if (powerCommands.has(program)) return `${program}s the machine`;
  if (program === 'systemctl' && ['poweroff', 'reboot', 'halt', 'kexec'].includes(operands[0] ?? '')) return `${operands[0]}s the machine`;
  if (program === 'init' && ['0', '6'].includes(operands[0] ?? '')) return 'shuts down or reboots the machine';
  if ((program === 'chmod' || program === 'chown' || program === 'chgrp') && isRecursive(flags) && operands.some((t) => /^\/\*?$/.test(t))) {
    return `changes ${program === 'chmod' ? 'the mode' : 'the owner'} of every file under /`;
  }
  for (const redirect of view.written.redirects) {
    if (/>/.test(redirect.operator) && blockDevice.test(redirect.target.text)) return 'writes onto a block device';
  }
  return undefined;
}

/** A function that pipes into itself in the background: `:(){ :|:& };:`. */
const forkBomb = /([A-Za-z_:][\w:-]*)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&/;

/** Why `command` is destructive, or undefined. */
export function destructiveReason(command: string, expanded: ExpandedCommand, ctx: GuardContext): string | undefined {
  if (forkBomb.test(command)) return 'is a fork bomb';
  for (const view of expanded.views) {
    const reason = viewReason(view, ctx);
    if (reason) return reason;
  }
  return undefined;
}

export function destructiveRefusal(reason: string): string {
  return `rein refused to run this command: it ${reason}, which cannot be undone. Do not try another way to do the same; if the user really wants it, they can run it themselves or add an allow rule naming this exact command.`;
}
