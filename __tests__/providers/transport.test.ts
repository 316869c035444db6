// The SDKs' transport (httpFetch) and the SSE parsing of both wire formats, against real local HTTP servers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { httpFetch } from '../../source/providers/httpFetch.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { Provider, ProviderEvent, ProviderRequest } from '../../source/providers/types.js';
import { chatCompletionChunks, gatheredReads, messageStreamEvents, sseBatches } from '../../source/providers/sse.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function* pieces(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array | string> {
  for (const part of parts) yield part;
}

async function collect<T>(iterable: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of iterable) out.push(batch);
  return out;
}

describe('sseBatches', () => {
  it('joins events split anywhere, even inside a UTF-8 character, and batches what one read completed', async () => {
    const bytes = Buffer.from('data: {"t":"héllo"}\n\ndata: two\r\n\r\n: a comment\nevent: ping\ndata: {}\n\n');
    const split = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    const batches = await collect(sseBatches(pieces(bytes.subarray(0, split), bytes.subarray(split, 30), bytes.subarray(30))));
    expect(batches.flat().map((e) => [e.event, e.data])).toEqual([
      [undefined, '{"t":"héllo"}'],
      [undefined, 'two'],
      ['ping', '{}'],
    ]);
    // A batch per read: the first read completes nothing (a sign of life all the same), the second the first event,
    // the third the other two.
    expect(batches.map((b) => b.length)).toEqual([0, 1, 2]);
  });

  it('drops an event the stream never finished', async () => {
    const batches = await collect(sseBatches(pieces('data: whole\n\n', 'data: cut off')));
    expect(batches.flat().map((e) => e.data)).toEqual(['whole']);
  });
});

describe('gatheredReads', () => {
  it('hands over everything buffered as one piece, and what arrives within the gap with the next one', async () => {
    const stream = new PassThrough();
    stream.write('data: one\n\n');
    stream.write('data: two\n\n');
    const batches: string[][] = [];
    for await (const batch of sseBatches(gatheredReads(stream, 20))) {
      batches.push(batch.map((e) => e.data));
      // Written right after a read, well inside the gap: they reach the parser together.
      if (batches.length === 1) {
        stream.write('data: three\n\n');
        stream.write('data: four\n\n');
        stream.end('data: five\n\n');
      }
    }
    expect(batches).toEqual([['one', 'two'], ['three', 'four', 'five']]);
  });

  it("ends a wait with the stream's error (an abort), and reports a close before the end", async () => {
    const aborted = new PassThrough();
    aborted.write('data: first\n\n');
    const seen: string[] = [];
    const abort = async (): Promise<unknown> => {
      try {
        for await (const batch of sseBatches(gatheredReads(aborted, 20))) {
          seen.push(...batch.map((e) => e.data));
          aborted.destroy(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }));
        }
      } catch (error) {
        return error;
      }
    };
    expect(await abort()).toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['first']);

    const cut = new PassThrough();
    cut.write('data: partial\n\n');
    const pieces = gatheredReads(cut, 1);
    expect(String((await pieces.next()).value)).toBe('data: partial\n\n');
    cut.destroy();
    await expect(pieces.next()).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});

