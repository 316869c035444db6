// Streams that end early still count their tokens, through both real SDKs: what the server counted is kept, what it
// did not is estimated from what streamed, and the usage says it is an estimate.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { ProviderConnectionOptions } from '../../source/providers/retry.js';
import type { ProviderEvent } from '../../source/providers/types.js';
import { usageSummaryLine } from '../../source/util/format.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { apart, doneOf, recordingSleep, request, run, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
});

const sdks = [
  { name: 'anthropic', make: (o: Partial<ProviderConnectionOptions> = {}) => createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl, random: () => 0.5, ...o }) },
  { name: 'openai', make: (o: Partial<ProviderConnectionOptions> = {}) => createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl, random: () => 0.5, ...o }) },
] as const;

const longText = 'The quick brown fox jumps over the lazy dog again and again. '.repeat(12);

describe.each(sdks)('$name', ({ name, make }) => {
  test('a stream stopped (Esc) mid-answer counts what streamed, marked as an estimate', async () => {
    server.push({ text: longText, chunkDelayMs: apart });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    let streamed = '';
    for await (const event of make().stream(request([userText('tell me a story')]), controller.signal)) {
      events.push(event);
      if (event.type === 'text_delta') streamed += event.text;
      if (streamed.length >= 40 && !controller.signal.aborted) controller.abort();
    }
    const done = doneOf(events);
    expect(done.stopReason).toBe('aborted');
    expect(done.usage.estimated).toBe(true);
    // Output by the characters that streamed; the whole answer would have been far more.
    expect(done.usage.outputTokens).toBeGreaterThanOrEqual(Math.ceil(streamed.length / 3));
    expect(done.usage.outputTokens).toBeLessThan(Math.ceil(longText.length / 3));
    const serverInput = Math.ceil(server.requests[0]!.bytes / 4);
    // Anthropic counts the prompt in message_start, before the text: that count is the server's own.
    if (name === 'anthropic') expect(done.usage.inputTokens).toBe(serverInput);
    else expect(done.usage.inputTokens).toBeGreaterThan(serverInput / 2);
    expect(usageSummaryLine(done.usage, undefined)).toMatch(/out \(partly estimated/);
  });

  test('a stream cut mid-answer and sent again costs both attempts', async () => {
    server.push({ text: longText.slice(0, 160), chunkDelayMs: apart, fault: { kind: 'cut_mid_text' } }, { text: 'short answer', usage: { inputTokens: 50, outputTokens: 3 } });
    const { sleep } = recordingSleep();
    const done = doneOf(await run(make({ sleep }), request([userText('hi')])));
    expect(done.stopReason).toBe('end_turn');
    expect(done.usage).toEqual({ inputTokens: 50, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(done.spent?.estimated).toBe(true);
    expect(done.spent!.outputTokens).toBeGreaterThan(3);
    expect(done.spent!.inputTokens).toBeGreaterThan(50);
  });

  test('a whole answer keeps the server\'s counts, unmarked', async () => {
    server.push({ text: 'all of it', usage: { inputTokens: 70, outputTokens: 4 } });
    const done = doneOf(await run(make(), request([userText('hi')])));
    expect(done.usage).toEqual({ inputTokens: 70, outputTokens: 4, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(done.spent).toBeUndefined();
  });
});
