// Turns any SDK, HTTP or network failure into a ProviderError plus the facts the retry policy needs.
import type { ProviderError, ProviderErrorKind } from './types.js';
import { errorMessage } from '../util/errors.js';

/** Thrown by a provider when a response stream ends before completing or carries an event that does not parse. */
export class StreamBrokenError extends Error {
  constructor(
    readonly detail: 'broke_off' | 'garbled',
    options?: { cause?: unknown },
  ) {
    super(detail === 'garbled' ? 'The response stream carried an unreadable event.' : 'The response stream broke off.', options);
    this.name = 'StreamBrokenError';
  }
}

/** Thrown when a server goes quiet: no response headers within `requestTimeoutMs`, or a stream silent for `streamIdleTimeoutMs`. */
export class StallError extends Error {
  constructor(
    readonly stage: 'headers' | 'idle',
    readonly ms: number,
  ) {
    super(stage === 'headers' ? `No response within ${duration(ms)}.` : `The response stream was silent for ${duration(ms)}.`);
    this.name = 'StallError';
  }
}

/** "90 s", or "300 ms" below a second. */
function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** What the error messages name: who answered, where, for which model, and which variable holds the key. */
export interface ErrorContext {
  providerLabel: string;
  baseUrl: string;
  model: string;
  keyHint: string;
  /** Where the base URL was set ("the --base-url flag", "REIN_BASE_URL", "`baseUrl` in /x/agent.config.json"); unset for the provider's own URL. */
  baseUrlFrom?: string;
}

export interface ClassifiedError {
  error: ProviderError;
  retryable: boolean;
  /** Plain words for the retry event: "rate limited (429)". */
  reason: string;
  /** Exact wait the server asked for (retry-after-ms / retry-after). */
  retryAfterMs?: number;
  /** Broken or garbled streams are retried almost at once. */
  quickRetry: boolean;
  /** A lower cap on attempts for this kind of failure (a refused connection is not worth five tries). */
  maxAttempts?: number;
}

/** Attempts given to a refused connection: nothing listens there, and waiting rarely changes that. */
const REFUSED_MAX_ATTEMPTS = 3;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

// The wordings of Anthropic, OpenAI, vLLM, llama.cpp and Ollama for a request longer than the model's window.
const CONTEXT_PATTERNS = [
  /prompt is too long/i,
  /context_length_exceeded/i,
  /maximum context length/i,
  /context window/i,
  /context length/i,
  /context limit/i,
  /context size/i,
  /exceed_context_size_error/i,
];

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The errors in an error's `cause` chain, outermost first. */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = record(current)?.cause;
  }
  return chain;
}

function connectionCode(err: unknown): string | undefined {
  for (const link of causeChain(err)) {
    const code = str(record(link)?.code);
    if (code && CONNECTION_CODES.has(code)) return code;
  }
  return undefined;
}

/** The server's own message and error type from the SDK error body (Anthropic nests it one level deeper). */
function apiDetails(err: unknown): { message?: string; type?: string; code?: string } {
  const e = record(err);
  const body = record(e?.error);
  const inner = record(body?.error) ?? body;
  return {
    message: str(inner?.message) ?? str(e?.apiMessage) ?? undefined,
    type: str(inner?.type) ?? str(e?.type),
    code: str(inner?.code) ?? str(e?.code),
  };
}

function headerGetter(err: unknown): ((name: string) => string | undefined) | undefined {
  const headers = record(record(err)?.headers);
  const get = headers?.get;
  if (typeof get !== 'function') return undefined;
  return (name: string) => {
    const value: unknown = get.call(headers, name);
    return typeof value === 'string' ? value : undefined;
  };
}

/** Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date), as milliseconds. */
export function retryAfterMs(getHeader: (name: string) => string | undefined, now: () => number = Date.now): number | undefined {
  const ms = getHeader('retry-after-ms');
  if (ms !== undefined && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Math.round(Number(ms));
  const after = getHeader('retry-after');
  if (after === undefined || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/** First line of a server message, trimmed, so the user sees one sentence and not a dump. */
function shortDetail(message: string | undefined): string {
  const line = (message ?? '').split('\n')[0]?.trim() ?? '';
  const clipped = line.length > 240 ? `${line.slice(0, 237)}...` : line;
  return clipped.replace(/[.\s]+$/, '');
}

/** "Anthropic at https://…", or the label alone when it already names the URL. */
function whoAt(ctx: ErrorContext): string {
  return ctx.providerLabel.includes(ctx.baseUrl) ? ctx.providerLabel : `${ctx.providerLabel} at ${ctx.baseUrl}`;
}

/** " and the --base-url flag": the place to fix the URL, when the user set one. */
const andUrlSource = (ctx: ErrorContext): string => (ctx.baseUrlFrom ? ` and ${ctx.baseUrlFrom}` : '');

function make(kind: ProviderErrorKind, text: string, status: number | undefined, retryable: boolean, reason: string): ClassifiedError {
  // Labels such as "the server at ..." may open the sentence.
  const message = text.charAt(0).toUpperCase() + text.slice(1);
  return { error: status === undefined ? { kind, message } : { kind, status, message }, retryable, reason, quickRetry: false };
}

function classifyStatus(status: number, err: unknown, ctx: ErrorContext): ClassifiedError {
  const { message, code } = apiDetails(err);
  const who = ctx.providerLabel;
  const detail = shortDetail(message);
  const isContext = CONTEXT_PATTERNS.some((p) => p.test(message ?? '') || p.test(code ?? ''));
  if (status === 401 || status === 403)
    return make('auth', `The API key was rejected by ${who} (${status}); set ${ctx.keyHint} or \`apiKey\` in agent.config.json.`, status, false, `not authorized (${status})`);
  if (status === 404)
    return make('not_found', `${whoAt(ctx)} has no model "${ctx.model}" (404); check \`model\`${andUrlSource(ctx)}.`, status, false, 'not found (404)');
  if ((status === 400 || status === 413) && isContext) {
    const classified = make('context_length', `The conversation is too long for the context window of "${ctx.model}"; compact it with /compact or start a new one.`, status, false, 'context too long');
    // The server's own words often state the real window, which the engine reads to shrink the request to fit.
    if (message) classified.error.detail = message;
    return classified;
  }
  if (status === 429)
    return make('rate_limit', `${who} is rate limiting requests (429); wait a minute and try again.`, status, true, 'rate limited (429)');
  if (status === 529)
    return make('overloaded', `${who} is overloaded right now (529); try again in a few minutes.`, status, true, 'server overloaded (529)');
  if (status === 408) return make('connection', `The request to ${who} timed out (408); try again.`, status, true, 'request timed out (408)');
  if (status === 409) return make('server', `${who} reported a conflict (409); try again.`, status, true, 'conflict (409)');
  if (status >= 500)
    return make('server', `${who} had a server error (${status}); try again shortly.`, status, true, `server error (${status})`);
  const said = detail ? `: ${detail}` : '';
  return make('bad_request', `${who} rejected the request (${status})${said}.`, status, false, `rejected (${status})`);
}

/** An error reported inside an otherwise successful stream (no HTTP status), such as Anthropic's overloaded_error event. */
function classifyInStreamError(err: unknown, ctx: ErrorContext): ClassifiedError | undefined {
  const { message, type } = apiDetails(err);
  if (message === undefined && type === undefined) return undefined;
  const byType: Record<string, number> = {
    overloaded_error: 529,
    rate_limit_error: 429,
    api_error: 500,
    authentication_error: 401,
    permission_error: 403,
    not_found_error: 404,
    invalid_request_error: 400,
    request_too_large: 413,
  };
  const status = type !== undefined ? byType[type] : undefined;
  const classified = classifyStatus(status ?? 500, err, ctx);
  // The status was inferred, not sent, so it stays off the error.
  delete classified.error.status;
  return classified;
}

/** Classifies any thrown value from an SDK call or stream. */
export function classifyProviderError(err: unknown, ctx: ErrorContext): ClassifiedError {
  if (err instanceof StallError) {
    // Treated like a dropped connection: the request is abandoned and sent again at once.
    const what = err.stage === 'headers' ? `sent no response within ${duration(err.ms)}` : `went silent for ${duration(err.ms)} mid-answer`;
    const key = err.stage === 'headers' ? 'requestTimeoutMs' : 'streamIdleTimeoutMs';
    return {
      error: { kind: 'connection', message: `${whoAt(ctx)} ${what}; try again later, or raise \`${key}\` in agent.config.json for a slow server.` },
      retryable: true,
      reason: err.stage === 'headers' ? `no response within ${duration(err.ms)}` : `the stream was silent for ${duration(err.ms)}`,
      quickRetry: true,
    };
  }
  if (err instanceof StreamBrokenError) {
    const garbled = err.detail === 'garbled';
    return {
      error: { kind: 'stream', message: `The response from ${ctx.providerLabel} ${garbled ? 'was garbled' : 'broke off'} before it finished; try again.` },
      retryable: true,
      reason: garbled ? 'the stream carried an unreadable event' : 'the stream broke off',
      quickRetry: true,
    };
  }
  const e = record(err);
  const status = typeof e?.status === 'number' ? e.status : undefined;
  let classified: ClassifiedError | undefined;
  if (status !== undefined) classified = classifyStatus(status, err, ctx);
  else if (connectionCode(err) === 'ECONNREFUSED') {
    const fix = ctx.baseUrlFrom ? `start the server or correct ${ctx.baseUrlFrom}` : 'check the network';
    classified = make('connection', `Nothing is listening at ${ctx.baseUrl} (connection refused); ${fix}.`, undefined, true, 'connection refused');
    classified.quickRetry = true;
    classified.maxAttempts = REFUSED_MAX_ATTEMPTS;
  } else if (connectionCode(err) !== undefined || /^APIConnection(Timeout)?Error$/.test(str(e?.name) ?? '')) {
    classified = make('connection', `Could not reach ${whoAt(ctx)}; check the network${andUrlSource(ctx)}.`, undefined, true, 'connection failed');
  } else classified = classifyInStreamError(err, ctx);
  if (classified === undefined) {
    const detail = shortDetail(errorMessage(err));
    classified = make('unknown', `The call to ${ctx.providerLabel} failed${detail ? `: ${detail}` : ''}.`, undefined, false, 'unexpected error');
  }
  const getHeader = headerGetter(err);
  if (getHeader) {
    const wait = retryAfterMs(getHeader);
    if (wait !== undefined) classified.retryAfterMs = wait;
    // Servers may say explicitly whether a retry can help.
    const should = getHeader('x-should-retry');
    if (should === 'true' && classified.error.kind !== 'auth') classified.retryable = true;
    if (should === 'false') classified.retryable = false;
  }
  return classified;
}

/** Errors while reading the body mean the stream broke; errors the server sent inside the stream keep their meaning. */
export function asStreamError(err: unknown): unknown {
  if (err instanceof SyntaxError) return new StreamBrokenError('garbled', { cause: err });
  const body = typeof err === 'object' && err !== null ? (err as { error?: unknown }).error : undefined;
  if (body !== undefined && body !== null) return err;
  return new StreamBrokenError('broke_off', { cause: err });
}
