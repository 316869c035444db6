// Judges the paths a bash command touches on what they really are: symlinks and /proc links followed, partly known
// paths matched as patterns, and folders read or written as a whole searched for the files that matter.
import { existsSync, lstatSync, readdirSync, readlinkSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Minimatch } from 'minimatch';
import type { PathAccess } from './accessList.js';

/** Real paths of `dir` + name, `dir` itself real: cached within one decision only, since files change between commands. */
const realSteps = new Map<string, string>();

export function forgetRealPaths(): void {
  realSteps.clear();
}

function step(dir: string, name: string, hops: number): string {
  const key = `${dir}\0${name}`;
  let real = realSteps.get(key);
  if (real !== undefined) return real;
  const full = dir === '/' ? `/${name}` : `${dir}/${name}`;
  real = full;
  try {
    if (hops < 40 && lstatSync(full, { throwIfNoEntry: false })?.isSymbolicLink()) {
      const target = readlinkSync(full);
      real = realNearest(target.startsWith('/') ? target : `${dir}/${target}`, hops + 1);
    }
  } catch {
    // Not ours to look at (another user's /proc entry): judged by its name.
  }
  realSteps.set(key, real);
  return real;
}

/**
 * The real path of `path` (absolute, `..` not yet resolved) as the kernel finds it: each part in turn, symlinks
 * followed where they are met (so `link/..` is the link target's parent), missing parts kept as named.
 */
export function realNearest(path: string, hops = 0): string {
  let current = '/';
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') current = dirname(current);
    else current = step(current, name, hops);
  }
  return current;
}

/** The paths `abs` may stand for: itself, its real path, and what `/proc/<pid>/cwd|root/…` leads to. */
export function candidates(abs: string, raw: string, roots: { cwd: string | null; workspace: string }): string[] {
  const out = new Set([abs, realNearest(raw)]);
  const proc = /^\/proc\/[^/]+\/(cwd|root)(\/.*)?$/.exec(abs);
  if (proc) {
    const rest = proc[2] ?? '';
    const bases = proc[1] === 'root' ? ['/'] : ['/', roots.workspace, ...(roots.cwd ? [roots.cwd] : [])];
    for (const b of bases) {
      const p = resolve(b, `.${rest}`);
      out.add(p);
      out.add(realNearest(p));
    }
  }
  return [...out].map((p) => p.replace(/\0/g, '\u2400'));
}

export type Found = 'found' | 'clean' | 'unsure';

const skipped = new Set(['.git', 'node_modules']);
const budget = 20_000;

/**
 * Walks the folder `root` (the real files it holds, and where its symlinks lead) until `test` accepts a path.
 * `.git` and `node_modules` are not searched; more than `budget` entries and the answer is `unsure`.
 */
function searchTree(root: string, test: (path: string) => boolean, hidden: boolean, follow = false, names?: { patterns: string[]; nocase: boolean }): Found {
  const matchers = names?.patterns.map((p) => new Minimatch(p, { dot: true, nocase: names.nocase }));
  const reached = (path: string) => !matchers || matchers.some((m) => m.match(basename(path)));
  const real = realNearest(root);
  if (test(root) || test(real)) return 'found';
  const queue = [real];
  let seen = 0;
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > budget) return 'unsure';
      if (!hidden && entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (reached(path) && test(path)) return 'found';
      if (entry.isSymbolicLink()) {
        if (!follow) continue;
        const target = realNearest(path);
        if (reached(path) && test(target)) return 'found';
        if (queue.length < budget && !skipped.has(entry.name)) queue.push(target);
        continue;
      }
      if (entry.isDirectory() && !skipped.has(entry.name)) queue.push(path);
    }
  }
  return 'clean';
}

/** Where each file under `from` lands when copied into `to`: true when `test` accepts one of those places. */
function copiesInto(from: string, to: string, test: (path: string) => boolean): Found {
  const source = realNearest(from);
  const into = existsSync(to) && !from.endsWith('/.') ? join(to, basename(from)) : to;
  if (test(into)) return 'found';
  let unsure = false;
  const result = searchTree(source, (p) => {
    const rel = relative(source, p);
    if (rel.startsWith('..')) return false;
    return test(join(into, rel)) || test(join(to, rel));
  }, true);
  if (result === 'unsure') unsure = true;
  return result === 'found' ? 'found' : unsure ? 'unsure' : 'clean';
}

/** A recursive access judged by `test` on everything it reaches. */
export function judgeRecursive(access: PathAccess, test: (path: string) => boolean): Found {
  if (access.write && access.from) return copiesInto(access.from, access.path, test);
  return searchTree(access.raw, test, access.hidden === true, access.follow === true, access.names);
}
