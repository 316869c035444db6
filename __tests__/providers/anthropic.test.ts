// The Anthropic provider with the real SDK against the local mock server: streaming, caching, retries, errors, abort.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAnthropicProvider, mapAnthropicStopReason, mapAnthropicUsage } from '../../source/providers/anthropic.js';
import type { ProviderEvent } from '../../source/providers/types.js';
import type { Message } from '../../source/protocol/messages.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { apart, collect, doneOf, recordingSleep, request, run, textDeltas, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer({ apiKey: 'sk-test' });
});
afterEach(async () => {
  await server.close();
});

const provider = (extra: Partial<Parameters<typeof createAnthropicProvider>[0]> = {}) =>
  createAnthropicProvider({ apiKey: 'sk-test', baseUrl: server.anthropicBaseUrl, random: () => 0.5, ...extra });

describe('streaming', () => {
  test('text deltas concatenate to the final message', async () => {
    server.push({ text: 'Hello from the mock model, streamed in pieces.', chunkDelayMs: apart });
    const events = await run(provider(), request([userText('hi')]));
    const done = doneOf(events);
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(3);
    expect(textDeltas(events)).toBe('Hello from the mock model, streamed in pieces.');
    expect(done.message.content).toEqual([{ type: 'text', text: 'Hello from the mock model, streamed in pieces.' }]);
    expect(done.stopReason).toBe('end_turn');
  });

  test('one tool call streams its arguments in pieces and parses at the end', async () => {
    server.push({ text: 'Reading.', toolCalls: [{ id: 'toolu_1', name: 'read_file', input: { path: 'src/main.ts' } }], chunkDelayMs: apart });
    const events = await run(provider(), request([userText('read it')]));
    const starts = events.filter((e) => e.type === 'tool_call_start');
    const deltas = events.flatMap((e) => (e.type === 'tool_call_delta' ? [e] : []));
    expect(starts).toEqual([{ type: 'tool_call_start', id: 'toolu_1', name: 'read_file' }]);
    expect(deltas.length).toBeGreaterThan(1);
    expect(JSON.parse(deltas.map((d) => d.partialJson).join(''))).toEqual({ path: 'src/main.ts' });
    const done = doneOf(events);
    expect(done.stopReason).toBe('tool_use');
    expect(done.message.content).toEqual([
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'src/main.ts' } },
    ]);
  });

  test('several tool calls keep their order, ids and inputs', async () => {
    server.push({
      toolCalls: [
        { name: 'read_file', input: { path: 'a.ts' } },
        { name: 'bash', input: { command: 'npm test -- --run' } },
        { name: 'read_file', input: {} },
      ],
    });
    const done = doneOf(await run(provider(), request([userText('go')])));
    const calls = done.message.content.flatMap((b) => (b.type === 'tool_use' ? [b] : []));
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['read_file', { path: 'a.ts' }],
      ['bash', { command: 'npm test -- --run' }],
      ['read_file', {}],
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(3);
  });

  test('thinking is kept with its signature and sent back on the next request', async () => {
    server.push({ thinking: 'The user wants a file read.', toolCalls: [{ id: 'toolu_9', name: 'read_file', input: { path: 'x' } }] }, { text: 'Done.' });
    const p = provider();
    const first = await run(p, request([userText('read x')]));
    const thinkingText = first.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');
    expect(thinkingText).toBe('The user wants a file read.');
    const assistant = doneOf(first).message;
    const thinking = assistant.content[0];
    expect(thinking).toMatchObject({ type: 'thinking', thinking: 'The user wants a file read.' });
    expect(thinking?.type === 'thinking' && thinking.signature).toMatch(/^mocksig_/);

    const history: Message[] = [
      userText('read x'),
      assistant,
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 'toolu_9', content: 'file body', isError: true }] },
    ];
    expect(doneOf(await run(p, request(history))).stopReason).toBe('end_turn');
    const sent = server.requests[1]!.body.messages;
    expect(sent[1].content[0]).toEqual({ type: 'thinking', thinking: 'The user wants a file read.', signature: (thinking as { signature: string }).signature });
    expect(sent[1].content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_9', name: 'read_file', input: { path: 'x' } });
    expect(sent[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_9', content: 'file body', is_error: true });
  });

  test('redacted thinking goes back unchanged and unsigned thinking is dropped', async () => {
    server.push({ text: 'ok' });
    const history: Message[] = [
      userText('q'),
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: 'ENCRYPTED==' },
          { type: 'thinking', thinking: 'from another provider' },
          { type: 'text', text: 'answer' },
        ],
      },
      userText('next'),
    ];
    await run(provider(), request(history));
    expect(server.requests[0]!.body.messages[1].content).toEqual([
      { type: 'redacted_thinking', data: 'ENCRYPTED==' },
      { type: 'text', text: 'answer' },
    ]);
  });

  test('usage counts cached prompt tokens in the total', async () => {
    server.push({ text: 'hi', usage: { inputTokens: 1200, outputTokens: 42, cacheReadTokens: 1000 } });
    const done = doneOf(await run(provider(), request([userText('hi')])));
    expect(done.usage).toEqual({ inputTokens: 1200, outputTokens: 42, cacheReadTokens: 1000, cacheWriteTokens: 0 });
  });

  test('usage mapping adds cache writes and reads to the prompt total', () => {
    const start = mapAnthropicUsage({ input_tokens: 100, cache_read_input_tokens: 800, cache_creation_input_tokens: 50, output_tokens: 1 });
    expect(start).toEqual({ inputTokens: 950, cacheReadTokens: 800, cacheWriteTokens: 50, outputTokens: 1 });
    // message_delta often carries only output tokens: the prompt figures stay.
    expect(mapAnthropicUsage({ output_tokens: 77 }, start)).toEqual({ ...start, outputTokens: 77 });
  });

  test('stop reasons map onto ours', () => {
    expect(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal'].map(mapAnthropicStopReason)).toEqual([
      'end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal',
    ]);
    expect(mapAnthropicStopReason('pause_turn')).toBe('end_turn');
    expect(mapAnthropicStopReason('something_new')).toBe('end_turn');
  });

  test('max_tokens stop reason passes through', async () => {
    server.push({ text: 'cut', stopReason: 'max_tokens' });
    expect(doneOf(await run(provider(), request([userText('hi')]))).stopReason).toBe('max_tokens');
  });
});

