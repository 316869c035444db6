// The list of paths a command touches, each made absolute from the directory it runs in (or every directory it may
// run in), and the option helpers the readers of command lines share.
import { isAbsolute, resolve } from 'node:path';
import type { Field } from './expandWord.js';
import type { ShellWord } from './shellCommands.js';

export interface PathAccess {
  /** Absolute, `..` resolved, symlinks not yet followed. */
  path: string;
  /** Absolute as written (`..` kept), for resolving it the way the kernel does. */
  raw: string;
  write: boolean;
  /** The whole folder, everything in it (hidden files only when `hidden`). */
  recursive?: boolean;
  hidden?: boolean;
  /** It follows the symlinks it meets on the way (grep -R, rg -L, cp -L). */
  follow?: boolean;
  /** Only files whose name matches one of these patterns are reached (`find -name`). */
  names?: { patterns: string[]; nocase: boolean };
  /** For a recursive write: the folder whose content lands in `path` (`cp -r src/. dest`), when known. */
  from?: string;
  /** The path is only partly known (`\0` marks the unknown parts). */
  unknown?: boolean;
}

export function split(args: ShellWord[]): { flags: string[]; operands: ShellWord[] } {
  const flags: string[] = [];
  const operands: ShellWord[] = [];
  let ended = false;
  for (const a of args) {
    if (!ended && a.text === '--') { ended = true; continue; }
    if (!ended && a.text.startsWith('-') && a.text !== '-' && !a.dynamic) flags.push(a.text);
    else operands.push(a);
  }
  return { flags, operands };
}

/** A single-letter option in a cluster (`-rn`, `-rA3`: letters up to the first digit), or a long option. */
export const has = (flags: string[], short: string, long?: RegExp) => flags.some((f) => (long?.test(f) ?? false) || (/^-[A-Za-z]/.test(f) && !f.startsWith('--') && (/^-[A-Za-z]+/.exec(f)?.[0] ?? '').includes(short)));

export class AccessList {
  readonly list: PathAccess[] = [];
  /** `fallback`: where a relative path may lead when the directory is unknown (after `cd "$X"`). */
  constructor(private readonly cwd: string | null, private readonly fallback: readonly string[] = []) {}

  add(field: Field | string, write: boolean, extra: Partial<PathAccess> = {}): void {
    // A NUL cannot be in a path: the unknown parts become a visible stand-in.
    const value = (typeof field === 'string' ? field : field.value).replace(/\0/g, '\u2400');
    const unknown = typeof field !== 'string' && field.unknown;
    if (value === '' || value === '-') return;
    const bases = isAbsolute(value) ? [''] : this.cwd !== null ? [this.cwd] : this.fallback;
    for (const b of bases) {
      const raw = b === '' ? value : `${b}/${value}`;
      this.list.push({ path: resolve(raw), raw, write, ...(unknown ? { unknown } : {}), ...extra });
    }
  }

  words(words: ShellWord[], write: boolean, extra: Partial<PathAccess> = {}): void {
    for (const w of words) for (const f of w.fields) this.add(f, write, extra);
  }
}
