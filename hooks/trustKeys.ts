// The trust dialog's keys as a pure function: y or Enter on the first choice trusts, n or Esc declines, arrows move.
import type { Key } from 'ink';
import type { TrustDecision } from '../source/store/trust.js';

export const trustChoices = ['Trust and start', "Don't start"] as const;

const decisions: readonly TrustDecision[] = ['trust', 'deny'];

export interface TrustKeyResult {
  /** Index into trustChoices. */
  selected: number;
  decision?: TrustDecision;
}

export function trustKey(selected: number, input: string, key: Key): TrustKeyResult {
  if (key.escape) return { selected, decision: 'deny' };
  if (key.return) return { selected, decision: decisions[selected] };
  if (key.leftArrow || key.upArrow || key.rightArrow || key.downArrow || key.tab) return { selected: (selected + 1) % trustChoices.length };
  if (key.ctrl || key.meta) return { selected };
  const letter = input.toLowerCase();
  if (letter === 'y') return { selected: 0, decision: 'trust' };
  if (letter === 'n') return { selected: 1, decision: 'deny' };
  return { selected };
}