describe('gatheredReads on an http response', () => {
  const turns = (): Promise<void> => new Promise((done) => setImmediate(() => setImmediate(done)));

  /** A server whose response sends one event now and each later one when the test says. */
  async function stepwise(): Promise<{ url: string; send: (data: string) => Promise<void>; end: () => void }> {
    let response: ServerResponse | undefined;
    let ready!: () => void;
    const opened = new Promise<void>((resolve) => (ready = resolve));
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      response = res;
      ready();
    });
    return {
      url,
      send: async (data) => {
        await opened;
        await new Promise<void>((done) => response!.write(data, () => done()));
      },
      end: () => response?.end(),
    };
  }

  type Body = Parameters<typeof gatheredReads>[0] & { socket: { bytesRead: number } };

  it('once the body has streamed a while, leaves the connection unread while it waits, then takes what arrived in one piece', async () => {
    const server = await stepwise();
    const response = await httpFetch(server.url, { method: 'POST', body: '{}' });
    const body = response.body as unknown as Body;
    // The body's clock, set by hand: moved on 5 s after the first event, the full gap applies after the second.
    let clock = 0;
    const reads = gatheredReads(body, 1_000, () => clock);
    expect(String((await reads.next()).value)).toBe('data: one\n\n');
    clock = 5_000;
    const second = reads.next();
    await server.send('data: two\n\n');
    expect(String((await second).value)).toBe('data: two\n\n');
    const socket = body.socket;
    const before = socket.bytesRead;
    const next = reads.next();
    await server.send('data: three\n\n');
    await server.send('data: four\n\n');
    server.end();
    // The bytes are in the kernel's buffer; two turns of the event loop would have read them were the connection read.
    await turns();
    expect(socket.bytesRead).toBe(before);
    expect(String((await next).value)).toBe('data: three\n\ndata: four\n\n');
    expect(socket.bytesRead).toBeGreaterThan(before);
    clock = 10_000;
    expect((await reads.next()).done).toBe(true);
  });

  it('reads a body that comes within its first gap as it arrives, adding no wait', async () => {
    const server = await stepwise();
    const response = await httpFetch(server.url, { method: 'POST', body: '{}' });
    // A gap of a minute: were it waited out, the test would time out.
    const reads = gatheredReads(response.body as unknown as Body, 60_000);
    const pieces: string[] = [String((await reads.next()).value)];
    for (const data of ['data: two\n\n', 'data: three\n\n']) {
      const next = reads.next();
      await server.send(data);
      pieces.push(String((await next).value));
    }
    server.end();
    expect((await reads.next()).done).toBe(true);
    expect(pieces.join('')).toBe('data: one\n\ndata: two\n\ndata: three\n\n');
  });

  it('a kept-alive connection serves the next streamed request whole after a held one', async () => {
    const ports: number[] = [];
    const url = await serve((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => {
        n += 1;
        if (n > 12) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        } else res.write(`data: {"n":${n}}\n\n`);
      }, 3);
    });
    for (let round = 0; round < 3; round++) {
      const response = await httpFetch(url, { method: 'POST', body: '{}' });
      const chunks = (await collect(chatCompletionChunks<{ n: number }>(response, () => new Error('no')))).flat();
      expect(chunks.map((c) => c.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    }
    expect(new Set(ports).size).toBe(1);
  });

  it('an abort during the wait ends the body with the abort', async () => {
    const server = await stepwise();
    const controller = new AbortController();
    const response = await httpFetch(server.url, { method: 'POST', body: '{}', signal: controller.signal });
    let clock = 0;
    const reads = gatheredReads(response.body as unknown as Body, 200, () => clock);
    expect(String((await reads.next()).value)).toBe('data: one\n\n');
    clock = 5_000;
    const second = reads.next();
    await server.send('data: two\n\n');
    expect(String((await second).value)).toBe('data: two\n\n');
    const next = reads.next();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('wire formats', () => {
  const response = (body: string, headers: Record<string, string> = {}): Response =>
    Object.defineProperty(new Response(null, { headers }), 'body', { get: () => pieces(body) });
  const factory = (body: object | undefined, headers: Headers, type?: string): Error =>
    Object.assign(new Error('server said no'), { error: body, requestId: headers.get('request-id'), type });

  it('Chat Completions: chunks in order, nothing after [DONE], and an error chunk becomes the SDK error', async () => {
    const ok = response('data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\ndata: {"n":3}\n\n');
    expect((await collect(chatCompletionChunks<{ n: number }>(ok, factory))).flat()).toEqual([{ n: 1 }, { n: 2 }]);

    const failing = response('data: {"n":1}\n\ndata: {"error":{"message":"overloaded","code":"server_error"}}\n\n', { 'request-id': 'req_1' });
    const seen: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const batch of chatCompletionChunks(failing, factory)) seen.push(...batch);
      } catch (e) {
        return e;
      }
    })();
    expect(seen).toEqual([{ n: 1 }]);
    expect(error).toMatchObject({ error: { message: 'overloaded', code: 'server_error' }, requestId: 'req_1' });
  });

  it('Chat Completions: a chunk that is not JSON throws a SyntaxError (the stream counts as garbled)', async () => {
    await expect(collect(chatCompletionChunks(response('data: {"n":\n\n'), factory))).rejects.toBeInstanceOf(SyntaxError);
  });

  it('Anthropic: pings and unnamed events are skipped; an error event carries its type', async () => {
    const body =
      'event: message_start\ndata: {"type":"message_start"}\n\nevent: ping\ndata: {"type":"ping"}\n\ndata: {"stray":true}\n\n' +
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const seen: unknown[] = [];
    let caught: unknown;
    try {
      for await (const batch of messageStreamEvents(response(body), factory)) seen.push(...batch);
    } catch (e) {
      caught = e;
    }
    expect(seen).toEqual([{ type: 'message_start' }]);
    expect(caught).toMatchObject({ type: 'overloaded_error', error: { error: { message: 'Overloaded' } } });
  });
});

