// The event pump: every AgentEvent reaches the store through it; streamed deltas are batched (about 30 a second).
import type { AgentEvent } from '../protocol/events.js';
import { applyEvent } from './applyEvent.js';
import { stampStarts } from './liveProgress.js';
import type { AppState } from './state.js';
import type { AppStore } from './store.js';
import { stampSubagentStarts } from './subagents.js';

export interface PumpOptions {
  /**
   * The least time between two store updates of streamed deltas; ~30 a second by default. Deltas that come once
   * it has passed reach the store as soon as what arrived with them has been handled.
   */
  flushIntervalMs?: number;
  /** Timer used for delta batching (0 ms: as soon as the current I/O is handled); tests inject a manual one. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** The clock (milliseconds) of delta batching and of the start times the screen counts elapsed time from. */
  now?: () => number;
}

export interface EventPump {
  /** Takes one event: a delta waits for the next batch, anything else flushes at once. */
  push(event: AgentEvent): void;
  /** Applies every waiting event now. */
  flush(): void;
  /** A local change of the state (a notice, the queue): applied after the waiting events. */
  update(change: (state: AppState) => AppState): void;
  /** Flushes and takes no more events. */
  dispose(): void;
}

const deltaTypes = new Set<AgentEvent['type']>(['text_delta', 'thinking_delta', 'tool_call_delta', 'tool_progress']);

type TextDelta = Extract<AgentEvent, { type: 'text_delta' | 'thinking_delta' }>;
const isTextDelta = (e: AgentEvent): e is TextDelta => e.type === 'text_delta' || e.type === 'thinking_delta';

/** Joins runs of text (or thinking) deltas of one message into one event each: the same state, fewer copies of it. */
export function coalesceDeltas(events: readonly AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (last && isTextDelta(event) && isTextDelta(last) && last.type === event.type && last.messageId === event.messageId && last.runId === event.runId) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else out.push(event);
  }
  return out;
}

const defaultSchedule = (run: () => void, ms: number): (() => void) => {
  if (ms <= 0) {
    const immediate = setImmediate(run);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createEventPump(store: AppStore, options: PumpOptions = {}): EventPump {
  const flushIntervalMs = options.flushIntervalMs ?? 33;
  const schedule = options.schedule ?? defaultSchedule;
  const now = options.now ?? Date.now;
  let pending: AgentEvent[] = [];
  let cancelFlush: (() => void) | undefined;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let disposed = false;

  const setState = (change: (state: AppState) => AppState): void => {
    const state = store.getState();
    const next = change(state);
    if (next !== state) store.setState(next, true);
  };

  const flush = (): void => {
    cancelFlush?.();
    cancelFlush = undefined;
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    lastFlushAt = now();
    // Events carry no times: a run, a tool call and a subagent's block are given the moment they were first seen.
    const mayStart = events.some((e) => e.agentId !== undefined || e.type === 'tool_start' || e.type === 'message_end' || e.type === 'run_start');
    setState((state) => {
      const next = coalesceDeltas(events).reduce(applyEvent, state);
      return mayStart ? stampStarts(stampSubagentStarts(next, now()), events, now()) : next;
    });
  };

  return {
    push(event) {
      if (disposed) return;
      pending.push(event);
      if (!deltaTypes.has(event.type)) {
        flush();
        return;
      }
      // One read of a stream brings several deltas, handled in a row: they go to the store together, right after
      // that read when the last update is old enough (no timer of its own), else once it is.
      // (A quarter of the interval early counts as on time: reads a frame apart come a little early or late.)
      if (cancelFlush) return;
      const wait = flushIntervalMs - (now() - lastFlushAt);
      cancelFlush = schedule(flush, wait < flushIntervalMs / 4 ? 0 : wait);
    },
    flush,
    update(change) {
      flush();
      setState(change);
    },
    dispose() {
      flush();
      disposed = true;
    },
  };
}
