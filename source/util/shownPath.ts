// How a path reads on screen: relative inside the workspace, ~-relative in the home folder, absolute elsewhere.
import os from 'node:os';
import path from 'node:path';

const inside = (child: string, root: string): boolean => {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
};

/** `~/…` for a path in the home folder, the path itself elsewhere (and for a home of `/`). */
export function homeShown(abs: string, home = os.homedir()): string {
  if (!home || home === path.sep || !path.isAbsolute(abs)) return abs;
  if (abs === home) return '~';
  return inside(abs, home) ? `~${path.sep}${path.relative(home, abs)}` : abs;
}

/**
 * `given` (relative to `cwd`, or absolute) as rows and dialogs show it: relative to the workspace inside it ("." for
 * its root), else ~-relative or absolute.
 */
export function shownPath(given: string, where: { cwd: string; workspace: string }, home = os.homedir()): string {
  if (given === '') return given;
  const abs = path.resolve(where.cwd, given);
  const workspace = path.resolve(where.workspace);
  if (!inside(abs, workspace)) return homeShown(abs, home);
  return path.relative(workspace, abs) || '.';
}
