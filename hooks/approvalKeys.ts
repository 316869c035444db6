// The approval dialog's keys as a pure function: y yes, n no (then an optional reason), a always for this session,
// p always for this project, Esc no, arrows + Enter.
import type { Key } from 'ink';
import type { ApprovalDecision } from '../source/protocol/events.js';
import { cleanInput } from './promptEditor.js';
import { isModified } from './plainKey.js';

export const approvalChoices = ['Yes', 'No', 'Always (session)', 'Always (project)'] as const;

export interface ApprovalUiState {
  /** Index into approvalChoices. */
  selected: number;
  /** After "no": typing a one-line reason. */
  reasonMode: boolean;
  reason: string;
  /** Body rows scrolled past (PgUp/PgDn) when the dialog is too small for all of it. */
  scroll: number;
}

export const initialApprovalUi: ApprovalUiState = { selected: 0, reasonMode: false, reason: '', scroll: 0 };

export interface ApprovalKeyResult {
  state: ApprovalUiState;
  decision?: ApprovalDecision;
}

const no = (reason: string): ApprovalDecision => (reason.trim() ? { kind: 'no', reason: reason.trim() } : { kind: 'no' });

/** `maxScroll` is how far the body can scroll at the dialog's current size; PgUp/PgDn move it by `page` rows. */
export function approvalKey(state: ApprovalUiState, input: string, key: Key, maxScroll = 0, page = 1): ApprovalKeyResult {
  if (key.pageUp || key.pageDown) {
    const step = Math.max(1, page);
    const scroll = Math.max(0, Math.min(maxScroll, Math.min(state.scroll, maxScroll) + (key.pageUp ? -step : step)));
    return { state: scroll === state.scroll ? state : { ...state, scroll } };
  }
  if (state.reasonMode) {
    if (key.return) return { state, decision: no(state.reason) };
    if (key.escape) return { state, decision: no('') };
    if (key.backspace || key.delete) return { state: { ...state, reason: state.reason.slice(0, -1) } };
    if (key.ctrl && input === 'u') return { state: { ...state, reason: '' } };
    if (key.ctrl || key.meta) return { state };
    // One line only: pasted line breaks become spaces.
    return { state: { ...state, reason: state.reason + cleanInput(input).replace(/\n/g, ' ') } };
  }
  if (key.escape) return { state, decision: no('') };
  // Ctrl+Y is the sidebar key and Ctrl+A moves to the line start: only a plain key answers.
  if (isModified(key)) return { state };
  if (key.leftArrow || key.upArrow) return { state: { ...state, selected: (state.selected + approvalChoices.length - 1) % approvalChoices.length } };
  if (key.rightArrow || key.downArrow || key.tab) return { state: { ...state, selected: (state.selected + 1) % approvalChoices.length } };
  const choice = key.return ? approvalChoices[state.selected] : { y: 'Yes', n: 'No', a: 'Always (session)', p: 'Always (project)' }[input.toLowerCase()];
  switch (choice) {
    case 'Yes':
      return { state, decision: { kind: 'yes' } };
    case 'Always (session)':
      return { state, decision: { kind: 'always', scope: 'session' } };
    case 'Always (project)':
      return { state, decision: { kind: 'always', scope: 'project' } };
    case 'No':
      return { state: { ...state, selected: 1, reasonMode: true } };
    default:
      return { state };
  }
}
