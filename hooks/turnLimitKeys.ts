// The turn-limit question's keys as a pure function: Enter on the first choice or y continues, Esc or n stops, arrows move.
import type { Key } from 'ink';
import { isModified } from './plainKey.js';

export const turnLimitChoices = ['Continue', 'Stop'] as const;

export type TurnLimitDecision = 'continue' | 'stop';

const decisions: readonly TurnLimitDecision[] = ['continue', 'stop'];

export interface TurnLimitKeyResult {
  /** Index into turnLimitChoices. */
  selected: number;
  decision?: TurnLimitDecision;
}

export function turnLimitKey(selected: number, input: string, key: Key): TurnLimitKeyResult {
  if (key.escape) return { selected, decision: 'stop' };
  if (isModified(key)) return { selected };
  if (key.return) return { selected, decision: decisions[selected] };
  if (key.leftArrow || key.upArrow || key.rightArrow || key.downArrow || key.tab) return { selected: (selected + 1) % turnLimitChoices.length };
  const letter = input.toLowerCase();
  if (letter === 'y' || letter === 'c') return { selected: 0, decision: 'continue' };
  if (letter === 'n' || letter === 's') return { selected: 1, decision: 'stop' };
  return { selected };
}