describe('httpFetch', () => {
  it('sends method, headers and body, and hands the streamed body over as it arrives', async () => {
    let received: { method?: string; type?: string; body: string } = { body: '' };
    // What happened, in order: the server holds its second event back until the client has read the first
    // (or, should the body be buffered, until a deadline), so a buffered body shows up as the wrong order.
    const order: string[] = [];
    let firstRead: () => void = () => undefined;
    const clientHasFirst = new Promise<void>((resolve) => (firstRead = resolve));
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', async () => {
        received = { method: req.method, type: req.headers['content-type'], body };
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'abc' });
        res.write('data: one\n\n');
        await Promise.race([clientHasFirst, sleep(2000)]);
        order.push('server sent two');
        res.end('data: two\n\n');
      });
    });
    const response = await httpFetch(`${url}/v1/chat`, { method: 'post', headers: { 'content-type': 'application/json' }, body: '{"q":1}' });
    expect(received).toEqual({ method: 'POST', type: 'application/json', body: '{"q":1}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('abc');
    for await (const batch of sseBatches(response.body as unknown as AsyncIterable<Uint8Array>)) {
      for (const event of batch) {
        order.push(`client read ${event.data}`);
        if (event.data === 'one') firstRead();
      }
    }
    expect(order).toEqual(['client read one', 'server sent two', 'client read two']);
  });

  it('decodes a compressed body and reads an error body whole', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
        res.end(gzipSync('data: zipped\n\n'));
      } else {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
        res.end('{"error":{"message":"slow down"}}');
      }
    });
    const zipped = await httpFetch(`${url}/gz`);
    expect((await collect(sseBatches(zipped.body as unknown as AsyncIterable<Uint8Array>))).flat().map((e) => e.data)).toEqual(['zipped']);
    const limited = await httpFetch(`${url}/limited`);
    expect(limited.ok).toBe(false);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toEqual({ error: { message: 'slow down' } });
  });

  it('follows a 307 with the same method and body', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/old') {
        res.writeHead(307, { location: '/new' });
        res.end();
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(`${req.method} ${body}`));
    });
    const response = await httpFetch(`${url}/old`, { method: 'POST', body: 'payload' });
    expect(await response.text()).toBe('POST payload');
  });

  it('rejects at once for an aborted signal, and an abort mid-stream ends the body with an AbortError', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      // Never ends on its own.
    });
    await expect(httpFetch(url, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    const controller = new AbortController();
    const response = await httpFetch(url, { signal: controller.signal });
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const batch of sseBatches(response.body as unknown as AsyncIterable<Uint8Array>)) {
        seen.push(...batch.map((e) => e.data));
        controller.abort();
      }
    } catch (e) {
      caught = e;
    }
    expect(seen).toEqual(['first']);
    expect(caught).toMatchObject({ name: 'AbortError' });
  });

  it('rejects with the connection error code when nothing listens', async () => {
    const url = await serve(() => undefined);
    await new Promise((done) => servers.pop()?.close(done));
    await expect(httpFetch(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('the request written', () => {
  /** A promise told by `written`, and a server that answers only once it was told: a late `written` never ends. */
  function held(answer: (res: ServerResponse) => void) {
    let told!: () => void;
    const written = new Promise<void>((resolve) => {
      told = resolve;
    });
    const bodies: string[] = [];
    const serving = serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(body);
        void written.then(() => answer(res));
      });
    });
    return { told, bodies, serving };
  }

  it('httpFetch tells `written` once the request is out, before the server answers', async () => {
    const { told, bodies, serving } = held((res) => res.end('answered'));
    const url = await serving;
    const response = await httpFetch(url, { method: 'POST', body: '{"a":1}', written: told } as RequestInit);
    expect(await response.text()).toBe('answered');
    expect(bodies).toEqual(['{"a":1}']);
  });

  const request = (written: () => void): ProviderRequest => ({
    system: 'be brief', tools: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], options: { model: 'test-model', maxTokens: 10 }, written,
  });

  async function answerOf(provider: Provider, req: ProviderRequest): Promise<Extract<ProviderEvent, { type: 'done' }>> {
    for await (const event of provider.stream(req, new AbortController().signal)) if (event.type === 'done') return event;
    throw new Error('no done event');
  }

  it('both SDK clients pass `written` through to the transport', async () => {
    const openai = held((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"id":"c","object":"chat.completion.chunk","model":"test-model","choices":[{"index":0,"delta":{"content":"hello"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    });
    const openaiUrl = await openai.serving;
    const fromOpenAI = await answerOf(createOpenAIProvider({ baseUrl: `${openaiUrl}/v1`, apiKey: 'k' }), request(openai.told));
    expect(fromOpenAI).toMatchObject({ stopReason: 'end_turn', message: { content: [{ type: 'text', text: 'hello' }] } });
    expect(JSON.parse(openai.bodies[0]) as { written?: unknown; model: string }).toMatchObject({ model: 'test-model' });
    expect(openai.bodies[0]).not.toContain('written');

    const events = [
      { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [], model: 'test-model', stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hello' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } },
      { type: 'message_stop' },
    ];
    const anthropic = held((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
    });
    const anthropicUrl = await anthropic.serving;
    const fromAnthropic = await answerOf(createAnthropicProvider({ baseUrl: anthropicUrl, apiKey: 'k' }), request(anthropic.told));
    expect(fromAnthropic).toMatchObject({ stopReason: 'end_turn', message: { content: [{ type: 'text', text: 'hello' }] } });
    expect(anthropic.bodies[0]).not.toContain('written');
  });
});
