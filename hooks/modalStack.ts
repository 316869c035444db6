// The modal stack: dialogs and panels that take the keyboard, in the order they stand; the first one present owns it.
import type { Key } from 'ink';

export type ModalId = 'approval' | 'question' | 'turnLimit' | 'mcp' | 'resume' | 'rewind' | 'task';

export interface Modal {
  id: ModalId;
  /** A dialog takes the prompt's place at the bottom; a panel takes the transcript's. */
  kind: 'dialog' | 'panel';
  handleKey: (input: string, key: Key) => void;
  /** Pasted text goes to it (the /resume filter); other modals never take pasted characters as answers. */
  takesPaste?: boolean;
}

/**
 * The modals present now, first on top: a run's approvals, then a tool's question, then the turn-limit question
 * (which waits for no run), then the panels a command or a key opened.
 */
export function modalStack(candidates: ReadonlyArray<Modal | false | undefined>): Modal[] {
  return candidates.filter((m): m is Modal => m !== undefined && m !== false);
}

/** The dialog shown at the bottom and the panel shown in the main pane, each the first of its kind. */
export function shownModals(stack: readonly Modal[]): { dialog?: ModalId; panel?: ModalId } {
  return { dialog: stack.find((m) => m.kind === 'dialog')?.id, panel: stack.find((m) => m.kind === 'panel')?.id };
}

/** The Ctrl+T task panel's keys: ↑/↓ pick a task, x stops it, Esc, q or Ctrl+T close the panel (selected undefined). */
export function taskPanelKey(tasks: readonly { taskId: string }[], selected: string | undefined, input: string, key: Key): { selected?: string; kill?: string } {
  const index = tasks.findIndex((t) => t.taskId === selected);
  if (key.escape || input === 'q' || (key.ctrl && input === 't')) return {};
  if (key.upArrow && index > 0) return { selected: tasks[index - 1].taskId };
  if (key.downArrow && index < tasks.length - 1) return { selected: tasks[index + 1].taskId };
  if (input === 'x' && selected) return { selected, kill: selected };
  return { selected };
}
