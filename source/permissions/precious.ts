// The folders whose loss cannot be undone (/, system folders, homes, the workspace and the folders above them),
// and whether an expanded word names one, covers one with a glob, or cannot be told apart from one.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { Field } from './expandWord.js';
import type { ShellWord } from './shellCommands.js';
import { userHomes } from './shellState.js';

export interface GuardContext {
  workspace: string;
  home?: string;
}

export type Judgement = 'precious' | 'unknown' | 'fine';

const systemRoots = ['/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/var', '/snap', '/nix', '/Applications', '/Library', '/System', '/Users', '/Volumes', '/private'];

const ancestors = (path: string): string[] => {
  const out: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    out.push(p);
    if (p === dirname(p)) return out;
  }
};

const cache = new Map<string, Set<string>>();

/** Every precious folder for this home (and, with `withWorkspace`, the workspace and the folders above it). */
export function preciousSet(ctx: GuardContext, withWorkspace: boolean): Set<string> {
  const key = `${ctx.workspace}\0${ctx.home ?? ''}\0${withWorkspace}`;
  let set = cache.get(key);
  if (!set) {
    set = new Set(['/', ...systemRoots, ...ancestors(ctx.home ?? homedir())]);
    if (withWorkspace) for (const p of ancestors(ctx.workspace)) set.add(p);
    for (const home of userHomes().values()) if (home.startsWith('/') && home !== '/') set.add(resolve(home));
    cache.set(key, set);
  }
  return set;
}

const isPrecious = (abs: string, set: Set<string>) => set.has(abs) || /^\/(home|Users)\/[^/]+$/.test(abs);

/** A glob's last segment made of wildcards alone (`*`, `.*`, `.[!.]*`, `?*`) matches everything in its folder. */
const coversAll = (segment: string) => segment !== '' && /[*?[]/.test(segment) && segment.replace(/\[[^\]]*\]/g, '').replace(/[*?]/g, '').replace(/\./g, '') === '';

function absolute(value: string, cwd: string | null): string | undefined {
  if (isAbsolute(value)) return resolve(value);
  return cwd === null ? undefined : resolve(cwd, value);
}

/** Judges one expanded field as a target of a destructive command run in `cwd`. */
function judgeField(field: Field, cwd: string | null, set: Set<string>): Judgement {
  if (field.homeOf !== undefined) return /^~[^/]*\/*\.?\/*\*?$/.test(field.value) ? 'precious' : 'fine';
  const value = field.value;
  if (field.unknown) {
    const bare = value.replace(/\0/g, '');
    // Nothing but slashes, dots and wildcards around the unknown parts: it may well be a root.
    if (/^[/.*?]*$/.test(bare)) return 'unknown';
    const abs = absolute(bare, cwd);
    if (abs === undefined) return /^\.\.?(\/|$)/.test(bare) ? 'unknown' : 'fine';
    // Unknown parts may be empty: `"$HOME/$SUB"` can be the home itself.
    return isPrecious(abs, set) ? 'unknown' : 'fine';
  }
  if (field.pattern) {
    const pattern = field.pattern.replace(/\/+$/, '');
    const slash = pattern.lastIndexOf('/');
    const dir = slash < 0 ? '.' : pattern.slice(0, slash) || '/';
    const last = pattern.slice(slash + 1);
    if (coversAll(last) && !/[*?[]/.test(dir.replace(/\\./g, ''))) {
      const abs = absolute(dir.replace(/\\(.)/g, '$1'), cwd);
      if (abs === undefined) return 'unknown';
      if (isPrecious(abs, set)) return 'precious';
    }
    if (coversAll(last) && /[*?[]/.test(dir.replace(/\\./g, ''))) return 'precious';
  }
  const abs = absolute(value, cwd);
  if (abs === undefined) return /^\.\.?(\/|$)/.test(value) || value === '*' ? 'unknown' : 'fine';
  if (isPrecious(abs, set)) return 'precious';
  // `rm -rf link/` removes what the link points at.
  if (/\/\.?$/.test(value)) {
    try {
      if (isPrecious(realpathSync.native(abs), set)) return 'precious';
    } catch {
      // Nothing there: nothing to lose.
    }
  }
  return 'fine';
}

/** The worst judgement over every field of `words`. */
export function judgeWords(words: ShellWord[], cwd: string | null, set: Set<string>): Judgement {
  let worst: Judgement = 'fine';
  for (const w of words) {
    for (const f of w.fields.length > 0 ? w.fields : [{ value: w.text, unknown: w.dynamic }]) {
      const j = judgeField(f, cwd, set);
      if (j === 'precious') return j;
      if (j === 'unknown') worst = j;
    }
  }
  return worst;
}
