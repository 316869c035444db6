// Global keys as a pure mapping from a key press to an action; the prompt gets whatever is left.
import type { Key } from 'ink';
import type { KeyAction, KeyBindings, KeySpec } from '../source/config/keys.js';
import { defaultKeyBindings } from '../source/commands/keyHelp.js';

export { defaultKeyBindings, keyHelp, keyHelpFor } from '../source/commands/keyHelp.js';

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

/** Whether a key press is the one a spec names. */
function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
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
