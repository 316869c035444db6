// The store's state for a saved session: its log's events replayed for the transcript, with what is in force now over it.
import type { AgentEvent } from '../protocol/events.js';
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import { applyEvent } from './applyEvent.js';
import { initialState, type AppState } from './state.js';
import { settleSubagents } from './subagents.js';

/**
 * The first state of a resumed session (or one switched to with /resume). The log's session_start, mode, model and
 * usage events describe the old process; the mode, model and token totals the engine runs with come from this one.
 */
export function resumedState(session: SessionCapabilities, events: readonly AgentEvent[]): AppState {
  let state = initialState(session.settings.info, { todos: session.conversation.todos(), tasks: session.tasks.backgroundTasks(), usage: session.inspection.totalUsage() });
  for (const event of events) state = applyEvent(state, event);
  state = settleSubagents(state);
  const inForce = initialState(session.settings.info, { usage: session.inspection.totalUsage() });
  // The conversation is the same, so its size is still right; the window is the one of the model in force.
  const old = state.context;
  const window = session.settings.info.contextWindow;
  const context = old && window > 0 ? { tokens: old.tokens, window, percent: Math.min(100, Math.round((old.tokens / window) * 1000) / 10) } : old;
  // A replayed turn-limit question belongs to the old process: the engine has no run to continue.
  return { ...state, session: inForce.session, usage: inForce.usage, context, turnLimit: undefined };
}
