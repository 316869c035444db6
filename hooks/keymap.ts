// Global keys as a pure mapping from a key press to an action; the prompt gets whatever is left.
import type { Key } from 'ink';
import { keySpecName, resolveKeyBindings, type KeyAction, type KeyBindings, type KeySpec } from '../source/config/keys.js';

export type ScrollTarget = 'pageUp' | 'pageDown' | 'top' | 'bottom' | 'linesUp' | 'linesDown';

export type GlobalAction =
  | { kind: 'abort' }
  | { kind: 'cycleMode' }
  /** `lines` for linesUp / linesDown (the mouse wheel). */
  | { kind: 'scroll'; to: ScrollTarget; lines?: number }
  | { kind: 'exit' }
  | { kind: 'toggleSidebar' }
  | { kind: 'openTasks' }
  | { kind: 'expand'; which: 'last' | 'all' };

export interface GlobalKeyContext {
  running: boolean;
  promptEmpty: boolean;
}

/** The default bindings (agent.config.json's `keys` section replaces them action by action). */
export const defaultKeyBindings = resolveKeyBindings({}) as KeyBindings;

/** How /help and the manual (docs/tui.md) spell a key: "Ctrl+Y", "Alt+O", "Shift+Tab", "PgUp". */
function keyLabel(spec: KeySpec): string {
  const names: Record<string, string> = { pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End', tab: 'Tab' };
  return keySpecName(spec)
    .split('+')
    .map((part, i, all) => (i < all.length - 1 ? part[0].toUpperCase() + part.slice(1) : (names[part] ?? part.toUpperCase())))
    .join('+');
}

const labels = (bindings: KeyBindings, action: KeyAction): string => bindings[action].map(keyLabel).join(', ') || 'unbound';

/** The keys listed in /help, from the bindings in force, so the help text and the behaviour agree. */
export function keyHelpFor(bindings: KeyBindings): Array<[string, string]> {
  return [
    ['Enter', 'send the message (queued while a run is active)'],
    ['Ctrl+J, Alt+Enter, \\ then Enter', 'new line in the prompt'],
    ['Up / Down', 'prompt history (on the first / last line)'],
    ['Esc', 'interrupt the running task'],
    ['Esc twice (empty prompt)', 'rewind: go back to before a message (/rewind)'],
    [labels(bindings, 'cycleMode'), 'cycle permission mode (ask, auto-edit, plan; yolo too when started in it)'],
    [`${labels(bindings, 'pageUp')} / ${labels(bindings, 'pageDown')}, mouse wheel`, 'scroll the transcript'],
    ['Home / End (empty prompt), Ctrl+Home / Ctrl+End', 'jump to the top / bottom of the transcript'],
    [`${labels(bindings, 'expandLast')} / ${labels(bindings, 'expandAll')}`, 'expand or collapse the last tool output or task block / all of them'],
    [labels(bindings, 'toggleSidebar'), 'show or hide the sidebar'],
    [labels(bindings, 'openTasks'), 'background tasks: ↑/↓ select, x stop, Esc close'],
    ['Ctrl+A / Ctrl+E, Ctrl+U / Ctrl+K / Ctrl+W', 'line start / end, delete to start / end / previous word'],
    ['Ctrl+L', 'clear the terminal and draw the screen again'],
    ['Ctrl+C twice, Ctrl+D on an empty prompt', 'exit'],
  ];
}

/** The keys listed in /help with the default bindings. */
export const keyHelp: ReadonlyArray<[string, string]> = keyHelpFor(defaultKeyBindings);
/** Whether a key press is the one a spec names. */
export function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
  if (spec.ctrl !== key.ctrl || spec.shift !== key.shift) return false;
  switch (spec.key) {
    case 'tab':
      return key.tab;
    case 'pageup':
      return key.pageUp;
    case 'pagedown':
      return key.pageDown;
    case 'home':
      return key.home;
    case 'end':
      return key.end;
  }
  // Ink reports Alt+letter as meta; a Ctrl+letter carries no meta unless Alt is held too.
  return spec.meta === key.meta && input.toLowerCase() === spec.key;
}

const matchesAny = (bindings: KeyBindings, action: KeyAction, input: string, key: Key): boolean => bindings[action].some((spec) => keyMatches(spec, input, key));

export function globalKeyAction(input: string, key: Key, ctx: GlobalKeyContext, bindings: KeyBindings = defaultKeyBindings): GlobalAction | undefined {
  if (key.escape && ctx.running) return { kind: 'abort' };
  if (matchesAny(bindings, 'cycleMode', input, key)) return { kind: 'cycleMode' };
  if (matchesAny(bindings, 'pageUp', input, key)) return { kind: 'scroll', to: 'pageUp' };
  if (matchesAny(bindings, 'pageDown', input, key)) return { kind: 'scroll', to: 'pageDown' };
  if ((key.home || key.end) && (key.ctrl || ctx.promptEmpty)) return { kind: 'scroll', to: key.home ? 'top' : 'bottom' };
  if (matchesAny(bindings, 'toggleSidebar', input, key)) return { kind: 'toggleSidebar' };
  if (matchesAny(bindings, 'openTasks', input, key)) return { kind: 'openTasks' };
  if (matchesAny(bindings, 'expandLast', input, key)) return { kind: 'expand', which: 'last' };
  if (matchesAny(bindings, 'expandAll', input, key)) return { kind: 'expand', which: 'all' };
  if (key.ctrl && input === 'd' && ctx.promptEmpty) return { kind: 'exit' };
  return undefined;
}
