// The OpenAI-compatible provider with the real SDK against the local mock server: streaming, reasoning, retries, errors, abort.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createOpenAIProvider, mapOpenAIFinishReason, mapOpenAIUsage } from '../../source/providers/openai.js';
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

const provider = (extra: Partial<Parameters<typeof createOpenAIProvider>[0]> = {}) =>
  createOpenAIProvider({ apiKey: 'sk-test', baseUrl: server.openaiBaseUrl, random: () => 0.5, ...extra });

/** A one-off server that writes the given SSE body and ends cleanly. */
async function rawSseServer(body: string): Promise<{ url: string; close: () => Promise<void>; hits: () => number }> {
  let hits = 0;
  const s = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(body);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`,
    hits: () => hits,
    close: () => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); }),
  };
}

describe('streaming', () => {
  test('text deltas concatenate to the final message', async () => {
    server.push({ text: 'Streaming from a compatible server.', chunkDelayMs: apart });
    const events = await run(provider(), request([userText('hi')]));
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(3);
    expect(textDeltas(events)).toBe('Streaming from a compatible server.');
    const done = doneOf(events);
    expect(done.message.content).toEqual([{ type: 'text', text: 'Streaming from a compatible server.' }]);
    expect(done.stopReason).toBe('end_turn');
  });

  test('deltas that arrive in one read are handed on joined, each call apart', async () => {
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const raw = await rawSseServer(
      chunk({ content: 'Two ' }) + chunk({ content: 'words.' }) +
        chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'read_file', arguments: '{"path":' } }] }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"a.md"}' } }] }) +
        chunk({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'read_file', arguments: '{"path":"b.md"}' } }] }, 'tool_calls') +
        'data: [DONE]\n\n',
    );
    try {
      const events = await run(provider({ baseUrl: raw.url }), request([userText('read')]));
      expect(events.filter((e) => e.type !== 'usage' && e.type !== 'done')).toEqual([
        { type: 'text_delta', text: 'Two words.' },
        { type: 'tool_call_start', id: 'call_a', name: 'read_file' },
        { type: 'tool_call_delta', id: 'call_a', partialJson: '{"path":"a.md"}' },
        { type: 'tool_call_start', id: 'call_b', name: 'read_file' },
        { type: 'tool_call_delta', id: 'call_b', partialJson: '{"path":"b.md"}' },
      ]);
    } finally {
      await raw.close();
    }
  });

  test('one tool call: start once, arguments in pieces, parsed input', async () => {
    server.push({ toolCalls: [{ id: 'call_a', name: 'read_file', input: { path: 'README.md' } }], chunkDelayMs: apart });
    const events = await run(provider(), request([userText('read')]));
    expect(events.filter((e) => e.type === 'tool_call_start')).toEqual([{ type: 'tool_call_start', id: 'call_a', name: 'read_file' }]);
    const deltas = events.flatMap((e) => (e.type === 'tool_call_delta' ? [e] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((d) => d.id === 'call_a')).toBe(true);
    const done = doneOf(events);
    expect(done.stopReason).toBe('tool_use');
    expect(done.message.content).toEqual([{ type: 'tool_use', id: 'call_a', name: 'read_file', input: { path: 'README.md' } }]);
  });

  test('several tool calls are told apart by index', async () => {
    server.push({
      text: 'Two things.',
      toolCalls: [
        { name: 'read_file', input: { path: 'a' } },
        { name: 'bash', input: { command: 'echo "quoted \\" text"' } },
      ],
    });
    const events = await run(provider(), request([userText('go')]));
    const starts = events.flatMap((e) => (e.type === 'tool_call_start' ? [e] : []));
    expect(starts.map((s) => s.name)).toEqual(['read_file', 'bash']);
    const done = doneOf(events);
    const calls = done.message.content.flatMap((b) => (b.type === 'tool_use' ? [b] : []));
    expect(calls.map((c) => c.id)).toEqual(starts.map((s) => s.id));
    expect(calls.map((c) => c.input)).toEqual([{ path: 'a' }, { command: 'echo "quoted \\" text"' }]);
    expect(done.message.content[0]).toEqual({ type: 'text', text: 'Two things.' });
  });

  test('reasoning_content streams as thinking and is kept in the message', async () => {
    server.push({ thinking: 'Need to look at the file first.', toolCalls: [{ id: 'call_r', name: 'read_file', input: { path: 'f' } }] });
    const events = await run(provider(), request([userText('q')]));
    expect(events.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('')).toBe('Need to look at the file first.');
    expect(doneOf(events).message.content[0]).toEqual({ type: 'thinking', thinking: 'Need to look at the file first.' });
  });

  test('usage reports prompt total and cached tokens', async () => {
    server.push({ text: 'hi', usage: { inputTokens: 900, outputTokens: 12, cacheReadTokens: 640 } });
    const done = doneOf(await run(provider(), request([userText('hi')])));
    expect(done.usage).toEqual({ inputTokens: 900, outputTokens: 12, cacheReadTokens: 640, cacheWriteTokens: 0 });
  });

  test("DeepSeek's prompt_cache_hit_tokens count as cache reads", () => {
    const usage = mapOpenAIUsage({ prompt_tokens: 500, completion_tokens: 20, total_tokens: 520, prompt_cache_hit_tokens: 384 } as never);
    expect(usage).toEqual({ inputTokens: 500, outputTokens: 20, cacheReadTokens: 384, cacheWriteTokens: 0 });
  });

  test('finish reasons map onto ours', () => {
    expect(mapOpenAIFinishReason('stop', false)).toBe('end_turn');
    expect(mapOpenAIFinishReason('tool_calls', true)).toBe('tool_use');
    expect(mapOpenAIFinishReason('function_call', true)).toBe('tool_use');
    expect(mapOpenAIFinishReason('length', false)).toBe('max_tokens');
    expect(mapOpenAIFinishReason('content_filter', false)).toBe('refusal');
  });

  test('max_tokens turns end with max_tokens', async () => {
    server.push({ text: 'cut off', stopReason: 'max_tokens' });
    expect(doneOf(await run(provider(), request([userText('hi')]))).stopReason).toBe('max_tokens');
  });
});

describe('request', () => {
  test('system first, tool calls and tool messages, stream options and max_tokens', async () => {
    server.push({ text: 'ok' });
    const history: Message[] = [
      userText('start'),
      { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }, { type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'p' } }, { type: 'tool_use', id: 'c2', name: 'bash', input: { command: 'ls' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', toolUseId: 'c1', content: 'contents' },
          { type: 'tool_result', toolUseId: 'c2', content: 'boom', isError: true },
          { type: 'text', text: '<system-reminder>todo</system-reminder>' },
        ],
      },
    ];
    await run(provider(), request(history));
    const body = server.requests[0]!.body;
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are rein.' },
      { role: 'user', content: 'start' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"p"}' } },
          { id: 'c2', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'contents' },
      { role: 'tool', tool_call_id: 'c2', content: 'boom' },
      { role: 'user', content: '<system-reminder>todo</system-reminder>' },
    ]);
    expect(body).toMatchObject({ model: 'test-model', max_tokens: 1024, stream: true, stream_options: { include_usage: true } });
    expect(body.tools[0]).toEqual({ type: 'function', function: { name: 'read_file', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } });
    expect('temperature' in body).toBe(false);
  });

  test('reasoning_content goes back only after the last user text', async () => {
    server.push({ text: 'ok' });
    const history: Message[] = [
      userText('first question'),
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'old reasoning' }, { type: 'text', text: 'old answer' }] },
      userText('second question'),
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'current reasoning' }, { type: 'tool_use', id: 't1', name: 'bash', input: { command: 'pwd' } }] },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: '/home' }] },
    ];
    await run(provider(), request(history, { options: { model: 'deepseek-test', maxTokens: 100, temperature: 0 } }));
    const body = server.requests[0]!.body;
    const assistants = body.messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(assistants[0]).toEqual({ role: 'assistant', content: 'old answer' });
    expect(assistants[1]).toMatchObject({ reasoning_content: 'current reasoning', content: null });
    expect(body.temperature).toBe(0);
  });

  test('reasoning streamed in one call is sent back on the next call of the same loop', async () => {
    server.push({ thinking: 'plan: read', toolCalls: [{ id: 'call_x', name: 'read_file', input: { path: 'x' } }] }, { text: 'done' });
    const p = provider();
    const first = doneOf(await run(p, request([userText('go')])));
    const history: Message[] = [userText('go'), first.message, { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call_x', content: 'data' }] }];
    await run(p, request(history));
    expect(server.requests[1]!.body.messages[2]).toMatchObject({ role: 'assistant', reasoning_content: 'plan: read' });
  });
});

describe('retries', () => {
  test('429 with retry-after waits exactly that long', async () => {
    server.push({ fault: { kind: 'status', status: 429, retryAfter: 2 } }, { text: 'ok' });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(waits).toEqual([2000]);
    expect(events.find((e) => e.type === 'retry')).toEqual({ type: 'retry', attempt: 2, maxAttempts: 5, delayMs: 2000, reason: 'rate limited (429)' });
    expect(doneOf(events).stopReason).toBe('end_turn');
  });

  test('500 and 529 then success', async () => {
    server.push({ fault: { kind: 'status', status: 500 } }, { fault: { kind: 'status', status: 529 } }, { text: 'ok' });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(waits).toEqual([500, 1000]);
    expect(events.flatMap((e) => (e.type === 'retry' ? [e.reason] : []))).toEqual(['server error (500)', 'server overloaded (529)']);
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  test('gives up after maxAttempts', async () => {
    server.push({ fault: { kind: 'status', status: 502 } }, { fault: { kind: 'status', status: 502 } });
    const { sleep } = recordingSleep();
    const done = doneOf(await run(provider({ sleep, maxAttempts: 2 }), request([userText('hi')])));
    expect(done.stopReason).toBe('error');
    expect(done.error).toMatchObject({ kind: 'server', status: 502 });
    expect(server.requests).toHaveLength(2);
  });

  test('a stream cut mid tool call is retried and the final message is complete', async () => {
    const call = { id: 'call_cut', name: 'bash', input: { command: 'npm run build && npm test' } };
    server.push({ toolCalls: [call], fault: { kind: 'cut_mid_tool_call' } }, { toolCalls: [call] });
    const { sleep, waits } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ reason: 'the stream broke off' });
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(doneOf(events).message.content).toEqual([{ type: 'tool_use', ...call }]);
  });

  test('a garbage line is retried', async () => {
    server.push({ text: 'text before garbage', fault: { kind: 'garbage_line' } }, { text: 'clean' });
    const { sleep } = recordingSleep();
    const events = await run(provider({ sleep }), request([userText('hi')]));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ reason: 'the stream carried an unreadable event' });
    expect(doneOf(events).message.content).toEqual([{ type: 'text', text: 'clean' }]);
  });

  test('a stream that ends without a finish_reason counts as broken', async () => {
    const chunk = { id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'half' }, finish_reason: null }] };
    const raw = await rawSseServer(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
    try {
      const { sleep } = recordingSleep();
      const done = doneOf(await run(createOpenAIProvider({ apiKey: 'k', baseUrl: raw.url, maxAttempts: 2, sleep }), request([userText('hi')])));
      expect(done.error?.kind).toBe('stream');
      expect(raw.hits()).toBe(2);
    } finally {
      await raw.close();
    }
  });
});

describe('errors', () => {
  test('401 names the provider and the env var from the options', async () => {
    const done = doneOf(await run(provider({ apiKey: 'bad', keyHint: 'DEEPSEEK_API_KEY', providerLabel: 'DeepSeek' }), request([userText('hi')])));
    expect(done.error).toEqual({
      kind: 'auth',
      status: 401,
      message: 'The API key was rejected by DeepSeek (401); set DEEPSEEK_API_KEY or `apiKey` in agent.config.json.',
    });
    expect(server.requests).toHaveLength(1);
  });

  test('the default key hint is OPENAI_API_KEY', async () => {
    const done = doneOf(await run(provider({ apiKey: 'bad' }), request([userText('hi')])));
    expect(done.error?.message).toContain('OPENAI_API_KEY');
  });

  test('a context-length 400 is kind context_length', async () => {
    server.push({ fault: { kind: 'status', status: 400, message: "This model's maximum context length is 65536 tokens." } });
    const done = doneOf(await run(provider(), request([userText('hi')])));
    expect(done.error).toMatchObject({ kind: 'context_length', status: 400 });
    expect(server.requests).toHaveLength(1);
  });

  test('malformed tool JSON becomes __invalidJson and is not retried', async () => {
    server.push({ toolCalls: [{ id: 'call_bad', name: 'read_file', input: { path: 'a' } }], fault: { kind: 'malformed_tool_json' } });
    const events = await run(provider(), request([userText('hi')]));
    expect(doneOf(events).message.content).toEqual([{ type: 'tool_use', id: 'call_bad', name: 'read_file', input: { __invalidJson: '{"path":"a", {{"oops' } }]);
    expect(doneOf(events).stopReason).toBe('tool_use');
    expect(server.requests).toHaveLength(1);
  });

  test('connection refused is a connection error naming the base URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise<void>((r) => closed.close(() => r()));
    const { sleep } = recordingSleep();
    const done = doneOf(await run(createOpenAIProvider({ apiKey: 'k', baseUrl: deadUrl, maxAttempts: 2, sleep }), request([userText('hi')])));
    expect(done.error?.kind).toBe('connection');
    expect(done.error?.message).toContain(deadUrl);
  });

  test('an unanswered tool call is rejected by the server as a bad request', async () => {
    const history: Message[] = [userText('x'), { role: 'assistant', content: [{ type: 'tool_use', id: 'lonely', name: 'bash', input: {} }] }, userText('y')];
    const done = doneOf(await run(provider(), request(history)));
    expect(done.error).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(done.error?.message).toContain('lonely');
  });
});

describe('abort', () => {
  test('aborting mid-stream ends with aborted and the partial text, without a retry', async () => {
    server.push({ text: 'this answer hangs after a few chunks', fault: { kind: 'hang' } });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of provider().stream(request([userText('hi')]), controller.signal)) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    const done = doneOf(events);
    expect(done.stopReason).toBe('aborted');
    expect(done.message.content).toEqual([{ type: 'text', text: textDeltas(events) }]);
    expect(events.some((e) => e.type === 'retry')).toBe(false);
  });

  test('an aborted call before any answer ends with aborted', async () => {
    server.push({ text: 'never seen', fault: { kind: 'hang' } });
    const controller = new AbortController();
    const pending = collect(provider().stream(request([userText('hi')]), controller.signal));
    controller.abort();
    const done = doneOf(await pending);
    expect(done.stopReason).toBe('aborted');
    expect(done.message.content).toEqual([]);
  });
});
