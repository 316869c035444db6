// Which project a folder belongs to: its git root, and a stable per-checkout key for the project's memory folder.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Walks up from cwd to the first folder holding a .git entry (a folder, or a file in worktrees and submodules). */
export function findGitRoot(cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function canonicalPath(dir: string): string {
  const resolved = path.resolve(dir);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

/**
 * Folder name plus a short hash of the absolute path, e.g. `rein-3f2a9c`: readable, stable for one checkout,
 * distinct for two checkouts with the same folder name.
 */
export function projectKey(projectDir: string): string {
  const full = canonicalPath(projectDir);
  const base = path.basename(full).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|-+$/g, '').slice(0, 40) || 'root';
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 6);
  return `${base}-${hash}`;
}