describe('request', () => {
  test('cache breakpoints sit on the system prompt, the last tool and the newest message', async () => {
    server.push({ text: 'ok' });
    const history: Message[] = [
      userText('first'),
      { role: 'assistant', content: [{ type: 'text', text: 'reply' }] },
      { role: 'user', content: [{ type: 'text', text: 'second' }, { type: 'text', text: '<system-reminder>x</system-reminder>' }] },
    ];
    await run(provider(), request(history, { options: { model: 'claude-test', maxTokens: 2048, temperature: 0.2 } }));
    const body = server.requests[0]!.body;
    expect(body.system).toEqual([{ type: 'text', text: 'You are rein.', cache_control: { type: 'ephemeral' } }]);
    expect(body.tools[0].cache_control).toBeUndefined();
    expect(body.tools[1]).toMatchObject({ name: 'bash', cache_control: { type: 'ephemeral' } });
    expect(body.tools[1].input_schema).toEqual({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] });
    expect(body.messages[0].content[0].cache_control).toBeUndefined();
    expect(body.messages[1].content[0].cache_control).toBeUndefined();
    expect(body.messages[2].content[0].cache_control).toBeUndefined();
    expect(body.messages[2].content[1].cache_control).toEqual({ type: 'ephemeral' });
    expect(body).toMatchObject({ model: 'claude-test', max_tokens: 2048, temperature: 0.2, stream: true });
  });

  test('temperature is left out when unset', async () => {
    server.push({ text: 'ok' });
    await run(provider(), request([userText('x')]));
    expect('temperature' in server.requests[0]!.body).toBe(false);
  });
});

describe('retries', () => {
  test('429 with retry-after waits exactly that long and says why', async () => {
    server.push({ fault: { kind: 'status', status: 429, retryAfter: 7 } }, { text: 'after the wait' });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(waits).toEqual([7000]);
    expect(events.find((e) => e.type === 'retry')).toEqual({ type: 'retry', attempt: 2, maxAttempts: 5, delayMs: 7000, reason: 'rate limited (429)' });
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'after the wait' }]);
  });

  test('500 and 529 back off exponentially, then succeed', async () => {
    server.push({ fault: { kind: 'status', status: 500 } }, { fault: { kind: 'status', status: 529 } }, { text: 'finally' });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(waits).toEqual([500, 1000]);
    expect(events.flatMap((e) => (e.type === 'retry' ? [e.reason] : []))).toEqual(['server error (500)', 'server overloaded (529)']);
    expect(doneOf(events).stopReason).toBe('end_turn');
    expect(server.requests).toHaveLength(3);
  });

  test('gives up after maxAttempts with the last error', async () => {
    server.push(...Array.from({ length: 3 }, () => ({ fault: { kind: 'status' as const, status: 529 } })));
    const { sleep } = recordingSleep();
    const events = await run(provider({ sleep, maxAttempts: 3 }), request([userText('hi')]));
    const done = doneOf(events);
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { attempt: number }).attempt)).toEqual([2, 3]);
    expect(done.stopReason).toBe('error');
    expect(done.error).toMatchObject({ kind: 'overloaded', status: 529 });
    expect(server.requests).toHaveLength(3);
  });

  test('a stream cut mid tool call is retried quickly and the final message is complete', async () => {
    const call = { id: 'toolu_c', name: 'bash', input: { command: 'ls -la /tmp && echo done' } };
    server.push({ toolCalls: [call], fault: { kind: 'cut_mid_tool_call' } }, { toolCalls: [call] });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ attempt: 2, reason: 'the stream broke off' });
    expect(waits[0]).toBeLessThanOrEqual(500);
    // Some arguments streamed before the cut: the retry event voids them.
    expect(events.indexOf(retry!)).toBeGreaterThan(events.findIndex((e) => e.type === 'tool_call_delta'));
    expect(doneOf(events).message.content).toEqual([{ type: 'tool_use', ...call }]);
  });

  test('a garbage SSE line is retried', async () => {
    server.push({ text: 'some text that streams', fault: { kind: 'garbage_line' } }, { text: 'clean' });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ reason: 'the stream carried an unreadable event' });
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'clean' }]);
  });
});

