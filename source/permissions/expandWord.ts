// Expands one bash word as bash would (braces, `~`, parameters, word splitting, globs against the disk) into the
// fields the command receives; what is only known when the command runs stays marked unknown.
import { lookupVar, userHomes, type ShellContext, type ShellState } from './shellState.js';
import type { Part } from './shellWords.js';

export interface Field {
  /** The text bash passes; each part only known at run time is one `\0`. */
  value: string;
  unknown: boolean;
  /** Set when the word is a pattern: the glob, quoted characters escaped with `\`. */
  pattern?: string;
  /** `~name` of a user the password database does not know: someone's home all the same. */
  homeOf?: string;
  /** Part of the value comes from rein's environment (it may be a secret). */
  sensitive?: boolean;
}

type Tok = { ch: string; active: boolean } | { part: Part };

const maxAlternatives = 64;

const isChar = (t: Tok | undefined, ch: string): boolean => t !== undefined && 'ch' in t && t.active && t.ch === ch;
const isActiveChar = (t: Tok | undefined): boolean => t !== undefined && 'ch' in t && t.active;

/** What a tilde prefix names: `~` home, `~+` the directory, `~-` the previous one, `~user` that user's home. */
function tildeHome(name: string, state: ShellState, cwd: string | null, ctx: ShellContext): string | undefined {
  if (name === '') return ctx.home;
  if (name === '+') return cwd ?? undefined;
  if (name === '-') {
    const { possible } = lookupVar('OLDPWD', state, cwd, ctx);
    return possible !== 'unknown' && possible.length === 1 ? (possible[0]?.[0] ?? undefined) : undefined;
  }
  return userHomes().get(name);
}

function toTokens(parts: Part[]): Tok[] {
  const toks: Tok[] = [];
  for (const p of parts) {
    if (p.kind === 'lit') for (const ch of p.text) toks.push({ ch, active: !p.quoted });
    else toks.push({ part: p });
  }
  return toks;
}

function sequence(text: string): string[] | undefined {
  const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(text);
  if (num) {
    const [from, to] = [Number(num[1]), Number(num[2])];
    const step = Math.abs(Number(num[3] ?? 1)) || 1;
    if (Math.abs(to - from) / step > maxAlternatives) return undefined;
    const out: string[] = [];
    for (let n = from; from <= to ? n <= to : n >= to; n += from <= to ? step : -step) out.push(String(n));
    return out;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(text);
  if (!letters) return undefined;
  const [a, b] = [letters[1].charCodeAt(0), letters[2].charCodeAt(0)];
  return Array.from({ length: Math.abs(b - a) + 1 }, (_, i) => String.fromCharCode(a <= b ? a + i : a - i));
}

/** Brace expansion; undefined when it would make more words than a decision should look at. */
function braces(toks: Tok[], from = 0): Tok[][] | undefined {
  for (let i = from; i < toks.length; i++) {
    if (!isChar(toks[i], '{')) continue;
    let depth = 0;
    let close = -1;
    const commas: number[] = [];
    for (let j = i + 1; j < toks.length; j++) {
      if (isChar(toks[j], '{')) depth++;
      else if (isChar(toks[j], '}')) {
        if (depth === 0) { close = j; break; }
        depth--;
      } else if (isChar(toks[j], ',') && depth === 0) commas.push(j);
    }
    if (close < 0) return [toks];
    const prefix = toks.slice(0, i);
    const suffix = toks.slice(close + 1);
    let alternatives: Tok[][];
    if (commas.length > 0) {
      const cuts = [i, ...commas, close];
      alternatives = cuts.slice(0, -1).map((c, k) => toks.slice(c + 1, cuts[k + 1]));
    } else {
      const body = toks.slice(i + 1, close);
      const text = body.every((t) => 'ch' in t && t.active) ? body.map((t) => ('ch' in t ? t.ch : '')).join('') : '';
      const seq = sequence(text);
      if (!seq) continue;
      alternatives = seq.map((s) => [...s].map((ch) => ({ ch, active: false })));
    }
    const out: Tok[][] = [];
    for (const alt of alternatives) {
      const more = braces([...prefix, ...alt, ...suffix], prefix.length);
      if (!more) return undefined;
      out.push(...more);
      if (out.length > maxAlternatives) return undefined;
    }
    return out;
  }
  return [toks];
}

interface Builder {
  chunks: { text: string; active: boolean }[];
  unknown: boolean;
  content: boolean;
  sensitive: boolean;
  homeOf?: string;
}

const newBuilder = (): Builder => ({ chunks: [], unknown: false, content: false, sensitive: false });

/** Possible values of a parameter part, each the list of words it gives; 'unknown' when not knowable. */
function paramValues(p: Extract<Part, { kind: 'param' }>, state: ShellState, cwd: string | null, ctx: ShellContext): { values: 'unknown' | string[][]; sensitive: boolean } {
  if (!/^[A-Za-z_]/.test(p.name)) return { values: 'unknown', sensitive: false };
  const { possible, sensitive } = lookupVar(p.name, state, cwd, ctx);
  if (possible === 'unknown') return { values: 'unknown', sensitive };
  const values: string[][] = [];
  for (const v of possible) {
    const set = v !== null;
    const first = v?.[0] ?? '';
    if (p.op === '[@]' || p.op === '[*]') values.push(p.op === '[@]' && p.quoted ? (v ?? []) : [(v ?? []).join(' ')]);
    else if (/^\[\d+\]$/.test(p.op)) values.push([v?.[Number(p.op.slice(1, -1))] ?? '']);
    else if (p.op === '') values.push([first]);
    else if (p.op.endsWith('?')) values.push([first]);
    else if (p.op === ':-' || p.op === '-' || p.op === ':=' || p.op === '=') {
      const useArg = p.op.startsWith(':') ? first === '' : !set;
      if (!useArg) values.push([first]);
      else {
        const arg = argValue(p.arg ?? '', state, cwd, ctx);
        if (arg === undefined) return { values: 'unknown', sensitive };
        values.push([arg]);
      }
    } else if (p.op === ':+' || p.op === '+') {
      const useArg = p.op.startsWith(':') ? first !== '' : set;
      const arg = useArg ? argValue(p.arg ?? '', state, cwd, ctx) : '';
      if (arg === undefined) return { values: 'unknown', sensitive };
      values.push([arg]);
    } else return { values: 'unknown', sensitive };
  }
  return { values, sensitive };
}

/** A `${x:-…}` operand: literal text, `~`, or one `$NAME`. */
function argValue(arg: string, state: ShellState, cwd: string | null, ctx: ShellContext): string | undefined {
  const ref = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(arg);
  if (ref) {
    const { possible } = lookupVar(ref[1], state, cwd, ctx);
    return possible !== 'unknown' && possible.length === 1 ? (possible[0]?.[0] ?? '') : undefined;
  }
  if (arg === '~' || arg.startsWith('~/')) return ctx.home + arg.slice(1);
  return arg;
}

/** Appends `text` from an expansion: quoted as one chunk, unquoted split into fields at blanks. */
function appendValue(fields: Builder[], text: string, quoted: boolean, splitUnknown: boolean): void {
  let current = fields[fields.length - 1];
  if (quoted) {
    current.chunks.push({ text, active: false });
    current.content = true;
    return;
  }
  if (splitUnknown) {
    current.chunks.push({ text: '\0', active: false });
    current.unknown = current.content = true;
    return;
  }
  for (const ch of text) {
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (current.content || current.chunks.length > 0) fields.push((current = newBuilder()));
      continue;
    }
    current.chunks.push({ text: ch, active: true });
    current.content = true;
  }
}

