// Holds the trust question's selection and scroll, and turns its keys into the one answer.
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { TrustDecision } from '../source/trust/request.js';
import { trustKey, type TrustKeyState } from './trustKeys.js';

export interface TrustDialogController {
  state: TrustKeyState;
  handleKey: (input: string, key: Key) => void;
}

/** `fit` says how far the list scrolls and how long a page is at the screen's current size. */
export function useTrustDialog(answer: (decision: TrustDecision) => void, fit: { maxScroll: number; page: number }): TrustDialogController {
  const ref = useRef<{ state: TrustKeyState; answered: boolean }>({ state: { selected: 0, scroll: 0 }, answered: false });
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const [, render] = useReducer((n: number) => n + 1, 0);
  const handleKey = useCallback(
    (input: string, key: Key) => {
      // Answered once: keys read in the same chunk must not answer again.
      if (ref.current.answered) return;
      const result = trustKey(ref.current.state, input, key, fitRef.current.maxScroll, fitRef.current.page);
      ref.current.state = result.state;
      if (result.decision) {
        ref.current.answered = true;
        answer(result.decision);
      }
      render();
    },
    [answer],
  );
  return { state: ref.current.state, handleKey };
}