describe('errors', () => {
  test('a rejected key is an auth error naming the env var, without retries', async () => {
    const events = await run(provider({ apiKey: 'wrong', keyHint: 'MY_KEY_VAR' }), request([userText('hi')]));
    const done = doneOf(events);
    expect(done.error).toEqual({
      kind: 'auth',
      status: 401,
      message: 'The API key was rejected by Anthropic (401); set MY_KEY_VAR or `apiKey` in agent.config.json.',
    });
    expect(server.requests).toHaveLength(1);
  });

  test('the default key hint is ANTHROPIC_API_KEY', async () => {
    const done = doneOf(await run(provider({ apiKey: 'wrong' }), request([userText('hi')])));
    expect(done.error?.message).toContain('ANTHROPIC_API_KEY');
  });

  test('a context-length 400 is kind context_length and not retried', async () => {
    server.push({ fault: { kind: 'status', status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' } });
    const done = doneOf(await run(provider(), request([userText('hi')])));
    expect(done.error).toMatchObject({ kind: 'context_length', status: 400 });
    expect(server.requests).toHaveLength(1);
  });

  test('404 names the model and the base URL', async () => {
    server.push({ fault: { kind: 'status', status: 404, message: 'model: nope' } });
    const done = doneOf(await run(provider(), request([userText('hi')], { options: { model: 'claude-nope', maxTokens: 10 } })));
    expect(done.error?.kind).toBe('not_found');
    expect(done.error?.message).toContain('claude-nope');
    expect(done.error?.message).toContain(server.anthropicBaseUrl);
  });

  test('malformed tool JSON becomes __invalidJson without a retry', async () => {
    server.push({ toolCalls: [{ id: 'toolu_m', name: 'bash', input: { command: 'ls' } }], fault: { kind: 'malformed_tool_json' } });
    const events = await run(provider(), request([userText('hi')]));
    const call = doneOf(events).message.content[0];
    expect(call).toMatchObject({ type: 'tool_use', id: 'toolu_m' });
    expect(call?.type === 'tool_use' && call.input).toEqual({ __invalidJson: '{"command":"ls", {{"oops' });
    expect(events.some((e) => e.type === 'retry')).toBe(false);
  });

  test('connection refused ends with a connection error naming the base URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const { sleep, waits } = recordingSleep();
    const events = await run(createAnthropicProvider({ apiKey: 'k', baseUrl: deadUrl, maxAttempts: 2, sleep }), request([userText('hi')]));
    expect(waits).toHaveLength(1);
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ reason: 'connection refused' });
    const done = doneOf(events);
    expect(done.error?.kind).toBe('connection');
    expect(done.error?.message).toContain(deadUrl);
  });

  test('a request the server rejects as malformed is a bad_request error', async () => {
    const history: Message[] = [{ role: 'user', content: [{ type: 'tool_result', toolUseId: 'nowhere', content: 'x' }] }];
    const done = doneOf(await run(provider(), request(history)));
    expect(done.error).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(done.error?.message).toContain('nowhere');
  });
});

describe('abort', () => {
  test('aborting mid-stream ends at once with aborted and the partial text', async () => {
    server.push({ text: 'partial answer that never finishes', fault: { kind: 'hang' } });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of provider().stream(request([userText('hi')]), controller.signal)) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    const done = doneOf(events);
    expect(done.stopReason).toBe('aborted');
    expect(done.message.content).toEqual([{ type: 'text', text: textDeltas(events) }]);
    expect(textDeltas(events).length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
  });

  test('an already aborted signal ends with aborted and sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const done = doneOf(await collect(provider().stream(request([userText('hi')]), controller.signal)));
    expect(done.stopReason).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  test('aborting during a retry wait ends with aborted', async () => {
    server.push({ fault: { kind: 'status', status: 503 } });
    const controller = new AbortController();
    const sleep = async () => controller.abort();
    const events = await collect(provider({ sleep }).stream(request([userText('hi')]), controller.signal));
    expect(events.map((e) => e.type)).toEqual(['retry', 'done']);
    expect(doneOf(events).stopReason).toBe('aborted');
  });
});
