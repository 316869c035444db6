// The retry policy and error classification on their own, with synthetic attempts and errors.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { asStreamError, classifyProviderError, retryAfterMs, StreamBrokenError, type ErrorContext } from '../../source/providers/errors.js';
import { abortableSleep, backoffDelay, streamWithRetry } from '../../source/providers/retry.js';
import type { ProviderEvent } from '../../source/providers/types.js';
import { collect, doneOf, recordingSleep } from './collect.js';

const ctx: ErrorContext = { providerLabel: 'Anthropic', baseUrl: 'http://127.0.0.1:1', model: 'm1', keyHint: 'ANTHROPIC_API_KEY' };
const classify = (err: unknown) => classifyProviderError(err, ctx);

/** An error shaped like the SDKs' APIError. */
function apiError(status: number | undefined, body: unknown, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`${status} error`), { status, error: body, headers: new Headers(headers) });
}

const ok: ProviderEvent = { type: 'done', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 } };

/** An attempt function that fails with the given errors in turn, then succeeds. */
function failing(...errors: unknown[]) {
  let calls = 0;
  const attempt = async function* (): AsyncGenerator<ProviderEvent> {
    const err = errors[calls++];
    yield { type: 'text_delta', text: `try ${calls}` };
    if (err !== undefined) throw err;
    yield ok;
  };
  return { attempt, calls: () => calls };
}

describe('streamWithRetry', () => {
  test('retries retryable failures with the documented events and passes deltas through', async () => {
    const { attempt, calls } = failing(apiError(429, {}), apiError(503, {}));
    const { sleep, waits } = recordingSleep();
    const events = await collect(streamWithRetry(attempt, { signal: new AbortController().signal, classify, sleep, random: () => 0.5 }));
    expect(events).toEqual([
      { type: 'text_delta', text: 'try 1' },
      { type: 'retry', attempt: 2, maxAttempts: 5, delayMs: 500, reason: 'rate limited (429)' },
      { type: 'text_delta', text: 'try 2' },
      { type: 'retry', attempt: 3, maxAttempts: 5, delayMs: 1000, reason: 'server error (503)' },
      { type: 'text_delta', text: 'try 3' },
      ok,
    ]);
    expect(waits).toEqual([500, 1000]);
    expect(calls()).toBe(3);
  });

  test('non-retryable errors end at once', async () => {
    const { attempt, calls } = failing(apiError(400, { error: { message: 'bad field' } }));
    const done = doneOf(await collect(streamWithRetry(attempt, { signal: new AbortController().signal, classify, sleep: recordingSleep().sleep })));
    expect(calls()).toBe(1);
    expect(done).toMatchObject({ stopReason: 'error', message: { content: [] }, error: { kind: 'bad_request', status: 400 } });
    expect(done.error?.message).toBe('Anthropic rejected the request (400): bad field.');
  });

  test('maxAttempts counts every attempt, the first included', async () => {
    const { attempt, calls } = failing(apiError(500, {}), apiError(500, {}), apiError(500, {}), apiError(500, {}));
    const events = await collect(streamWithRetry(attempt, { maxAttempts: 3, signal: new AbortController().signal, classify, sleep: recordingSleep().sleep }));
    expect(calls()).toBe(3);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(doneOf(events).error).toMatchObject({ kind: 'server', status: 500 });
  });

  test('an attempt that ends without done is a broken stream and is retried quickly', async () => {
    let n = 0;
    const attempt = async function* (): AsyncGenerator<ProviderEvent> {
      n++;
      if (n === 1) return;
      yield ok;
    };
    const { sleep, waits } = recordingSleep();
    const events = await collect(streamWithRetry(attempt, { signal: new AbortController().signal, classify, sleep, random: () => 1 }));
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'the stream broke off' });
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(doneOf(events)).toEqual(ok);
  });

  test('abort during the wait ends with aborted', async () => {
    const controller = new AbortController();
    const { attempt, calls } = failing(apiError(529, {}));
    const events = await collect(streamWithRetry(attempt, { signal: controller.signal, classify, sleep: async () => controller.abort() }));
    expect(calls()).toBe(1);
    expect(doneOf(events).stopReason).toBe('aborted');
  });

  test('a retry-after beyond five minutes gives up instead of waiting', async () => {
    const { attempt, calls } = failing(apiError(429, {}, { 'retry-after': '3600' }));
    const done = doneOf(await collect(streamWithRetry(attempt, { signal: new AbortController().signal, classify, sleep: recordingSleep().sleep })));
    expect(calls()).toBe(1);
    expect(done.error?.kind).toBe('rate_limit');
  });

  test('abortableSleep returns as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const pending = abortableSleep(3_600_000, controller.signal);
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
  });
});

