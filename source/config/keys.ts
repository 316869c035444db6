// The full-screen session's configurable keys: names of the actions, their defaults, and parsing of "ctrl+y"-style specs.

/** Actions a key can be bound to in the `keys` section of agent.config.json. */
export const keyActions = ['toggleSidebar', 'openTasks', 'expandLast', 'expandAll', 'cycleMode', 'pageUp', 'pageDown'] as const;
export type KeyAction = (typeof keyActions)[number];

/** A key as the terminal reports it: a letter (or other character) or a named key, with modifiers. */
export interface KeySpec {
  /** A lower-case character, or one of `namedKeys`. */
  key: string;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
}

export type KeyBindings = Record<KeyAction, readonly KeySpec[]>;

/** Ctrl+B is tmux's prefix and never reaches rein inside tmux; Ctrl+Y is taken by no common terminal, multiplexer or shell signal. */
const defaultKeyNames: Record<KeyAction, readonly string[]> = {
  toggleSidebar: ['ctrl+y'],
  openTasks: ['ctrl+t'],
  expandLast: ['ctrl+o'],
  expandAll: ['alt+o'],
  cycleMode: ['shift+tab'],
  pageUp: ['pageup'],
  pageDown: ['pagedown'],
};

const namedKeys = ['tab', 'pageup', 'pagedown', 'home', 'end'] as const;

/** Keys rein or the terminal gives a fixed meaning; binding one would take it away. */
const reserved: Record<string, string> = {
  'ctrl+c': 'it interrupts and quits',
  'ctrl+d': 'it quits on an empty prompt',
  'ctrl+m': 'the terminal sends it as Enter',
  'ctrl+i': 'the terminal sends it as Tab',
  'ctrl+j': 'it inserts a new line',
  'ctrl+h': 'the terminal sends it as Backspace',
  'ctrl+a': 'the prompt uses it (line start)',
  'ctrl+e': 'the prompt uses it (line end)',
  'ctrl+u': 'the prompt uses it (delete to line start)',
  'ctrl+k': 'the prompt uses it (delete to line end)',
  'ctrl+w': 'the prompt uses it (delete the previous word)',
  'alt+b': 'the prompt uses it (word left)',
  'alt+f': 'the prompt uses it (word right)',
};

const modifierNames: Record<string, 'ctrl' | 'meta' | 'shift'> = { ctrl: 'ctrl', control: 'ctrl', alt: 'meta', meta: 'meta', option: 'meta', shift: 'shift' };

/** The canonical spelling of a spec ("ctrl+y", "alt+o", "shift+tab"). */
export function keySpecName(spec: KeySpec): string {
  return [spec.ctrl ? 'ctrl' : '', spec.meta ? 'alt' : '', spec.shift ? 'shift' : '', spec.key].filter(Boolean).join('+');
}

/** Parses "ctrl+y"; returns a sentence saying what is wrong instead when it is no key rein can tell apart. */
export function parseKeySpec(text: string): KeySpec | string {
  const parts = text.trim().toLowerCase().split('+');
  const key = parts.pop() ?? '';
  const spec: KeySpec = { key, ctrl: false, meta: false, shift: false };
  for (const part of parts) {
    const modifier = modifierNames[part];
    if (!modifier) return `"${text}" has an unknown modifier "${part}" (use ctrl, alt or shift)`;
    spec[modifier] = true;
  }
  const named = (namedKeys as readonly string[]).includes(key);
  if (!named && [...key].length !== 1) return `"${text}" names no key (write it like "ctrl+y", "alt+o", "shift+tab" or "pageup")`;
  if (!named && spec.ctrl && !/^[a-z]$/.test(key)) return `"${text}" cannot be told apart by a terminal: Ctrl goes with a letter`;
  if (!named && !spec.ctrl && !spec.meta) return `"${text}" would take a key away from typing: add ctrl or alt`;
  if (key === 'tab' && !spec.shift) return `"${text}" would take Tab away from the prompt: use shift+tab`;
  if (spec.shift && !named) return `"${text}" cannot be told apart by a terminal: Shift goes with a named key such as tab`;
  const why = reserved[keySpecName(spec)];
  if (why) return `"${text}" cannot be bound: ${why}`;
  return spec;
}

/** A problem in a `keys` section: the JSON path below `keys` and what is wrong. */
export interface KeyProblem {
  path: string;
  problem: string;
}

/** The bindings in force: the defaults with the configured actions replaced; a problem instead when one is invalid. */
export function resolveKeyBindings(configured: Partial<Record<string, string | readonly string[]>> | undefined): KeyBindings | KeyProblem {
  const bindings = {} as Record<KeyAction, KeySpec[]>;
  const owner = new Map<string, KeyAction>();
  // Defaults first, so a clash is reported at the configured key that causes it.
  const order = [...keyActions.filter((a) => configured?.[a] === undefined), ...keyActions.filter((a) => configured?.[a] !== undefined)];
  for (const action of order) {
    const value = configured?.[action];
    const names = value === undefined ? defaultKeyNames[action] : typeof value === 'string' ? [value] : value;
    bindings[action] = [];
    for (const [i, name] of names.entries()) {
      const path = value === undefined || typeof value === 'string' ? action : `${action}[${i}]`;
      const spec = parseKeySpec(name);
      if (typeof spec === 'string') return { path, problem: spec };
      const canonical = keySpecName(spec);
      const other = owner.get(canonical);
      if (other !== undefined && other !== action) {
        return { path, problem: `"${name}" is already bound to ${other}${configured?.[other] === undefined ? ' by default' : ''}` };
      }
      owner.set(canonical, action);
      bindings[action].push(spec);
    }
  }
  return bindings;
}

export const isKeyProblem = (value: KeyBindings | KeyProblem): value is KeyProblem => 'problem' in value;
