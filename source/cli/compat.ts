// Argument shapes of `claude -p` that node's parseArgs cannot take as they are: a bare -p, options that take every
// following word (`--allowedTools Read Bash`), an optional value (`--debug [filter]`), and Claude Code's mode names.
import type { PermissionMode } from '../protocol/events.js';

/** Options that take all the words after them, up to the next option, as Claude Code's `<values...>` options do. */
const variadic = new Set(['--allowedTools', '--allowed-tools', '--disallowedTools', '--disallowed-tools', '--add-dir', '--mcp-config', '--betas']);

/** Claude Code flags with no meaning in rein: accepted, each with one warning (`words`: the values it takes). */
export const meaninglessFlags: Record<string, { words: 'none' | 'many'; why: string }> = {
  '--ide': { words: 'none', why: 'rein connects to no IDE' },
  '--chrome': { words: 'none', why: 'rein has no browser integration' },
  '--no-chrome': { words: 'none', why: 'rein has no browser integration' },
  '--betas': { words: 'many', why: 'rein sends no beta headers of its own choosing' },
};

/** A `--debug` filter: categories, each optionally negated, separated by commas ("api,hooks", "!mcp"). */
const debugFilter = /^!?[\w.:-]+(\s*,\s*!?[\w.:-]+)*$/;

export interface NormalizedArgv {
  argv: string[];
  /** A bare -p (last, or followed by another option): the prompt comes from the positional words or standard input. */
  bare: boolean;
  /** `--debug` or `-d`, with its filter when one followed. */
  debug?: { filter?: string };
  /** Claude Code flags with no meaning in rein that were given, each once. */
  meaningless: string[];
}

/**
 * Rewrites the argv into a shape parseArgs accepts: each value of a variadic option becomes its own
 * `--option=value`, `--debug [filter]` is taken out, and a bare -p becomes `--print=-`.
 */
export function normalizeArgv(raw: string[]): NormalizedArgv {
  const argv: string[] = [];
  const meaningless = new Set<string>();
  let debug: NormalizedArgv['debug'];
  let bare = false;
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i];
    if (word === '--') {
      argv.push(...raw.slice(i));
      break;
    }
    const [name, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    const following = () => {
      const values: string[] = [];
      while (i + 1 < raw.length && !raw[i + 1].startsWith('-')) values.push(raw[++i]);
      return values;
    };
    if (name in meaninglessFlags) {
      meaningless.add(name);
      if (meaninglessFlags[name].words === 'many' && inline === undefined) following();
      continue;
    }
    if (name === '--debug' || name === '-d') {
      const next = raw[i + 1];
      const filter = inline ?? (next !== undefined && !next.startsWith('-') && debugFilter.test(next) ? raw[++i] : undefined);
      debug = { filter: filter?.trim() || undefined };
      continue;
    }
    if (variadic.has(name)) {
      const values = inline !== undefined ? [inline] : following();
      // With no value at all, parseArgs says the option needs one.
      if (values.length === 0) argv.push(name);
      for (const value of values) argv.push(`${name}=${value}`);
      continue;
    }
    if ((word === '-p' || word === '--print') && !bare) {
      const next = raw[i + 1];
      if (next === undefined || (next !== '-' && next.startsWith('-'))) {
        bare = true;
        argv.push('--print=-');
        continue;
      }
    }
    argv.push(word);
  }
  return { argv, bare, debug, meaningless: [...meaningless] };
}

/** rein's modes and Claude Code's names for them; `dontAsk` is `ask` with every would-be question denied. */
const modeNames: Record<string, { mode: PermissionMode; dontAsk?: true }> = {
  ask: { mode: 'ask' },
  'auto-edit': { mode: 'auto-edit' },
  plan: { mode: 'plan' },
  yolo: { mode: 'yolo' },
  default: { mode: 'ask' },
  acceptEdits: { mode: 'auto-edit' },
  bypassPermissions: { mode: 'yolo' },
  dontAsk: { mode: 'ask', dontAsk: true },
};

export const permissionModeNames = Object.keys(modeNames);

/** The mode a `--permission-mode` value names, in rein's words or Claude Code's; undefined for an unknown one. */
export function permissionModeFor(name: string): { mode: PermissionMode; dontAsk: boolean } | undefined {
  const found = Object.hasOwn(modeNames, name) ? modeNames[name] : undefined;
  return found && { mode: found.mode, dontAsk: found.dontAsk === true };
}

/** Claude Code's name for a session's mode, as `system/init` reports it. */
export function claudeModeName(mode: PermissionMode, dontAsk: boolean): string {
  if (dontAsk) return 'dontAsk';
  return { ask: 'default', 'auto-edit': 'acceptEdits', plan: 'plan', yolo: 'bypassPermissions' }[mode];
}
