// The session's one event channel: every event goes first to the recorder (the session log, hooks, --debug), then
// to every subscriber.
import type { AgentEvent } from '../../protocol/events.js';
import type { SessionLogPort } from './ports.js';

/** Streamed pieces are not logged: the message_end and tool_end that follow carry them whole. */
const unloggedEvents = new Set<AgentEvent['type']>(['text_delta', 'thinking_delta', 'tool_call_delta', 'tool_progress', 'mcp_status']);

/** Logs an event before anyone sees it: observers first (hooks, the --debug log), then the session log. */
export function createRecorder(o: { observe: (event: AgentEvent) => void; log: () => SessionLogPort | undefined }) {
  return (event: AgentEvent): void => {
    o.observe(event);
    const log = o.log();
    if (log && !unloggedEvents.has(event.type)) {
      log.append({ kind: 'event', event });
      if (event.type === 'todos') log.append({ kind: 'state', todos: event.todos });
    }
  };
}

type Listener = (event: AgentEvent) => void;

export class EventChannel {
  private readonly all = new Set<Listener>();

  /** `record` is the first, synchronous subscriber: nothing is seen before it is logged. */
  constructor(private readonly record: (event: AgentEvent) => void) {}

  /** An event of a run's own stream: recorded, handed to every subscriber, and returned for the stream. */
  inRun(event: AgentEvent): AgentEvent {
    this.record(event);
    for (const listener of [...this.all]) listener(event);
    return event;
  }

  /** An event outside a run's own stream (children, background tasks, mode changes): the same way to the same subscribers. */
  ambient(event: AgentEvent): void {
    this.inRun(event);
  }

  /** Every event the session emits, in order. Returns an unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  get hasListeners(): boolean {
    return this.all.size > 0;
  }
}
