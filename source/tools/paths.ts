// Resolves paths given by the model against the working folder and keeps file tools inside the workspace.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolContext } from './types.js';

export type PathAccess = 'read' | 'write';

export interface ResolvedPath {
  /** Absolute path as given (after resolving against cwd), symlinks untouched. */
  abs: string;
  /** Real path: symlinks resolved; for a missing file, its nearest existing parent resolved. */
  real: string;
  /** Short form for messages: relative to cwd when inside it, else absolute. */
  display: string;
}

export type PathResolution = { ok: true; path: ResolvedPath } | { ok: false; error: string };

type PathContext = Pick<ToolContext, 'cwd' | 'workspace' | 'state'>;

const maxLinkHops = 40;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** realpath that also works for paths that do not exist yet, including dangling symlinks. */
export async function realpathNearest(absPath: string): Promise<string> {
  let current = path.resolve(absPath);
  const tail: string[] = [];
  for (let hops = 0; hops < maxLinkHops * 4; hops++) {
    try {
      const real = await fs.realpath(current);
      return tail.length === 0 ? real : path.join(real, ...tail.reverse());
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    // A dangling symlink would be followed on write, so resolve its target instead of trusting its name.
    const link = await fs.lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) {
      current = path.resolve(path.dirname(current), await fs.readlink(current));
      continue;
    }
    const parent = path.dirname(current);
    if (parent === current) return path.join(current, ...tail.reverse());
    tail.push(path.basename(current));
    current = parent;
  }
  throw new Error(`too many symbolic links while resolving ${absPath}`);
}

export function isInside(child: string, root: string): boolean {
  const rel = path.relative(root, child);
  // A parent step is `..` alone or followed by a separator: `..notes` is an ordinary name inside root.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export function displayPath(absPath: string, cwd: string): string {
  const rel = path.relative(cwd, absPath);
  if (rel === '') return '.';
  return isInside(absPath, cwd) ? rel : absPath;
}

function expandHome(given: string): string {
  if (given === '~') return os.homedir();
  if (given.startsWith('~/')) return path.join(os.homedir(), given.slice(2));
  return given;
}

/**
 * Resolves `given` for a file tool. Writes must land inside the workspace; reads may also
 * use the extra readable roots (memory) and the session folder where long outputs are saved.
 */
export async function resolveToolPath(given: string, ctx: PathContext, access: PathAccess): Promise<PathResolution> {
  if (given.trim() === '') return { ok: false, error: 'The path is empty; give a file path relative to the working folder or absolute.' };
  const abs = path.resolve(ctx.cwd, expandHome(given));
  const real = await realpathNearest(abs);
  const workspace = await realpathNearest(ctx.workspace);
  const roots = [workspace];
  for (const dir of ctx.state.addedDirs ?? []) roots.push(await realpathNearest(dir));
  if (access === 'read') {
    for (const root of [...ctx.state.extraReadableRoots, ctx.state.sessionDir]) {
      if (root) roots.push(await realpathNearest(root));
    }
  }
  const realCwd = await realpathNearest(ctx.cwd);
  const display = displayPath(real, realCwd);
  if (roots.some((root) => isInside(real, root))) return { ok: true, path: { abs, real, display } };
  const via = real === abs ? '' : ` (it leads to \`${real}\`)`;
  const added = ctx.state.addedDirs?.length ? ' and the folders added with --add-dir' : '';
  return {
    ok: false,
    error: `\`${abs}\`${via} is outside the workspace \`${workspace}\`${added}; rein's file tools only work inside ${added ? 'them' : 'it'}.`,
  };
}
