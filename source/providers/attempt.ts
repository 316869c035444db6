// One streaming attempt, shared by both providers: open the stream, feed its events to an assembler, and turn an
// abort into an `aborted` result and a stream that ends early into a retryable error.
import { asStreamError, StreamBrokenError } from './errors.js';
import type { ProviderEvent } from './types.js';

export interface StreamAssembly<E> {
  /** Turns one wire event into zero or more provider events, collecting the message as it goes. */
  accept(event: E): Iterable<ProviderEvent>;
  /** True once the stream said it was complete (a stop reason arrived). */
  complete(): boolean;
  /** The `done` event for a completed stream. */
  finished(): ProviderEvent;
  /** The `done` event for an aborted stream, with what arrived so far. */
  aborted(): ProviderEvent;
}

/** `open` starts the request and returns the stream's wire events, in batches as they arrive. */
export async function* streamAttempt<E>(open: () => Promise<AsyncIterable<readonly E[]>>, assembly: StreamAssembly<E>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  let stream: AsyncIterable<readonly E[]>;
  try {
    stream = await open();
  } catch (err) {
    if (signal.aborted) return yield assembly.aborted();
    throw err;
  }
  try {
    for await (const batch of stream) {
      for (const event of batch) yield* assembly.accept(event);
      if (signal.aborted) break;
    }
  } catch (err) {
    if (signal.aborted) return yield assembly.aborted();
    throw asStreamError(err);
  }
  if (signal.aborted) return yield assembly.aborted();
  if (!assembly.complete()) throw new StreamBrokenError('broke_off');
  yield assembly.finished();
}
