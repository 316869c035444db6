// Servers that go quiet or fail late, through both real SDKs: a stalled request is abandoned and sent again, a
// stream that already finished is never requested again.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { ProviderConnectionOptions } from '../../source/providers/retry.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { doneOf, recordingSleep, request, run, textDeltas, userText } from './collect.js';

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

// Small limits so a stall is noticed in a fraction of a second.
const quick = { requestTimeoutMs: 400, streamIdleTimeoutMs: 300 };

describe.each(sdks)('$name', ({ make }) => {
  test('a stream that stops mid-answer is abandoned after streamIdleTimeoutMs and requested again', async () => {
    server.push({ text: 'this answer stalls part of the way through', fault: { kind: 'hang' } }, { text: 'second try' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...quick, sleep }), request([userText('hi')]));
    const retries = events.filter((e) => e.type === 'retry');
    expect(retries).toEqual([{ type: 'retry', attempt: 2, maxAttempts: 5, delayMs: 250, reason: 'the stream was silent for 300 ms' }]);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'second try' }]);
    expect(server.requests).toHaveLength(2);
  });

  test('headers and then nothing is a stall too', async () => {
    server.push({ text: 'never sent', fault: { kind: 'headers_then_nothing' } }, { text: 'answered' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...quick, sleep }), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual(['the stream was silent for 300 ms']);
    expect(textDeltas(events)).toBe('answered');
  });

  test('a server that never sends headers is abandoned after requestTimeoutMs', async () => {
    server.push({ text: 'never sent', fault: { kind: 'no_headers' } }, { text: 'answered' });
    const { sleep } = recordingSleep();
    const events = await run(make({ ...quick, sleep }), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual(['no response within 400 ms']);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'answered' }]);
  });

  test('a server that stalls every time ends in one connection error naming the setting', async () => {
    server.push(...Array.from({ length: 2 }, () => ({ fault: { kind: 'no_headers' as const } })));
    const { sleep } = recordingSleep();
    const done = doneOf(await run(make({ ...quick, sleep, maxAttempts: 2 }), request([userText('hi')])));
    expect(done.stopReason).toBe('error');
    expect(done.error?.kind).toBe('connection');
    expect(done.error?.message).toMatch(/sent no response within 400 ms; try again later, or raise `requestTimeoutMs` in agent\.config\.json/);
  });

  test('a stream that completed and then drops is not requested again', async () => {
    server.push({ text: 'complete answer', fault: { kind: 'cut_after_finish' } }, { text: 'must not be asked for' });
    const events = await run(make({}), request([userText('hi')]));
    expect(events.some((e) => e.type === 'retry')).toBe(false);
    const done = doneOf(events);
    expect(done.stopReason).toBe('end_turn');
    expect(done.message.content).toEqual([{ type: 'text', text: 'complete answer' }]);
    expect(server.requests).toHaveLength(1);
  });
});
