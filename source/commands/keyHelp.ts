// How /help (and the manual, docs/tui.md) lists the keys: from the bindings in force, so help and behaviour agree.
import { keySpecName, resolveKeyBindings, type KeyAction, type KeyBindings, type KeySpec } from '../config/keys.js';

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
    ['Ctrl+R', 'search earlier prompts (Ctrl+R older, Enter take, Esc cancel)'],
    ['Ctrl+G', 'edit the prompt in $VISUAL / $EDITOR'],
    ['Esc', 'interrupt the running task'],
    ['Esc twice (empty prompt)', 'rewind: go back to before a message (/rewind)'],
    [labels(bindings, 'cycleMode'), 'cycle permission mode (ask, auto-edit, plan; yolo too when started in it)'],
    [`${labels(bindings, 'pageUp')} / ${labels(bindings, 'pageDown')}, mouse wheel`, 'scroll the transcript'],
    ['Home / End (empty prompt), Ctrl+Home / Ctrl+End', 'jump to the top / bottom of the transcript'],
    [`${labels(bindings, 'expandLast')} / ${labels(bindings, 'expandAll')}`, 'expand or collapse the last tool output, task block or long message / all of them'],
    [labels(bindings, 'toggleSidebar'), 'show or hide the sidebar'],
    [labels(bindings, 'openTasks'), 'background tasks: ↑/↓ select, x stop, Esc close'],
    ['Ctrl+A / Ctrl+E, Ctrl+U / Ctrl+K / Ctrl+W', 'line start / end, delete to start / end / previous word'],
    ['Ctrl+L', 'clear the terminal and draw the screen again'],
    ['Ctrl+C twice, Ctrl+D on an empty prompt', 'exit'],
  ];
}

/** The keys listed in /help with the default bindings. */
export const keyHelp: ReadonlyArray<[string, string]> = keyHelpFor(defaultKeyBindings);
