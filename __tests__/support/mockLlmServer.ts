// A local HTTP server that speaks the Anthropic and OpenAI streaming formats from scripted turns, faults included.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicSteps, garbageStep, openaiSteps, type SseStep } from './mockStreams.js';
import { validateAnthropicRequest, validateOpenAIRequest } from './mockValidation.js';

export interface MockTurn {
  text?: string;
  thinking?: string;
  toolCalls?: Array<{ id?: string; name: string; input: Record<string, unknown> }>;
  /**
   * A tool call the server's length limit cut off, after `toolCalls`: its arguments stream as given (unfinished JSON)
   * and the answer stops with max_tokens / finish_reason "length" (Anthropic closes the block all the same).
   */
  partialToolCall?: { id?: string; name: string; arguments: string };
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens';
  usage?: { inputTokens?: number; outputTokens?: number; cacheReadTokens?: number };
  /** Delay between streamed chunks (slow-token streaming). */
  chunkDelayMs?: number;
  /**
   * Prompt processing on a slow machine: after the headers, `ms` of silence before the first event, or of
   * `: processing` comments every `commentEveryMs` when set (llama.cpp and vLLM send nothing, some proxies comment).
   */
  slowStart?: { ms: number; commentEveryMs?: number };
  /** The first text event arrives in five pieces this many ms apart (half an event is a sign of life too). */
  trickleMs?: number;
  /** Characters per text chunk, default 4 (about one token). */
  chunkSize?: number;
  fault?:
    // JSON error body in the provider's format; retryAfter in seconds, or as an HTTP date; html: a proxy's HTML page instead
    | { kind: 'status'; status: number; retryAfter?: number | string; message?: string; html?: boolean }
    | { kind: 'cut_at_start' } // the stream opens (first event sent), then the socket drops before any text
    | { kind: 'empty_stream' } // 200 and SSE headers, then the body ends without a single event
    | { kind: 'no_end_event' } // everything up to the final event(s), then the body ends cleanly: no message_stop / [DONE]
    | { kind: 'cut_mid_tool_call' } // stream ends (socket destroyed) halfway through a tool call's arguments
    | { kind: 'cut_mid_text' }
    | { kind: 'garbage_line' } // a line that is not valid SSE JSON in the middle of the stream
    | { kind: 'malformed_tool_json' } // the tool call arguments streamed are not valid JSON (beyond repair), stream otherwise completes
    | { kind: 'sloppy_tool_json' } // arguments in single quotes with a trailing comma and no closing brace (repairable)
    | { kind: 'hang'; afterSteps?: number } // sends headers and a few chunks (afterSteps events, default 4), then never finishes
    | { kind: 'headers_then_nothing' } // 200 and SSE headers, then not a byte more
    | { kind: 'no_headers' } // reads the request and never answers at all
    | { kind: 'cut_after_finish' }; // streams the whole answer up to its stop (message_stop / finish_reason), then the socket drops
}

export interface RecordedRequest {
  format: 'anthropic' | 'openai';
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** Size of the raw request body in bytes. */
  bytes: number;
  /** Date.now() when the whole request had arrived, and when the response was finished (for benchmarks). */
  receivedAt: number;
  respondedAt?: number;
}

export interface MockLlmServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** = url (the Anthropic SDK appends /v1/messages) */
  anthropicBaseUrl: string;
  /** = url + '/v1' */
  openaiBaseUrl: string;
  requests: RecordedRequest[];
  push(...turns: MockTurn[]): void;
  close(): Promise<void>;
}

type Format = RecordedRequest['format'];

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error',
  413: 'request_too_large', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error',
};
const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error', 401: 'invalid_request_error', 404: 'invalid_request_error', 429: 'rate_limit_error',
};
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad request', 401: 'invalid x-api-key', 403: 'Forbidden', 404: 'Not found', 408: 'Request timeout',
  429: 'Rate limit exceeded', 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable', 529: 'Overloaded',
};

