// The words of connection, 404 and base-URL messages, through both real SDKs, and the SDKs' silence on the terminal.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { classifyProviderError } from '../../source/providers/errors.js';
import { createProvider } from '../../source/providers/index.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import { makeHarness, runEnd, runPrompt } from '../support/engineHarness.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { doneOf, recordingSleep, request, run, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
  vi.restoreAllMocks();
});

/** A URL where nothing listens (a port that was just freed). */
async function deadUrl(): Promise<string> {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((r) => closed.close(() => r()));
  return url;
}

const provider = (kind: 'anthropic' | 'openai', baseUrl: string, baseUrlFrom?: string) =>
  createProvider({ provider: kind, apiKey: 'k', baseUrl, baseUrlFrom, maxRetries: 5, keyHint: 'KEY' });

describe.each(['anthropic', 'openai'] as const)('%s', (kind) => {
  test('a refused connection is tried three times in quick succession and reported once, naming the flag', async () => {
    const url = `${await deadUrl()}${kind === 'openai' ? '/v1' : ''}`;
    const { sleep, waits } = recordingSleep();
    const p = kind === 'anthropic'
      ? createAnthropicProvider({ apiKey: 'k', baseUrl: url, baseUrlFrom: 'the --base-url flag', sleep })
      : createOpenAIProvider({ apiKey: 'k', baseUrl: url, baseUrlFrom: 'the --base-url flag', sleep, providerLabel: `the server at ${url}` });
    const events = await run(p, request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry').map((e) => [(e as { attempt: number }).attempt, (e as { maxAttempts: number }).maxAttempts])).toEqual([[2, 3], [3, 3]]);
    expect(waits.every((ms) => ms <= 500)).toBe(true);
    expect(doneOf(events).error).toEqual({
      kind: 'connection',
      message: `Nothing is listening at ${url} (connection refused); start the server or correct the --base-url flag.`,
    });
  });

  test('404 says the URL once and names where the base URL was set', async () => {
    server.push({ fault: { kind: 'status', status: 404, message: 'model not found' } });
    const url = kind === 'anthropic' ? server.anthropicBaseUrl : server.openaiBaseUrl;
    const done = doneOf(await run(provider(kind, url, 'REIN_BASE_URL'), request([userText('hi')], { options: { model: 'nope-1', maxTokens: 10 } })));
    const who = kind === 'anthropic' ? `Anthropic at ${url}` : `The server at ${url}`;
    expect(done.error).toEqual({ kind: 'not_found', status: 404, message: `${who} has no model "nope-1" (404); check \`model\` and REIN_BASE_URL.` });
  });
});

test('a connection that fails otherwise names the URL once, with the config file to fix', () => {
  // classifyProviderError is what both providers use; the label already holds the URL here.
  const err = Object.assign(new Error('Connection error.'), { name: 'APIConnectionError', cause: { code: 'ENOTFOUND' } });
  const ctx = { providerLabel: 'the server at http://gpu-box:8000/v1', baseUrl: 'http://gpu-box:8000/v1', model: 'm', keyHint: 'K', baseUrlFrom: '`baseUrl` in /p/agent.config.json' };
  expect(classifyProviderError(err, ctx).error.message).toBe('Could not reach the server at http://gpu-box:8000/v1; check the network and `baseUrl` in /p/agent.config.json.');
});

test('an Anthropic base URL ending in /v1 is used without it, with one note', async () => {
  server.push({ text: 'one' }, { text: 'two' });
  const p = createAnthropicProvider({ apiKey: 'k', baseUrl: `${server.url}/v1` });
  const first = await run(p, request([userText('hi')]));
  expect(server.requests[0]!.path).toBe('/v1/messages');
  expect(first.filter((e) => e.type === 'warning')).toEqual([
    { type: 'warning', message: `The Anthropic base URL ${server.url}/v1 ends in /v1, which rein adds itself; using ${server.url}.` },
  ]);
  expect(doneOf(first).stopReason).toBe('end_turn');
  const second = await run(p, request([userText('again')]));
  expect(second.some((e) => e.type === 'warning')).toBe(false);
});

test('neither SDK writes to the terminal; a retiring model gets one warning event of rein\'s own', async () => {
  const writes: string[] = [];
  for (const method of ['log', 'warn', 'error', 'info', 'debug'] as const) vi.spyOn(console, method).mockImplementation((...a: unknown[]) => void writes.push(a.join(' ')));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
  server.push({ text: 'a' }, { text: 'b' }, { text: 'c' });
  const anthropic = createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl });
  const retired = request([userText('hi')], { options: { model: 'claude-sonnet-4-5', maxTokens: 10 } });
  const first = await run(anthropic, retired);
  await run(anthropic, retired);
  await run(provider('openai', server.openaiBaseUrl), retired);
  stderr.mockRestore();
  expect(writes).toEqual([]);
  expect(first.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message)).toEqual([
    'The model claude-sonnet-4-5 reaches its end of life on November 30th, 2026; choose a current one with /model or --model (for example claude-sonnet-5-5).',
  ]);
});

test('a run whose provider cannot connect says so once and ends, without asking again', async () => {
  const error = { kind: 'connection' as const, message: 'Nothing is listening at http://127.0.0.1:9 (connection refused); start the server or correct the --base-url flag.' };
  const h = makeHarness(() => ({ error }));
  try {
    const events = await runPrompt(h.session, 'hi');
    expect(events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message)).toEqual([error.message]);
    expect(runEnd(events)).toMatchObject({ reason: 'error', error: error.message });
    expect(h.provider.requests).toHaveLength(1);
  } finally {
    await h.cleanup();
  }
});
