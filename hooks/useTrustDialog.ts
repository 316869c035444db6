// Holds the trust dialog's selection for the request on screen and turns its keys into the answer.
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { TrustDecision, TrustRequest } from '../source/store/trust.js';
import { trustKey } from './trustKeys.js';

export interface TrustDialogController {
  /** Index into trustChoices. */
  selected: number;
  handleKey(input: string, key: Key): void;
}

export function useTrustDialog(request: TrustRequest | undefined, answer: (decision: TrustDecision) => void): TrustDialogController {
  const ref = useRef<{ request: TrustRequest | undefined; selected: number }>({ request: undefined, selected: 0 });
  const [, render] = useReducer((n: number) => n + 1, 0);
  // A new request starts on the first choice.
  if (ref.current.request !== request) ref.current = { request, selected: 0 };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const { request: asked, selected } = ref.current;
      if (!asked) return;
      const result = trustKey(selected, input, key);
      if (result.decision) {
        // Answered once: keys read in the same chunk must not answer again.
        ref.current = { request: undefined, selected: 0 };
        answer(result.decision);
      } else {
        ref.current = { request: asked, selected: result.selected };
      }
      render();
    },
    [answer],
  );
  return { selected: ref.current.selected, handleKey };
}
