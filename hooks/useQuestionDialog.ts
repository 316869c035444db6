// Holds the dialog state for the question or plan at the head of the queue and turns its keys into the answer.
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { PendingQuestion } from '../source/store/questions.js';
import type { UserAnswer } from '../source/protocol/tools.js';
import { initialPlanUi, initialQuestionUi, planKey, questionKey, type PlanUi, type QuestionUi } from './questionKeys.js';

export interface QuestionDialogController {
  questionUi: QuestionUi;
  planUi: PlanUi;
  handleKey: (input: string, key: Key) => void;
}

export function useQuestionDialog(
  question: PendingQuestion | undefined,
  answer: (questionId: string, answer: UserAnswer) => void,
  /** How far the plan scrolls and how long a page is at the dialog's size. */
  fit: { maxScroll: number; room: number },
): QuestionDialogController {
  const ref = useRef<{ id: string | undefined; questionUi: QuestionUi; planUi: PlanUi }>({ id: undefined, questionUi: initialQuestionUi, planUi: initialPlanUi });
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const questionRef = useRef(question);
  questionRef.current = question;
  const [, render] = useReducer((n: number) => n + 1, 0);
  if (ref.current.id !== question?.questionId) ref.current = { id: question?.questionId, questionUi: initialQuestionUi, planUi: initialPlanUi };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const asked = questionRef.current;
      const id = ref.current.id;
      if (!asked || id === undefined || id !== asked.questionId) return;
      const result = asked.kind === 'plan'
        ? (() => {
          const r = planKey(ref.current.planUi, input, key, fitRef.current.maxScroll, Math.max(1, fitRef.current.room - 1));
          ref.current.planUi = r.ui;
          return r;
        })()
        : (() => {
          const r = questionKey(ref.current.questionUi, asked.questions, input, key);
          ref.current.questionUi = r.ui;
          return r;
        })();
      if (result.answer) {
        // Answered once: keys read in the same chunk must not answer again.
        ref.current.id = undefined;
        answer(id, result.answer);
      }
      render();
    },
    [answer],
  );
  return { questionUi: ref.current.questionUi, planUi: ref.current.planUi, handleKey };
}
