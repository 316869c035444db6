// The /resume picker's filter and keys as pure functions: typing filters, ↑/↓ pick, Enter opens, Esc closes.
import type { Key } from 'ink';
import type { SessionSummary } from '../source/sessionLog/listSessions.js';

export interface ResumePickerUi {
  /** What was typed; every word must appear in the session's first message, date, branch or id. */
  filter: string;
  /** The picked session's id; the first shown when unset or filtered out. */
  selected?: string;
}

export const initialResumePickerUi: ResumePickerUi = { filter: '' };

export type ResumePickerCommand = { kind: 'close' } | { kind: 'open'; sessionId: string };

/** "2026-11-30 09:05", as the picker shows a session's last change (UTC, as stored). */
export const sessionWhen = (summary: SessionSummary): string => summary.updatedAt.replace('T', ' ').slice(0, 16);

/** The sessions whose first message, date (started or last changed), git branch or id hold every typed word. */
export function filterSessions(sessions: readonly SessionSummary[], filter: string): SessionSummary[] {
  const words = filter.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...sessions];
  return sessions.filter((s) => {
    const haystack = [s.name ?? '', s.firstPrompt, sessionWhen(s), s.startedAt.replace('T', ' '), s.gitBranch ?? '', s.sessionId].join('\n').toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** The picked session's index among those shown (0 when none is picked or it is filtered out). */
export function pickedIndex(ui: ResumePickerUi, shown: readonly SessionSummary[]): number {
  const index = ui.selected === undefined ? -1 : shown.findIndex((s) => s.sessionId === ui.selected);
  return index < 0 ? 0 : index;
}

const pageRows = 10;

export function resumePickerKey(ui: ResumePickerUi, sessions: readonly SessionSummary[], input: string, key: Key): { ui: ResumePickerUi; command?: ResumePickerCommand } {
  if (key.escape) return { ui, command: { kind: 'close' } };
  const shown = filterSessions(sessions, ui.filter);
  const index = pickedIndex(ui, shown);
  const pick = (i: number): ResumePickerUi => ({ ...ui, selected: shown[Math.max(0, Math.min(shown.length - 1, i))]?.sessionId });
  if (key.upArrow) return { ui: pick(index - 1) };
  if (key.downArrow) return { ui: pick(index + 1) };
  if (key.pageUp) return { ui: pick(index - pageRows) };
  if (key.pageDown) return { ui: pick(index + pageRows) };
  if (key.return) {
    const picked = shown[index];
    return picked ? { ui, command: { kind: 'open', sessionId: picked.sessionId } } : { ui };
  }
  if (key.backspace || key.delete) return { ui: { filter: ui.filter.slice(0, -1) } };
  if (key.ctrl && input === 'u') return { ui: { filter: '' } };
  if (key.ctrl || key.meta || key.tab || input === '') return { ui };
  // Typed text narrows the list; the pick starts again at its top.
  const typed = input.replace(/[\r\n\t]/g, ' ').replace(/\p{Cc}/gu, '');
  return typed === '' ? { ui } : { ui: { filter: ui.filter + typed } };
}
