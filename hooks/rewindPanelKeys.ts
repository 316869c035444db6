// The /rewind panel's keys as pure functions: pick a message, pick what to restore, confirm the file changes.
import type { Key } from 'ink';
import { isModified } from './plainKey.js';
import type { RewindPoint, RewindScope } from '../source/checkpoints/types.js';

export type RewindPanelUi =
  | { stage: 'list'; selected: number }
  | { stage: 'choose'; selected: number; option: number }
  /** The file changes are shown (once previewed) and the restore waits for Enter or y. */
  | { stage: 'confirm'; selected: number; scope: RewindScope };

export const initialRewindPanelUi: RewindPanelUi = { stage: 'list', selected: 0 };

export type RewindPanelCommand =
  | { kind: 'close' }
  /** Show what restoring the files of the point would change. */
  | { kind: 'preview'; pointId: string }
  | { kind: 'rewind'; pointId: string; scope: RewindScope };

export const scopeLabels: Record<RewindScope, string> = {
  both: 'Restore code and conversation',
  conversation: 'Restore conversation only',
  code: 'Restore code only',
};

/** What the point offers: the conversation only while it still holds the message as sent. */
export function scopesFor(point: RewindPoint | undefined): RewindScope[] {
  if (!point) return [];
  return point.conversation ? ['both', 'conversation', 'code'] : ['code'];
}

const clamp = (value: number, length: number) => Math.max(0, Math.min(length - 1, value));

/** `points` newest first, as the panel lists them. */
export function rewindPanelKey(ui: RewindPanelUi, points: readonly RewindPoint[], input: string, key: Key): { ui: RewindPanelUi; command?: RewindPanelCommand } {
  const point = points[ui.selected];
  if (ui.stage === 'list') {
    if (key.escape) return { ui, command: { kind: 'close' } };
    if (key.upArrow) return { ui: { ...ui, selected: clamp(ui.selected - 1, points.length) } };
    if (key.downArrow) return { ui: { ...ui, selected: clamp(ui.selected + 1, points.length) } };
    if (key.return && point) return { ui: { stage: 'choose', selected: ui.selected, option: 0 } };
    return { ui };
  }
  if (ui.stage === 'choose') {
    const scopes = scopesFor(point);
    if (key.escape) return { ui: { stage: 'list', selected: ui.selected } };
    if (key.upArrow) return { ui: { ...ui, option: clamp(ui.option - 1, scopes.length) } };
    if (key.downArrow) return { ui: { ...ui, option: clamp(ui.option + 1, scopes.length) } };
    if (isModified(key)) return { ui };
    const typed = Number(input);
    const option = key.return ? ui.option : Number.isInteger(typed) && typed >= 1 && typed <= scopes.length ? typed - 1 : undefined;
    if (option === undefined || !point) return { ui };
    const scope = scopes[option];
    // Only files need the look before the leap; the conversation alone goes back at once.
    if (scope === 'conversation') return { ui, command: { kind: 'rewind', pointId: point.id, scope } };
    return { ui: { stage: 'confirm', selected: ui.selected, scope }, command: { kind: 'preview', pointId: point.id } };
  }
  if (isModified(key) && !key.escape) return { ui };
  if (key.escape || input === 'n') return { ui: { stage: 'choose', selected: ui.selected, option: Math.max(0, scopesFor(point).indexOf(ui.scope)) } };
  if ((key.return || input === 'y') && point) return { ui, command: { kind: 'rewind', pointId: point.id, scope: ui.scope } };
  return { ui };
}
