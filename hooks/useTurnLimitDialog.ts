// Holds the turn-limit question's selection and turns its keys into continuing the run or leaving it stopped.
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { AppState } from '../source/store/state.js';
import { turnLimitKey, type TurnLimitDecision } from './turnLimitKeys.js';

export interface TurnLimitDialogController {
  /** Index into turnLimitChoices. */
  selected: number;
  handleKey: (input: string, key: Key) => void;
}

type TurnLimit = NonNullable<AppState['turnLimit']>;

export function useTurnLimitDialog(limit: TurnLimit | undefined, answer: (decision: TurnLimitDecision) => void): TurnLimitDialogController {
  const ref = useRef<{ limit: TurnLimit | undefined; selected: number }>({ limit: undefined, selected: 0 });
  const [, render] = useReducer((n: number) => n + 1, 0);
  // A new question starts on "Continue".
  if (ref.current.limit !== limit) ref.current = { limit, selected: 0 };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const { limit: asked, selected } = ref.current;
      if (!asked) return;
      const result = turnLimitKey(selected, input, key);
      if (result.decision) {
        // Answered once: keys read in the same chunk must not answer again.
        ref.current = { limit: undefined, selected: 0 };
        answer(result.decision);
      } else {
        ref.current = { limit: asked, selected: result.selected };
      }
      render();
    },
    [answer],
  );
  return { selected: ref.current.selected, handleKey };
}
