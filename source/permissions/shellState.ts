// What rein knows, at one point of a bash command, about the directory it runs in and the variables it set.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';

/** A variable's possible values, each a list of elements (one for a scalar), `null` when unset; or not knowable. */
export type Possible = 'unknown' | (string[] | null)[];

export interface ShellState {
  /** Directories it may run in; `null` when one cannot be known (after `cd "$X"`). Empty when nothing after runs. */
  cwds: (string | null)[];
  /** Variables the command assigned itself. */
  vars: ReadonlyMap<string, Possible>;
  /** Set after something (`source`, `read` into many names…) may have changed any variable. */
  anyVarUnknown?: boolean;
}

export interface ShellContext {
  home: string;
  /** The environment bash starts with. */
  env: Readonly<Record<string, string | undefined>>;
}

/** Caps keep a decision cheap: more possibilities than this and a value counts as unknown. */
const maxPossible = 8;

export const initialState = (cwd: string | null): ShellState => ({ cwds: [cwd], vars: new Map() });

const sameList = (a: string[] | null, b: string[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i]));

function unionPossible(a: Possible | undefined, b: Possible | undefined): Possible | undefined {
  if (a === undefined || b === undefined) return a === undefined ? b : a;
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  const out = [...a];
  for (const v of b) if (!out.some((o) => sameList(o, v))) out.push(v);
  return out.length > maxPossible ? 'unknown' : out;
}

/** The state after one of several paths was taken. */
export function unionStates(...states: ShellState[]): ShellState {
  const live = states.filter((s) => s.cwds.length > 0);
  if (live.length === 0) return { cwds: [], vars: new Map() };
  if (live.length === 1) return live[0];
  const cwds: (string | null)[] = [];
  for (const s of live) for (const c of s.cwds) if (!cwds.includes(c)) cwds.push(c);
  const vars = new Map<string, Possible>();
  const names = new Set(live.flatMap((s) => [...s.vars.keys()]));
  for (const name of names) {
    // A variable one path never assigned keeps, on that path, the value it had before: unknown here.
    const values = live.map((s) => s.vars.get(name));
    vars.set(name, values.some((v) => v === undefined) ? 'unknown' : values.reduce<Possible | undefined>((acc, v) => unionPossible(acc, v), undefined) ?? 'unknown');
  }
  return { cwds: cwds.length > maxPossible ? [null] : cwds, vars, anyVarUnknown: live.some((s) => s.anyVarUnknown) };
}

export function withVar(state: ShellState, name: string, value: Possible): ShellState {
  const vars = new Map(state.vars);
  vars.set(name, value);
  return { ...state, vars };
}

let passwd: Map<string, string> | undefined;

/** Home folders by user name, from the password database. */
export function userHomes(): ReadonlyMap<string, string> {
  if (!passwd) {
    passwd = new Map();
    try {
      for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
        const fields = line.split(':');
        if (fields.length >= 6 && fields[0]) passwd.set(fields[0], fields[5]);
      }
    } catch {
      // No password database: `~user` stays unknown, which the guard treats as someone's home.
    }
  }
  return passwd;
}

/** Variables whose value comes from bash itself or rein's settings rather than the environment rein runs in. */
const shellOwned = new Set(['HOME', 'PWD', 'OLDPWD']);

/**
 * The possible values of `$name` in `state` at directory `cwd`. `sensitive` is true when a value comes from the
 * environment rein runs in (it may hold a secret, so it never goes into a rule's text).
 */
export function lookupVar(name: string, state: ShellState, cwd: string | null, ctx: ShellContext): { possible: Possible; sensitive: boolean } {
  const assigned = state.vars.get(name);
  if (assigned !== undefined) return { possible: assigned, sensitive: false };
  if (state.anyVarUnknown || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return { possible: 'unknown', sensitive: false };
  if (name === 'PWD') return { possible: cwd === null ? 'unknown' : [[cwd]], sensitive: false };
  if (name === 'HOME') return { possible: [[ctx.home || homedir()]], sensitive: false };
  const value = ctx.env[name];
  if (name === 'OLDPWD') return { possible: value === undefined ? 'unknown' : [[value]], sensitive: false };
  // A variable rein's environment lacks may still be set where the command runs (a sandbox, a login shell): unknown.
  return { possible: value === undefined ? 'unknown' : [[value]], sensitive: !shellOwned.has(name) };
}
