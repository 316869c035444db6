// Runs one entry point of a live session on the one event channel and hands back what subscribers saw of it, in order.
import type { AgentEvent } from '../../source/protocol/events.js';
import type { PromptOptions, RunOutcome, SessionRuns } from '../../source/engine/session/index.js';

/** Subscribes, awaits `start`, unsubscribes: the events in between, each also given to `onEvent` as it comes. */
export async function eventsOf(
  session: { runs: SessionRuns },
  start: (runs: SessionRuns) => Promise<RunOutcome | void>,
  onEvent?: (event: AgentEvent) => void,
): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  const off = session.runs.subscribe((event) => {
    events.push(event);
    onEvent?.(event);
  });
  try {
    await start(session.runs);
  } finally {
    off();
  }
  return events;
}

/** One prompt's run, to its end: every event of it, in the order the session emitted them. */
export function runEvents(
  session: { runs: SessionRuns },
  text: string,
  options?: PromptOptions,
  onEvent?: (event: AgentEvent) => void,
): Promise<AgentEvent[]> {
  return eventsOf(session, (runs) => runs.prompt(text, options), onEvent);
}