/** Expands a word's parts at directory `cwd`; `assignment` skips splitting and globbing, as bash does after `=`. */
export function expandParts(parts: Part[], state: ShellState, cwd: string | null, ctx: ShellContext, assignment = false): Field[] {
  // Most words are plain text: no braces, tilde, expansion or pattern to work out.
  if (parts.every((p) => p.kind === 'lit' && (p.quoted || !/[{~*?[]/.test(p.text)))) {
    const value = parts.map((p) => (p as { text: string }).text).join('');
    return value === '' && !parts.some((p) => p.kind === 'lit' && p.quoted) ? [] : [{ value, unknown: false }];
  }
  const alternatives = braces(toTokens(parts)) ?? [[{ part: { kind: 'opaque', quoted: false, source: '' } as Part }]];
  const ifsSet = state.vars.has('IFS') || ctx.env.IFS !== undefined;
  const out: Field[] = [];
  for (const toks of alternatives) {
    let results: Builder[][] = [[newBuilder()]];
    let i = 0;
    if (isChar(toks[0], '~')) {
      let j = 1;
      let name = '';
      while (j < toks.length && !isChar(toks[j], '/') && isActiveChar(toks[j])) name += (toks[j++] as { ch: string }).ch;
      if (j === toks.length || isChar(toks[j], '/')) {
        const b = results[0][0];
        const home = tildeHome(name, state, cwd, ctx);
        if (home !== undefined) b.chunks.push({ text: home, active: false });
        else if (name !== '+' && name !== '-') {
          b.chunks.push({ text: `~${name}`, active: false });
          b.homeOf = name;
        } else {
          b.chunks.push({ text: '\0', active: false });
          b.unknown = true;
        }
        b.content = true;
        i = j;
      }
    }
    for (; i < toks.length; i++) {
      const t = toks[i];
      if ('ch' in t) {
        for (const fields of results) {
          const last = fields[fields.length - 1];
          last.chunks.push({ text: t.ch, active: t.active && !assignment });
          last.content = true;
        }
        continue;
      }
      const part = t.part;
      if (part.kind === 'lit') continue;
      const { values, sensitive } = part.kind === 'param' ? paramValues(part, state, cwd, ctx) : { values: 'unknown' as const, sensitive: false };
      if (values === 'unknown' || values.length * results.length > maxAlternatives) {
        for (const fields of results) {
          appendValue(fields, '\0', true, false);
          fields[fields.length - 1].unknown = true;
        }
        continue;
      }
      const next: Builder[][] = [];
      for (const fields of results) {
        for (const words of values) {
          const copy = fields.map((f) => ({ ...f, chunks: [...f.chunks] }));
          words.forEach((w, k) => {
            if (k > 0) copy.push(newBuilder());
            appendValue(copy, w, part.quoted || assignment, ifsSet);
            copy[copy.length - 1].sensitive ||= sensitive;
            if (part.quoted || assignment) copy[copy.length - 1].content = true;
          });
          next.push(copy);
        }
      }
      results = next;
    }
    for (const fields of results) {
      for (const b of fields) {
        if (!b.content && b.chunks.length === 0) continue;
        const value = b.chunks.map((c) => c.text).join('');
        const globbing = !assignment && b.chunks.some((c) => c.active && /[*?[]/.test(c.text));
        const field: Field = { value, unknown: b.unknown };
        if (b.sensitive) field.sensitive = true;
        if (b.homeOf) field.homeOf = b.homeOf;
        if (globbing) field.pattern = b.chunks.map((c) => (c.active ? c.text : c.text.replace(/[*?[\]\\]/g, '\\$&'))).join('');
        out.push(field);
      }
    }
  }
  return out;
}
