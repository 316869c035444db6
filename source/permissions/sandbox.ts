// The opt-in bash sandbox: bubblewrap with the root read-only, only the workspace and a private /tmp writable, its own
// PID namespace and /proc, no network, no terminal, and the files that steer rein read-only whether or not they exist.
import { accessSync, constants, existsSync, lstatSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { delimiter, join, relative, resolve } from 'node:path';
import type { SandboxRun } from '../tools/types.js';

export interface SandboxOptions {
  workspace: string;
  /** Folders written like the workspace (--add-dir). */
  writable?: string[];
  /** rein's and Claude Code's config files and folders outside the workspace: readable, never writable. */
  protectedFiles: string[];
  network: boolean;
  bwrap: string;
}

/** The bwrap binary on PATH, or undefined. */
export function findBwrap(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export const missingBwrapMessage =
  'The sandbox needs bubblewrap (bwrap), which is not installed; install it (apt-get install bubblewrap, dnf install bubblewrap) or run without --sandbox.';

/** Workspace files and folders that steer rein, git or the shell: a command inside must not create or change them. */
const steeringFiles = ['agent.config.json', '.mcp.json', '.env', 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md'];
const steeringFolders = ['.claude', '.rein', '.git'];

const closeInherited = 'for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null; done; exec "$@"';

/** Variables that lead to a way out (an agent's or a bus's socket, a terminal server), unset inside. */
const unsetVariables = ['SSH_AUTH_SOCK', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS', 'TMUX', 'TMUX_PANE', 'GPG_AGENT_INFO', 'DOCKER_HOST'];

/**
 * Mount points made on the host for steering paths that did not exist, with how many running commands use each: the
 * last to finish removes it (removing it earlier would undo the read-only mount in the others' namespaces).
 */
const madeMountPoints = new Map<string, number>();

function removeIfEmpty(path: string): void {
  try {
    const stat = lstatSync(path);
    if (stat.isFile() && stat.size === 0) unlinkSync(path);
    else if (stat.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
  } catch {
    // Gone already, or changed meanwhile: leave it.
  }
}

const isWithin = (child: string, root: string) => {
  const rel = relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !rel.startsWith('/'));
};

/** The bwrap words for one command; later mounts override earlier ones, so read-only ones come last. */
export function sandboxRun(o: SandboxOptions): SandboxRun {
  const workspace = resolve(o.workspace);
  const args = [o.bwrap, '--ro-bind', '/', '/', '--dev', '/dev', '--unshare-pid', '--proc', '/proc', '--unshare-ipc', '--new-session', '--die-with-parent'];
  // A private /tmp and /run: no tmux, agent, bus or docker socket reachable by path.
  args.push('--tmpfs', '/tmp', '--tmpfs', '/run');
  if (o.network && existsSync('/run/systemd/resolve')) args.push('--ro-bind', '/run/systemd/resolve', '/run/systemd/resolve');
  for (const dir of new Set([workspace, ...(o.writable ?? []).map((d) => resolve(d))])) if (existsSync(dir)) args.push('--bind', dir, dir);
  for (const name of unsetVariables) args.push('--unsetenv', name);
  args.push('--setenv', 'TMPDIR', '/tmp');
  const made: string[] = [];
  const readOnly = (path: string, folder: boolean) => {
    if (existsSync(path)) {
      args.push('--ro-bind', path, path);
      return;
    }
    // Only paths inside the workspace can be created by a command; bwrap makes the mount point on the host.
    if (!isWithin(path, workspace)) return;
    if (folder) args.push('--tmpfs', path, '--remount-ro', path);
    else args.push('--ro-bind', '/dev/null', path);
    made.push(path);
  };
  for (const name of steeringFolders) readOnly(join(workspace, name), true);
  for (const name of steeringFiles) readOnly(join(workspace, name), false);
  for (const path of new Set(o.protectedFiles.map((f) => resolve(f)))) {
    if (existsSync(path)) readOnly(path, statSync(path).isDirectory());
  }
  if (!o.network) args.push('--unshare-net');
  // bwrap passes on every descriptor rein itself inherited without close-on-exec: a shell inside closes all but
  // the standard three, then runs the command.
  args.push('--', '/bin/bash', '-c', closeInherited, 'rein-sandbox');
  for (const path of made) madeMountPoints.set(path, (madeMountPoints.get(path) ?? 0) + 1);
  let released = false;
  return {
    words: args,
    release() {
      if (released) return;
      released = true;
      for (const path of made) {
        const left = (madeMountPoints.get(path) ?? 1) - 1;
        if (left > 0) {
          madeMountPoints.set(path, left);
          continue;
        }
        madeMountPoints.delete(path);
        removeIfEmpty(path);
      }
    },
  };
}

/** Output of a command that failed because the sandbox stopped it: a read-only file system or no network. */
const denialSigns = [/Read-only file system/i, /Network is unreachable/i, /Connection refused/i, /ECONNREFUSED/, /Could not resolve host/i, /Temporary failure in name resolution/i, /EAI_AGAIN/, /ENETUNREACH/];

export function looksLikeSandboxDenial(output: string): boolean {
  return denialSigns.some((sign) => sign.test(output));
}
