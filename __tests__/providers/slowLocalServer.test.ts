// Slow local servers through both real SDKs: a long silent prompt-processing wait with keep-alive comments, and an
// event that arrives a few bytes at a time, are not stalls; a local base URL gets longer waits by default.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { ProviderConnectionOptions } from '../../source/providers/retry.js';
import { stallLimits } from '../../source/providers/clientOptions.js';
import { isLocalUrl, LOCAL_REQUEST_TIMEOUT_MS, LOCAL_STREAM_IDLE_TIMEOUT_MS } from '../../source/config/localServer.js';
import { finalizeConfig } from '../../source/config/defaults.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { doneOf, recordingSleep, request, run, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
});

const sdks = [
  { name: 'anthropic', make: (o: Partial<ProviderConnectionOptions>) => createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl, random: () => 0.5, ...o }) },
  { name: 'openai', make: (o: Partial<ProviderConnectionOptions>) => createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl, random: () => 0.5, ...o }) },
] as const;

// The idle limit is a fraction of the silence, so only signs of life keep the call going.
const idle = { requestTimeoutMs: 5_000, streamIdleTimeoutMs: 400 };

describe.each(sdks)('$name', ({ make }) => {
  test('a long prompt-processing wait kept alive by comments is no stall', async () => {
    server.push({ text: 'done thinking', slowStart: { ms: 1_600, commentEveryMs: 150 } }, { text: 'must not be asked for' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...idle, sleep }), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry')).toEqual([]);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'done thinking' }]);
    expect(server.requests).toHaveLength(1);
  });

  test('an event that arrives a few bytes at a time counts from its last byte', async () => {
    // Five pieces 150 ms apart: 750 ms until the event is whole, never 400 ms without a byte.
    server.push({ text: 'slowly', trickleMs: 150 }, { text: 'must not be asked for' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...idle, sleep }), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry')).toEqual([]);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'slowly' }]);
    expect(server.requests).toHaveLength(1);
  });

  test('silence without comments is still a stall at the idle limit', async () => {
    server.push({ text: 'too late', slowStart: { ms: 1_600 } }, { text: 'second try' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...idle, sleep }), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual(['the stream was silent for 400 ms']);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'second try' }]);
  });
});

describe('local servers wait longer', () => {
  test('which base URLs are local', () => {
    for (const url of ['http://localhost:11434/v1', 'http://127.0.0.1:8080', 'http://[::1]:8000/v1', 'http://192.168.1.20:11434/v1', 'http://10.0.0.5/v1', 'http://172.20.1.1/v1', 'http://gpu-box.local:8000/v1'])
      expect(isLocalUrl(url), url).toBe(true);
    for (const url of ['https://api.openai.com/v1', 'https://api.deepseek.com', 'http://172.32.0.1/v1', 'http://fcserver.example/v1', 'not a url', undefined])
      expect(isLocalUrl(url), String(url)).toBe(false);
  });

  test('the mock server (127.0.0.1) gets the local waits unless they are set', () => {
    expect(stallLimits({ baseUrl: server.openaiBaseUrl })).toEqual({ requestTimeoutMs: LOCAL_REQUEST_TIMEOUT_MS, streamIdleTimeoutMs: LOCAL_STREAM_IDLE_TIMEOUT_MS });
    expect(stallLimits({ baseUrl: 'https://api.openai.com/v1' })).toEqual({ requestTimeoutMs: 60_000, streamIdleTimeoutMs: 90_000 });
    expect(stallLimits({ baseUrl: server.openaiBaseUrl, requestTimeoutMs: 1234 }).requestTimeoutMs).toBe(1234);
  });

  test('the configuration picks them by the base URL; a configured value wins', () => {
    const local = finalizeConfig({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'qwen3:4b' }, {}, '/tmp', '/tmp/.rein');
    expect([local.requestTimeoutMs, local.streamIdleTimeoutMs]).toEqual([LOCAL_REQUEST_TIMEOUT_MS, LOCAL_STREAM_IDLE_TIMEOUT_MS]);
    const remote = finalizeConfig({ provider: 'openai', model: 'gpt-5' }, {}, '/tmp', '/tmp/.rein');
    expect([remote.requestTimeoutMs, remote.streamIdleTimeoutMs]).toEqual([60_000, 90_000]);
    const set = finalizeConfig({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', requestTimeoutMs: 5_000 }, {}, '/tmp', '/tmp/.rein');
    expect(set.requestTimeoutMs).toBe(5_000);
  });
});