function sendError(res: http.ServerResponse, format: Format, status: number, message: string, headers: Record<string, string> = {}): void {
  const body =
    format === 'anthropic'
      ? { type: 'error', error: { type: ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message } }
      : { error: { message, type: OPENAI_ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'), param: null, code: status === 401 ? 'invalid_api_key' : null } };
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The exact error bodies Anthropic and OpenAI send for a request longer than the model's window. */
function sendContextLengthError(res: http.ServerResponse, format: Format, sent: number, window: number, wording?: (sent: number, window: number) => string): void {
  const body = wording
    ? format === 'anthropic'
      ? { type: 'error', error: { type: 'invalid_request_error', message: wording(sent, window) } }
      : { error: { message: wording(sent, window), type: 'invalid_request_error', param: null, code: null } }
    : format === 'anthropic'
      ? { type: 'error', error: { type: 'invalid_request_error', message: `prompt is too long: ${sent} tokens > ${window} maximum` } }
      : {
          error: {
            message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${sent} tokens. Please reduce the length of the messages.`,
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        };
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Keys the request presents, in either header style (the Anthropic SDK sends a Bearer token). */
function presentedKeys(headers: http.IncomingHttpHeaders): string[] {
  const keys: string[] = [];
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct !== '') keys.push(direct);
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) keys.push(auth.slice('Bearer '.length));
  return keys;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where a fault strikes: the step index at which the stream is cut or garbage goes in. */
function faultIndex(steps: SseStep[], tag: SseStep['tag'], tool?: number): number {
  const hits = steps.flatMap((s, i) => (s.tag === tag && (tool === undefined || s.tool === tool) ? [i] : []));
  if (hits.length === 0) return Math.floor(steps.length / 2);
  return hits[Math.max(1, Math.floor(hits.length / 2))] ?? hits[hits.length - 1]!;
}

async function slowStart(o: { ms: number; commentEveryMs?: number }, write: (data: string) => Promise<void>, closed: () => boolean): Promise<void> {
  const until = Date.now() + o.ms;
  while (!closed() && Date.now() < until) {
    await sleep(Math.min(o.commentEveryMs ?? o.ms, Math.max(0, until - Date.now())));
    if (o.commentEveryMs !== undefined && Date.now() < until) await write(': processing\n\n');
  }
}

async function streamTurn(res: http.ServerResponse, format: Format, turn: MockTurn, steps: SseStep[]): Promise<void> {
  let closed = false;
  res.on('close', () => (closed = true));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const write = (data: string) => new Promise<void>((resolve) => (closed ? resolve() : res.write(data, () => resolve())));
  const fault = turn.fault?.kind;
  let cutAt = -1;
  if (fault === 'cut_mid_text') cutAt = faultIndex(steps, 'text');
  if (fault === 'cut_mid_tool_call') cutAt = steps.some((s) => s.tag === 'tool_args') ? faultIndex(steps, 'tool_args', 0) : faultIndex(steps, 'text');
  if (fault === 'garbage_line') steps.splice(faultIndex(steps, 'text'), 0, garbageStep(format));
  if (turn.fault?.kind === 'hang') cutAt = Math.min(steps.length - 1, turn.fault.afterSteps ?? 4);
  if (fault === 'headers_then_nothing') cutAt = 0;
  if (fault === 'cut_at_start') cutAt = 1;
  if (fault === 'empty_stream') return void res.end();
  // Anthropic ends with message_delta + message_stop; OpenAI with the finish chunk, usage chunk and [DONE].
  if (fault === 'no_end_event') {
    const last = format === 'anthropic' ? steps.findIndex((st) => st.data.startsWith('event: message_delta')) : steps.findIndex((st) => st.data.includes('"finish_reason":"'));
    steps.splice(last);
  }
  // Anthropic's last step is message_stop; OpenAI's finish chunk comes before the usage chunk and [DONE].
  if (fault === 'cut_after_finish') cutAt = format === 'anthropic' ? steps.length : steps.findIndex((st) => st.data.includes('"finish_reason":"')) + 1;

  if (turn.slowStart) await slowStart(turn.slowStart, write, () => closed);
  const trickleAt = turn.trickleMs === undefined ? -1 : steps.findIndex((st) => st.tag === 'text');
  for (const [i, step] of steps.entries()) {
    if (closed) return;
    if (i === trickleAt) {
      const size = Math.ceil(step.data.length / 5);
      for (let at = 0; at < step.data.length && !closed; at += size) {
        await sleep(turn.trickleMs!);
        await write(step.data.slice(at, at + size));
      }
      continue;
    }
    if (i === cutAt) {
      if (fault === 'hang' || fault === 'headers_then_nothing') return void (await new Promise<void>((resolve) => res.on('close', resolve)));
      // Destroying the socket without the closing chunk makes the client see a body that broke off.
      res.socket?.destroy();
      return;
    }
    if (i > 0 && turn.chunkDelayMs) await sleep(turn.chunkDelayMs);
    await write(step.data);
  }
  if (cutAt === steps.length) return void res.socket?.destroy();
  if (!closed) res.end();
}

export async function startMockLlmServer(opts: {
  turns?: MockTurn[];
  respond?: (req: RecordedRequest, index: number) => MockTurn;
  apiKey?: string;
  /**
   * A model window, in tokens (the body's characters / 4): a longer request is refused with the provider's real
   * context-length error (Anthropic's "prompt is too long", OpenAI's context_length_exceeded), no turn consumed.
   */
  contextWindowTokens?: number;
  /** The server's own count of a request's tokens, in place of characters / 4 (a tokenizer or an attachment that counts more). */
  contextCount?: (raw: string) => number;
  /** Another server's words for that refusal (vLLM, llama.cpp, Ollama), in place of the provider's own. */
  contextWording?: (sentTokens: number, windowTokens: number) => string;
  /** The model names GET /v1/models lists, in either provider's shape (default: test-model). */
  models?: string[];
  /**
   * The window a local server says it serves, where that server says it: vLLM's max_model_len in /v1/models,
   * llama.cpp's /props, Ollama's /api/show parameters (num_ctx) and /api/ps (context_length of loaded models).
   * Without it those routes answer 404, as a cloud API does.
   */
  served?: { vllm?: number; llamaCpp?: number; ollama?: { parameters?: string; running?: Array<{ name: string; context_length: number }> } };
} = {}): Promise<MockLlmServer> {
  const queue: MockTurn[] = [...(opts.turns ?? [])];
  const requests: RecordedRequest[] = [];
  let consumed = 0;
  let toolIds = 0;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const format: Format | undefined = path === '/v1/messages' ? 'anthropic' : path === '/v1/chat/completions' ? 'openai' : undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const served = opts.served;
    const sendJson = (value: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (path === '/props' && req.method === 'GET' && served?.llamaCpp !== undefined)
      return sendJson({ default_generation_settings: { n_ctx: served.llamaCpp, temperature: 0.8 }, total_slots: 1 });
    if (path === '/api/show' && req.method === 'POST' && served?.ollama)
      return sendJson({ modelfile: '# a mock model', parameters: served.ollama.parameters ?? '', details: { family: 'mock' }, model_info: { 'mock.context_length': 131072 } });
    if (path === '/api/ps' && req.method === 'GET' && served?.ollama)
      return sendJson({ models: (served.ollama.running ?? []).map((m) => ({ ...m, model: m.name, size: 1 })) });
    if (path === '/v1/models' && req.method === 'GET') {
      // Anthropic's list pages carry has_more and ids; OpenAI's an object "list". Both SDKs read `data[].id`.
      const data = (opts.models ?? ['test-model']).map((id) => ({
        id, type: 'model', object: 'model', display_name: id, created_at: '2026-01-01T00:00:00Z', created: 0, owned_by: 'mock',
        ...(served?.vllm !== undefined ? { max_model_len: served.vllm } : {}),
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null }));
      return;
    }
    if (!format || req.method !== 'POST') return sendError(res, format ?? 'openai', 404, `No route for ${req.method} ${path} on the mock server`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      requests.push({ format, path, headers: req.headers, body: raw, bytes: Buffer.byteLength(raw), receivedAt: Date.now() });
      return sendError(res, format, 400, 'The request body is not valid JSON');
    }
    const recorded: RecordedRequest = { format, path, headers: req.headers, body, bytes: Buffer.byteLength(raw), receivedAt: Date.now() };
    requests.push(recorded);
    res.on('finish', () => (recorded.respondedAt = Date.now()));

    if (opts.apiKey !== undefined && !presentedKeys(req.headers).includes(opts.apiKey))
      return sendError(res, format, 401, format === 'anthropic' ? 'invalid x-api-key' : 'Incorrect API key provided.');
    const json = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const invalid = format === 'anthropic' ? validateAnthropicRequest(json) : validateOpenAIRequest(json);
    if (invalid) return sendError(res, format, 400, invalid);
    if (json.stream !== true) return sendError(res, format, 400, 'The mock server only answers streaming requests (stream: true)');

    const window = opts.contextWindowTokens;
    const sentTokens = opts.contextCount ? opts.contextCount(raw) : Math.ceil(raw.length / 4);
    if (window !== undefined && sentTokens > window) return sendContextLengthError(res, format, sentTokens, window, opts.contextWording);

    const index = consumed;
    const turn = opts.respond ? opts.respond(recorded, index) : queue.shift();
    if (!turn) return sendError(res, format, 500, `The mock script is exhausted: no turn left for request #${requests.length}`);
    consumed++;
    const fault = turn.fault;
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
      if (fault.html) {
        res.writeHead(fault.status, { 'content-type': 'text/html', ...headers });
        return void res.end(`<html>\n<head><title>${fault.status} Bad Gateway</title></head>\n<body>\n<center><h1>${fault.status} Bad Gateway</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`);
      }
      return sendError(res, format, fault.status, fault.message ?? DEFAULT_MESSAGES[fault.status] ?? `Error ${fault.status}`, headers);
    }
    // Never answering: the response stays open, without headers, until the client gives up.
    if (fault?.kind === 'no_headers') return void (await new Promise<void>((resolve) => res.on('close', resolve)));
    const ctx = {
      model: typeof json.model === 'string' ? json.model : 'mock-model',
      estimatedInputTokens: Math.ceil(raw.length / 4),
      includeUsage: (json.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
      nextToolId: () => (format === 'anthropic' ? `toolu_mock_${++toolIds}` : `call_mock_${++toolIds}`),
    };
    await streamTurn(res, format, turn, format === 'anthropic' ? anthropicSteps(turn, ctx) : openaiSteps(turn, ctx));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 'openai', 500, `The mock server failed: ${String(err)}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    push: (...turns) => void queue.push(...turns),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
