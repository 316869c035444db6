// What tools ask the user (ask_user's questions, exit_plan_mode's plan) while they wait: the dialog shows the first.
import type { EventOf } from '../protocol/events.js';
import type { AppState } from './state.js';
import { omit } from '../util/omit.js';

export type { PendingQuestion } from './state.js';

export function applyQuestionEvent(state: AppState, event: EventOf<'question_request'> | EventOf<'question_resolved'>): AppState {
  if (event.type === 'question_request') {
    if (state.questions.some((q) => q.questionId === event.questionId)) return state;
    const question = omit(event, 'type');
    return { ...state, questions: [...state.questions, question] };
  }
  if (!state.questions.some((q) => q.questionId === event.questionId)) return state;
  return { ...state, questions: state.questions.filter((q) => q.questionId !== event.questionId) };
}

/** A run that ended leaves no question behind. */
export function dropRunQuestions(state: AppState, runId: string | undefined): AppState {
  const questions = state.questions.filter((q) => runId !== undefined && q.runId !== runId);
  return questions.length === state.questions.length ? state : { ...state, questions };
}
