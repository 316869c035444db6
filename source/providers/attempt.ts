// One streaming attempt, shared by both providers: open the stream, feed its events to an assembler, and turn an
// abort into an `aborted` result, a stalled server into a retryable error and a stream that ends early into one too.
import { asStreamError, StallError, StreamBrokenError } from './errors.js';
import type { ProviderEvent } from './types.js';
import { emptyUsage, isEmptyUsage, type Usage } from '../protocol/messages.js';

/** What one attempt yields: provider events, and the tokens of an attempt that failed after its stream opened. */
export type AttemptEvent = ProviderEvent | { type: 'voided'; usage: Usage };

export interface StreamAssembly<E> {
  /** Turns one wire event into zero or more provider events, collecting the message as it goes. */
  accept(event: E): Iterable<ProviderEvent>;
  /** True once the stream said it was complete (a stop reason arrived). */
  complete(): boolean;
  /** The `done` event for a completed stream. */
  finished(): ProviderEvent;
  /** The `done` event for an aborted stream, with what arrived so far. */
  aborted(): ProviderEvent;
  /** Which counts the server has sent so far (a count sent early may be a placeholder, as Anthropic's first output count is). */
  reported(): { input: boolean; output: boolean };
  /** The request's prompt tokens by a rough count, for a stream that ends before the server says. */
  inputEstimate(): number;
}

/** Output tokens of streamed text by the same rough ratio the live count on screen uses. */
const estimateOutputTokens = (chars: number): number => Math.ceil(chars / 3);

/**
 * The usage of an attempt with what the server did not count filled in: prompt tokens by the request's size once
 * anything streamed, output tokens by the characters that streamed. Marked estimated when either was filled in.
 */
function withEstimates(usage: Usage, assembly: StreamAssembly<unknown>, streamedChars: number): Usage {
  const reported = assembly.reported();
  const out = { ...usage };
  let estimated = false;
  if (!reported.input && streamedChars > 0) {
    out.inputTokens = assembly.inputEstimate();
    estimated = true;
  }
  if (!reported.output && streamedChars > 0) {
    out.outputTokens = estimateOutputTokens(streamedChars);
    estimated = true;
  }
  return estimated ? { ...out, estimated: true } : out;
}

const deltaChars = (event: ProviderEvent): number =>
  event.type === 'text_delta' || event.type === 'thinking_delta' ? event.text.length : event.type === 'tool_call_delta' ? event.partialJson.length : 0;

export interface StallLimits {
  /** Until the response headers arrive. */
  requestTimeoutMs: number;
  /** Between two reads of the response stream. */
  streamIdleTimeoutMs: number;
}

// setTimeout fires at once for delays beyond this (about 24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Appends `event`, joining it to the last event when both are deltas of the same text, thinking or call. */
function pushJoined(events: ProviderEvent[], event: ProviderEvent): void {
  const last = events[events.length - 1];
  if (last !== undefined && last.type === event.type) {
    if (last.type === 'text_delta' || last.type === 'thinking_delta') {
      events[events.length - 1] = { type: last.type, text: last.text + (event as typeof last).text };
      return;
    }
    if (last.type === 'tool_call_delta' && last.id === (event as typeof last).id) {
      events[events.length - 1] = { type: last.type, id: last.id, partialJson: last.partialJson + (event as typeof last).partialJson };
      return;
    }
  }
  events.push(event);
}

/**
 * `open` starts the request under the signal it is given and returns the stream's wire events, in batches as they
 * arrive (an empty batch is a sign of life such as a ping). `signal` is the caller's: only it means "aborted".
 */
export async function* streamAttempt<E>(
  open: (signal: AbortSignal) => Promise<AsyncIterable<readonly E[]>>,
  assembly: StreamAssembly<E>,
  signal: AbortSignal,
  limits: StallLimits,
): AsyncGenerator<AttemptEvent, void, undefined> {
  let streamedChars = 0;
  const settle = (done: ProviderEvent): ProviderEvent =>
    done.type === 'done' ? { ...done, usage: withEstimates(done.usage, assembly, streamedChars) } : done;
  /** The tokens of an attempt that fails once its stream opened: spent, though the answer is asked for again. */
  const voided = (): AttemptEvent[] => {
    const sofar = assembly.aborted();
    const usage = withEstimates(sofar.type === 'done' ? sofar.usage : emptyUsage(), assembly, streamedChars);
    return isEmptyUsage(usage) ? [] : [{ type: 'voided', usage }];
  };
  // The request's own controller: the caller's abort and a stall both end it; the reason says which.
  const request = new AbortController();
  const forward = () => request.abort(signal.reason);
  if (signal.aborted) forward();
  signal.addEventListener('abort', forward, { once: true });
  let watchdog: NodeJS.Timeout | undefined;
  const watch = (stage: StallError['stage'], ms: number) => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => request.abort(new StallError(stage, ms)), Math.min(ms, MAX_TIMER_MS));
  };
  // An error caused by a stall is reported as the stall, whatever the SDK or the socket made of the abort.
  const stalled = (err: unknown): unknown => (request.signal.reason instanceof StallError && !signal.aborted ? request.signal.reason : err);
  let settled = false;
  try {
    let stream: AsyncIterable<readonly E[]>;
    watch('headers', limits.requestTimeoutMs);
    try {
      stream = await open(request.signal);
    } catch (err) {
      if (signal.aborted) return yield settle(assembly.aborted());
      throw stalled(err);
    }
    watch('idle', limits.streamIdleTimeoutMs);
    try {
      for await (const batch of stream) {
        watchdog?.refresh();
        // Deltas one read brought in are handed on joined: the text is the same, and every event costs its
        // way through the engine's layers and the store.
        const events: ProviderEvent[] = [];
        for (const event of batch) for (const out of assembly.accept(event)) pushJoined(events, out);
        for (const event of events) streamedChars += deltaChars(event);
        yield* events;
        if (signal.aborted) break;
      }
    } catch (err) {
      if (signal.aborted) return yield settle(assembly.aborted());
      // The answer was already whole: a failure after it (a reset socket, a late error event) changes nothing.
      if (assembly.complete()) {
        settled = true;
        return yield settle(assembly.finished());
      }
      const cause = stalled(err);
      yield* voided();
      throw cause instanceof StallError ? cause : asStreamError(err);
    }
    settled = true;
    if (signal.aborted) return yield settle(assembly.aborted());
    if (!assembly.complete()) {
      yield* voided();
      throw new StreamBrokenError('broke_off');
    }
    yield settle(assembly.finished());
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', forward);
    // A request left behind (a stall, an error, a consumer that stopped reading) gives its connection up.
    if (!settled) request.abort();
  }
}
