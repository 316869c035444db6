// Global keys as a pure mapping from a key press to an action; the prompt gets whatever is left.
import type { Key } from 'ink';

export type ScrollTarget = 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type GlobalAction =
  | { kind: 'abort' }
  | { kind: 'cycleMode' }
  | { kind: 'scroll'; to: ScrollTarget }
  | { kind: 'exit' }
  | { kind: 'toggleSidebar' }
  | { kind: 'openTasks' }
  | { kind: 'expand'; which: 'last' | 'all' };

export interface GlobalKeyContext {
  running: boolean;
  promptEmpty: boolean;
}

/** The keys listed in /help, in one place so the help text and the behaviour agree. */
export const keyHelp: ReadonlyArray<[string, string]> = [
  ['Enter', 'send the message (queued while a run is active)'],
  ['Ctrl+J, Alt+Enter, \\ then Enter', 'new line in the prompt'],
  ['Up / Down', 'prompt history (on the first / last line)'],
  ['Esc', 'interrupt the running task'],
  ['Esc twice (empty prompt)', 'rewind: go back to before a message (/rewind)'],
  ['Shift+Tab', 'cycle permission mode (ask, auto-edit, plan; yolo too when started in it)'],
  ['PgUp / PgDn', 'scroll the transcript'],
  ['Home / End (empty prompt), Ctrl+Home / Ctrl+End', 'jump to the top / bottom of the transcript'],
  ['Ctrl+O / Alt+O', 'expand or collapse the last tool output or task block / all of them'],
  ['Ctrl+B', 'show or hide the sidebar'],
  ['Ctrl+T', 'background tasks: ↑/↓ select, x stop, Esc close'],
  ['Ctrl+A / Ctrl+E, Ctrl+U / Ctrl+K / Ctrl+W', 'line start / end, delete to start / end / previous word'],
  ['Ctrl+C twice, Ctrl+D on an empty prompt', 'exit'],
];

export function globalKeyAction(input: string, key: Key, ctx: GlobalKeyContext): GlobalAction | undefined {
  if (key.escape && ctx.running) return { kind: 'abort' };
  if (key.tab && key.shift) return { kind: 'cycleMode' };
  if (key.pageUp) return { kind: 'scroll', to: 'pageUp' };
  if (key.pageDown) return { kind: 'scroll', to: 'pageDown' };
  if ((key.home || key.end) && (key.ctrl || ctx.promptEmpty)) return { kind: 'scroll', to: key.home ? 'top' : 'bottom' };
  if (key.ctrl && input === 'b') return { kind: 'toggleSidebar' };
  if (key.ctrl && input === 't') return { kind: 'openTasks' };
  if (key.ctrl && input === 'o') return { kind: 'expand', which: 'last' };
  if (key.meta && !key.ctrl && input === 'o') return { kind: 'expand', which: 'all' };
  if (key.ctrl && input === 'd' && ctx.promptEmpty) return { kind: 'exit' };
  return undefined;
}
