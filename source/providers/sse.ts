// Server-sent events of a streamed response, parsed with eventsource-parser and handed on in batches (all the events
// one network read completed), with the stream rules of the two wire formats the SDKs apply.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Makes the SDK's own APIError for an error the server reported inside the stream (the body, the response headers, Anthropic's error type). */
export type StreamErrorFactory = (body: object | undefined, headers: Headers, type?: string) => Error;

/** What a streamed response is read through: fetch's Response, or httpFetch's own with a Node stream for its body. */
export interface StreamedResponse {
  readonly body: unknown;
  readonly headers: Headers;
}

/**
 * Events of an SSE body, a batch per network read. A read that completed no event (a keep-alive comment such as
 * ": processing", or part of an event) gives an empty batch: the server is still there.
 */
export async function* sseBatches(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<EventSourceMessage[]> {
  let batch: EventSourceMessage[] = [];
  let alive = false;
  const parser = createParser({ onEvent: (event) => batch.push(event), onComment: () => (alive = true) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    parser.feed(text);
    // Any byte is a sign of life, half an event too: a slow server's idle time counts from its last byte.
    if (batch.length > 0 || alive || text.length > 0) {
      const ready = batch;
      batch = [];
      alive = false;
      yield ready;
    }
  }
  // An event the server never finished (no blank line after it) is dropped, as the SSE rules say.
  parser.feed(decoder.decode());
  if (batch.length > 0) yield batch;
}

function bodyOf(response: StreamedResponse): AsyncIterable<Uint8Array | string> {
  const body: unknown = response.body;
  if (body === null || typeof body !== 'object' || !(Symbol.asyncIterator in body)) throw new Error('The response has no body to stream.');
  return isNodeReadable(body) ? gatheredReads(body, READ_GAP_MS) : (body as AsyncIterable<Uint8Array | string>);
}

/**
 * How often a streamed body is read at most. A server streaming a token every few milliseconds sends as many
 * network packets; parsing what arrived in the meantime as one batch costs a fraction of handling each packet
 * on its own (every batch goes through the provider, the engine and the store). The screen shows ~30 frames a
 * second: one read a frame, and each read's text reaches the screen in the frame after it.
 */
export const READ_GAP_MS = 33;

interface NodeReadable extends AsyncIterable<Uint8Array | string> {
  read(): Uint8Array | string | null;
  on(event: string, listener: () => void): unknown;
  readonly readableEnded: boolean;
  readonly destroyed: boolean;
  readonly errored: Error | null;
  /** The connection an http response arrives on (absent for a decoded or other stream). */
  readonly socket?: HeldSocket | null;
  /** An http response's: whether all of it has arrived (its connection may then serve another request). */
  readonly complete?: boolean;
}

/** What gatheredReads uses of a net.Socket, including its libuv handle: pause() alone does not stop reading. */
interface HeldSocket {
  readonly destroyed: boolean;
  _handle?: { reading?: boolean; readStop?: () => number; readStart?: () => number } | null;
  destroy(error: Error): unknown;
}

/**
 * Stops reading from the connection until the returned function is called: the kernel holds what arrives
 * meanwhile, and one read then takes it all, where each network packet would otherwise wake the process. This is
 * what Node's own net.Socket does to its handle when a reader falls behind (reading = false, readStop()) and when
 * it reads again (reading = true, readStart()).
 */
function holdSocket(socket: HeldSocket | null | undefined): () => void {
  const handle = socket?._handle;
  if (!socket || socket.destroyed || !handle?.reading || typeof handle.readStop !== 'function' || typeof handle.readStart !== 'function') {
    return () => undefined;
  }
  handle.reading = false;
  if (handle.readStop() !== 0) {
    handle.reading = true;
    return () => undefined;
  }
  return () => {
    if (socket.destroyed || socket._handle !== handle || handle.reading) return;
    handle.reading = true;
    // A failed start is a broken connection: destroying it ends the body with that error.
    if (handle.readStart?.() !== 0) socket.destroy(new Error('The connection could not be read again.'));
  };
}

function isNodeReadable(body: object): body is NodeReadable {
  return typeof (body as { read?: unknown }).read === 'function' && 'readableEnded' in body && 'errored' in body;
}

/**
 * A Node stream's data, everything buffered handed over as one piece, at most once every `gapMs` (a wait no
 * longer than that, so Esc still stops a stream at once: an abort destroys the stream and the next read throws).
 * An http response's connection is not read during the wait, which spares CPU while an answer streams.
 * The wait grows with the body's age up to `gapMs`: a reply that comes whole within a few milliseconds (a
 * short answer, a tool call) is read as it arrives, with no wait added to the turn. `now` is the clock.
 */
export async function* gatheredReads(stream: NodeReadable, gapMs: number, now: () => number = () => performance.now()): AsyncGenerator<Uint8Array | string> {
  // The listeners stay for the whole read: adding and removing them for every wait costs more than the parsing.
  // An error (an abort) that comes while the consumer holds a piece is kept in stream.errored and thrown at the
  // next read, never left as an unhandled 'error' event.
  let wake: (() => void) | undefined;
  const signal = (): void => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  for (const event of ['readable', 'end', 'error', 'close']) stream.on(event, signal);
  let firstRead: number | undefined;
  let lastRead = 0;
  for (;;) {
    const wait = firstRead === undefined ? 0 : lastRead + Math.min(gapMs, lastRead - firstRead) - now();
    if (wait >= 1 && !stream.destroyed) {
      // Held only while the response still arrives: a kept-alive connection, once free, is no longer this body's.
      const release = stream.complete === false ? holdSocket(stream.socket) : () => undefined;
      try {
        await new Promise((resolve) => setTimeout(resolve, wait));
      } finally {
        release();
      }
    }
    const parts: Array<Uint8Array | string> = [];
    for (let part = stream.read(); part !== null; part = stream.read()) parts.push(part);
    if (parts.length > 0) {
      lastRead = now();
      firstRead ??= lastRead;
      if (parts.length === 1) yield parts[0];
      else yield typeof parts[0] === 'string' ? parts.join('') : Buffer.concat(parts as Uint8Array[]);
      continue;
    }
    if (stream.errored) throw stream.errored;
    if (stream.readableEnded) return;
    // Closed before its end without an error of its own: what iterating the stream reports too.
    if (stream.destroyed) throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    // Nothing can be emitted between the empty read above and this: the next event finds the resolver set.
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

/**
 * Chat Completions chunks: `[DONE]` ends the data, an `error` object in a chunk is the server's error. A chunk that
 * does not parse throws a SyntaxError. Every read gives a batch, empty for keep-alives, so stall detection sees life.
 */
export async function* chatCompletionChunks<T>(response: StreamedResponse, apiError: StreamErrorFactory): AsyncGenerator<T[]> {
  let done = false;
  for await (const batch of sseBatches(bodyOf(response))) {
    const chunks: T[] = [];
    for (const event of batch) {
      if (done) continue;
      if (event.data.startsWith('[DONE]')) {
        done = true;
        continue;
      }
      const data = JSON.parse(event.data) as T & { error?: object };
      if (data && data.error) {
        // What came before the error in the same read is passed on first, as it arrived.
        if (chunks.length > 0) yield chunks;
        throw apiError(data.error, response.headers);
      }
      chunks.push(data);
    }
    yield chunks;
  }
}

/** Anthropic Messages events: pings and unnamed events are skipped (as empty batches), an `error` event is the server's error. */
export async function* messageStreamEvents<T>(response: StreamedResponse, apiError: StreamErrorFactory): AsyncGenerator<T[]> {
  for await (const batch of sseBatches(bodyOf(response))) {
    const events: T[] = [];
    for (const event of batch) {
      if (event.event === undefined || event.event === 'ping') continue;
      if (event.event === 'error') {
        let body: object | undefined;
        try {
          const parsed: unknown = JSON.parse(event.data);
          body = typeof parsed === 'object' && parsed !== null ? parsed : undefined;
        } catch {
          // Not JSON: no details beyond the event itself.
        }
        const type = (body as { error?: { type?: unknown } } | undefined)?.error?.type;
        if (events.length > 0) yield events;
        throw apiError(body ?? { message: event.data }, response.headers, typeof type === 'string' ? type : undefined);
      }
      if (event.data === '') continue;
      events.push(JSON.parse(event.data) as T);
    }
    yield events;
  }
}
