// The opt-in bash sandbox: bubblewrap with the root read-only, the workspace, temp and session folders writable, no network.
import { accessSync, constants, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export interface SandboxOptions {
  workspace: string;
  /** The session's folder (saved outputs). */
  sessionDir: string;
  /** rein's and Claude Code's config files: readable, never writable, so a command cannot widen its own permissions. */
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

/** The words to put before `/bin/bash -c …`: later binds override earlier ones, so read-only files come last. */
export function sandboxPrefix(o: SandboxOptions): string[] {
  const args = [o.bwrap, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--die-with-parent'];
  const writable = [resolve(tmpdir()), resolve(o.workspace), resolve(o.sessionDir)];
  for (const dir of new Set(writable)) if (existsSync(dir)) args.push('--bind', dir, dir);
  const readOnly = [join(resolve(o.workspace), '.git'), ...o.protectedFiles.map((f) => resolve(f))];
  for (const path of new Set(readOnly)) if (existsSync(path)) args.push('--ro-bind', path, path);
  if (!o.network) args.push('--unshare-net');
  args.push('--');
  return args;
}

/** Output of a command that failed because the sandbox stopped it: a read-only file system or no network. */
const denialSigns = [/Read-only file system/i, /Network is unreachable/i, /Connection refused/i, /ECONNREFUSED/, /Could not resolve host/i, /Temporary failure in name resolution/i, /EAI_AGAIN/, /ENETUNREACH/];

export function looksLikeSandboxDenial(output: string): boolean {
  return denialSigns.some((sign) => sign.test(output));
}
