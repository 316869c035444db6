// Steering in the store: messages typed during a run that the engine took for its next turn boundary.
import type { AgentEvent } from '../protocol/events.js';
import type { AppState } from './state.js';
import { appendItems } from './transcript.js';
import { omit } from '../util/omit.js';

/** The first `text` gone from `list` (the same array back when it is not there). */
function withoutFirst(list: readonly string[], text: string): string[] {
  const index = list.indexOf(text);
  return index < 0 ? [...list] : [...list.slice(0, index), ...list.slice(index + 1)];
}

/** A queued message the engine took: it stays in the queue (and on screen) until the model gets it. */
export function markSteering(state: AppState, text: string): AppState {
  return { ...state, steering: [...(state.steering ?? []), text] };
}

/** The run is over: what it did not take waits in the queue as an ordinary message for the next run. */
export function dropSteering(state: AppState): AppState {
  return state.steering === undefined ? state : omit(state, 'steering');
}

/** The model got a steering message: it leaves the queue and joins the transcript where it was delivered. */
export function applySteer(state: AppState, event: Extract<AgentEvent, { type: 'steer' }>): AppState {
  const seq = state.seq + 1;
  const steering = state.steering === undefined ? undefined : withoutFirst(state.steering, event.text);
  const next: AppState = { ...state, seq, queued: withoutFirst(state.queued, event.text), ...(steering ? { steering } : {}) };
  return appendItems(next, { kind: 'user', id: `steer-${event.runId}-${seq}`, done: true, text: event.text });
}
