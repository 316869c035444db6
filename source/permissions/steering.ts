// Files that steer rein or the tools it runs (settings, instructions, hooks, git config): a write to one asks in every mode but yolo.
import path from 'node:path';
import { Minimatch } from 'minimatch';

/**
 * Workspace-relative patterns. Each carries code or rules that a later session, or a later command, obeys:
 * a model that writes one could widen its own next session without the user's say.
 */
const steeringPatterns: readonly string[] = [
  '.claude', '.claude/**',
  '.rein', '.rein/**',
  'agent.config.json',
  '.mcp.json',
  '**/CLAUDE.md', '**/CLAUDE.local.md', '**/AGENTS.md',
  '.git/config',
  '.git/hooks', '.git/hooks/**',
];

/** True when `child` is `root` or inside it. */
function isWithin(child: string, root: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

const matchers = steeringPatterns.map((p) => new Minimatch(p, { dot: true, nocase: process.platform === 'darwin' }));

/**
 * True when `realPath` (absolute, symlinks resolved) is a steering file of the workspace `realWorkspace` (also resolved).
 * A folder that holds one (`.` or `.git`) is not itself one: removing or moving it is judged elsewhere.
 */
export function isSteeringPath(realPath: string, realWorkspace: string): boolean {
  const rel = path.relative(realWorkspace, realPath);
  if (rel === '' || !isWithin(realPath, realWorkspace)) return false;
  const posix = rel.split(path.sep).join('/');
  return matchers.some((m) => m.match(posix));
}

/** True when `realPath` is a folder that holds steering files (the workspace, `.claude`, `.git`, …): a recursive write there reaches them. */
export function holdsSteeringFiles(realPath: string, realWorkspace: string): boolean {
  if (isWithin(realWorkspace, realPath)) return true;
  if (!isWithin(realPath, realWorkspace)) return false;
  const posix = path.relative(realWorkspace, realPath).split(path.sep).join('/');
  return posix === '.git' || isSteeringPath(realPath, realWorkspace);
}

export const steeringAskReason = 'it writes a file that steers rein (settings, instructions, hooks or git config)';