describe('backoff', () => {
  const plain = classify(apiError(500, {}));
  test('doubles from 0.5 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, plain, () => 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  test('jitter stays within ±25 %', () => {
    expect(backoffDelay(2, plain, () => 0)).toBe(750);
    expect(backoffDelay(2, plain, () => 1)).toBe(1250);
  });
  test('retry-after wins over backoff, and broken streams wait at most half a second', () => {
    expect(backoffDelay(3, { ...plain, retryAfterMs: 1234 }, () => 0.9)).toBe(1234);
    const broken = classify(new StreamBrokenError('broke_off'));
    expect(backoffDelay(4, broken, () => 1)).toBeLessThanOrEqual(500);
  });
});

describe('retry-after headers', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  test('seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMs(headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:12 GMT' }), () => now)).toBe(12000);
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('classification', () => {
  test('statuses map to kinds and retryability', () => {
    const kinds = [401, 403, 404, 408, 409, 429, 500, 529, 422].map((s) => {
      const c = classify(apiError(s, {}));
      return [s, c.error.kind, c.retryable];
    });
    expect(kinds).toEqual([
      [401, 'auth', false], [403, 'auth', false], [404, 'not_found', false], [408, 'connection', true], [409, 'server', true],
      [429, 'rate_limit', true], [500, 'server', true], [529, 'overloaded', true], [422, 'bad_request', false],
    ]);
  });

  test('context-length messages in either format are context_length', () => {
    for (const body of [
      { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 201000 tokens > 200000 maximum' } },
      { message: 'Requested tokens exceed the context window', code: null },
      { message: 'bad', code: 'context_length_exceeded' },
    ]) {
      expect(classify(apiError(400, body)).error.kind).toBe('context_length');
    }
  });

  test('network codes anywhere in the cause chain are connection errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Connection error.'), { name: 'APIConnectionError', cause: new TypeError('fetch failed', { cause: refused }) });
    const c = classify(wrapped);
    expect(c).toMatchObject({ retryable: true, reason: 'connection refused', maxAttempts: 3, error: { kind: 'connection' } });
    expect(c.error.message).toContain('http://127.0.0.1:1');
    expect(classify(Object.assign(new Error('x'), { cause: { code: 'ENOTFOUND' } }))).toMatchObject({ reason: 'connection failed', error: { kind: 'connection' } });
  });

  test('an overloaded error event inside a stream is retried as overloaded', () => {
    const c = classify(apiError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(c).toMatchObject({ retryable: true, error: { kind: 'overloaded' } });
    expect(c.error.status).toBeUndefined();
  });

  test('body read failures become broken streams; server-sent errors keep their meaning', () => {
    expect(classify(asStreamError(new SyntaxError('Unexpected token'))).reason).toBe('the stream carried an unreadable event');
    expect(classify(asStreamError(new TypeError('terminated'))).reason).toBe('the stream broke off');
    const sent = apiError(undefined, { type: 'error', error: { type: 'api_error', message: 'x' } });
    expect(asStreamError(sent)).toBe(sent);
  });

  test('x-should-retry overrides the default', () => {
    expect(classify(apiError(500, {}, { 'x-should-retry': 'false' })).retryable).toBe(false);
    expect(classify(apiError(400, {}, { 'x-should-retry': 'true' })).retryable).toBe(true);
  });

  test('anything else is unknown, not retried, and says what happened', () => {
    const c = classify(new Error('weird failure'));
    expect(c).toMatchObject({ retryable: false, error: { kind: 'unknown', message: 'The call to Anthropic failed: weird failure.' } });
  });
});

describe('lazy SDK loading', () => {
  test('the providers import their SDKs only as types at module level', async () => {
    for (const [file, sdk] of [['anthropic.ts', '@anthropic-ai/sdk'], ['openai.ts', 'openai'], ['anthropicRequest.ts', '@anthropic-ai/sdk'], ['openaiRequest.ts', 'openai']] as const) {
      const text = await readFile(new URL(`../../source/providers/${file}`, import.meta.url), 'utf8');
      const valueImports = text.split('\n').filter((line) => line.startsWith('import ') && !line.startsWith('import type') && line.includes(`'${sdk}'`));
      expect(valueImports, file).toEqual([]);
    }
  });
});
