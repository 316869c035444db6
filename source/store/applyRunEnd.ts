// A run's end on the screen: open items closed, the turn-limit question, and the one-line summary of why it stopped.
import type { EventOf, RunEndReason } from '../protocol/events.js';
import { dropRunQuestions } from './questions.js';
import type { AppState, ToolStatus, TranscriptItem } from './state.js';
import { putNotice } from './transcript.js';

/** Closes everything still open in a run: messages end, unfinished tools count as interrupted. */
export function finishRunItems(state: AppState, runId: string | undefined): AppState {
  let changed = false;
  const transcript = state.transcript.map((item): TranscriptItem => {
    if (item.kind === 'user' || item.kind === 'notice' || item.done) return item;
    if (runId !== undefined && item.runId !== runId) return item;
    changed = true;
    if (item.kind === 'assistant') return { ...item, done: true };
    const status: ToolStatus = item.status === 'denied' ? item.status : 'interrupted';
    return { ...item, done: true, status, progress: [] };
  });
  const approvals = state.approvals.filter((a) => runId !== undefined && a.runId !== runId);
  const asked = dropRunQuestions(state, runId);
  if (!changed && approvals.length === state.approvals.length && asked === state) return state;
  return { ...asked, transcript: changed ? transcript : state.transcript, approvals };
}

export function applyRunEnd(state: AppState, event: EventOf<'run_end'>): AppState {
  let next = finishRunItems(state.streamedChars ? { ...state, streamedChars: 0 } : state, event.runId);
  if (next.runId === event.runId || next.runId === undefined) next = { ...next, running: false };
  if (event.reason === 'aborted') {
    return putNotice(next, `interrupted-${event.runId}`, 'interrupted', 'Interrupted.');
  }
  if (event.reason === 'max_turns' && event.turns > 0) next = { ...next, turnLimit: { runId: event.runId, turns: event.turns } };
  // A run ended by an error the transcript already shows says it once, not again as a summary.
  const shown = event.error !== undefined
    && next.transcript.slice(-50).some((item) => item.kind === 'notice' && item.level === 'error' && item.text === event.error);
  if (shown) return next;
  const summary = runSummary(event.reason, event.turns, event.error);
  return summary ? putNotice(next, `summary-${event.runId}`, 'summary', summary) : next;
}

function runSummary(reason: RunEndReason, turns: number, error?: string): string | undefined {
  switch (reason) {
    case 'done':
    case 'aborted':
      return undefined;
    case 'error':
      return `Run stopped by an error: ${error ?? 'unknown error'}`;
    case 'max_turns':
      return `Run stopped after ${turns} ${turns === 1 ? 'turn' : 'turns'}, the turn limit. Continue gives it as many again; a new message also continues it.`;
    case 'repeated_tool_call':
      return error ?? 'Run stopped: the model kept repeating the same tool call. Rephrase the task or add detail.';
    case 'tool_errors':
      return error ?? 'Run stopped: tool calls kept failing.';
    case 'context_full':
      return 'Run stopped: the context window is full. Use /clear to start a new conversation.';
    case 'refusal':
      return 'The model declined to continue this request.';
    case 'blocked':
      // The hook's own line already says why.
      return undefined;
    case 'budget':
      return error ?? 'Run stopped: the spend passed the budget (--max-budget-usd).';
    case 'structured_output_retries':
      return error ?? 'Run stopped: the model did not give output that fits the schema.';
  }
}
