// Transcript items read back from the session log when the view reaches the top of what a resume loaded.
import type { AgentEvent } from '../protocol/events.js';
import { applyEvent } from './applyEvent.js';
import { finishRunItems } from './applyRunEnd.js';
import { limits, type AppState, type TranscriptItem } from './state.js';
import { settleSubagents } from './subagents.js';
import { addNotice } from './transcript.js';

const partItems = 200;

/**
 * Puts the transcript of `events` (older than every item shown, oldest first) above the transcript. The events are
 * reduced on their own, as a resume reduces its events; what they say of usage, todos or context is old news, so only
 * their items are kept, below a notice for each damaged line skipped. The cap on items grows by as many, so the next output does not trim them away again.
 */
export function prependEarlier(state: AppState, events: readonly AgentEvent[], warnings: readonly string[] = []): AppState {
  let older: AppState = { ...state, transcript: [], trimmedCount: 0, approvals: [], running: false, runId: undefined, turnLimit: undefined, maxItems: Number.POSITIVE_INFINITY };
  // Damaged lines of the page are named where the page starts.
  for (const warning of warnings) older = addNotice(older, 'warning', warning);
  // The runs are reduced a few hundred items at a time, each part cut where a run starts: the reducer copies the
  // array it appends to, so one transcript of a whole session's runs would cost the square of its length.
  const reduced: TranscriptItem[] = [];
  const finishPart = () => {
    // A run whose end lies past the page (a run longer than a page) shows what it had.
    older = settleSubagents(finishRunItems(older, undefined));
    reduced.push(...older.transcript);
    older = { ...older, transcript: [], running: false, runId: undefined, approvals: [] };
  };
  for (const event of events) {
    if (event.type === 'run_start' && event.agentId === undefined && !event.continued && older.transcript.length >= partItems) finishPart();
    older = applyEvent(older, event);
  }
  finishPart();
  if (reduced.length === 0) return { ...state, seq: older.seq };
  const ids = new Set(state.transcript.map((item) => item.id));
  const items = reduced.map((item): TranscriptItem => (ids.has(item.id) ? { ...item, id: `${item.id}-earlier-${older.seq}` } : item));
  const maxItems = (state.maxItems ?? limits.maxItems) + items.length;
  return { ...state, transcript: [...items, ...state.transcript], maxItems, seq: older.seq };
}
