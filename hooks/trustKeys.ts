// The trust question's keys as a pure function: y or Enter on the first choice trusts, n or Esc declines, arrows move,
// PgUp/PgDn scroll a long list; a modified key answers nothing.
import type { Key } from 'ink';
import type { TrustDecision } from '../source/trust/request.js';
import { isModified } from './plainKey.js';

export const trustChoices = ['Trust this project', "Don't trust"] as const;

const decisions: readonly TrustDecision[] = ['trust', 'deny'];

export interface TrustKeyState {
  /** Index into trustChoices. */
  selected: number;
  /** Rows of the list scrolled past. */
  scroll: number;
}

export interface TrustKeyResult {
  state: TrustKeyState;
  decision?: TrustDecision;
}

/** `maxScroll` is how far the list can scroll at the dialog's size; `page` how many rows PgUp and PgDn move. */
export function trustKey(state: TrustKeyState, input: string, key: Key, maxScroll = 0, page = 1): TrustKeyResult {
  if (key.escape) return { state, decision: 'deny' };
  if (key.pageUp || key.pageDown) {
    const scroll = Math.max(0, Math.min(maxScroll, state.scroll + (key.pageUp ? -page : page)));
    return { state: { ...state, scroll } };
  }
  if (isModified(key)) return { state };
  if (key.return) return { state, decision: decisions[state.selected] };
  if (key.leftArrow || key.upArrow || key.rightArrow || key.downArrow || key.tab) return { state: { ...state, selected: (state.selected + 1) % trustChoices.length } };
  const letter = input.toLowerCase();
  if (letter === 'y') return { state: { ...state, selected: 0 }, decision: 'trust' };
  if (letter === 'n') return { state: { ...state, selected: 1 }, decision: 'deny' };
  return { state };
}
