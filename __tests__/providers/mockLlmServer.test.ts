// The mock LLM server itself: routes, auth, request validation, recording, script handling and usage chunks.
import { afterEach, describe, expect, test } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const anthropic = (messages: unknown[]) => post('/v1/messages', { model: 'm', max_tokens: 10, stream: true, messages });
const openai = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  post('/v1/chat/completions', { model: 'm', stream: true, messages, ...extra });

describe('Anthropic request validation', () => {
  test('a tool_result with no tool_use in the previous assistant message is a 400 in Anthropic format', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'never' }] });
    const res = await anthropic([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'sure' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'r' }] },
    ]);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text);
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('toolu_x');
    // Rejected requests are recorded but do not use up a turn.
    expect(server.requests).toHaveLength(1);
    expect((await anthropic([{ role: 'user', content: 'ok' }])).status).toBe(200);
  });

  test('a tool_use not answered in the very next user message is a 400', async () => {
    server = await startMockLlmServer();
    const res = await anthropic([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'bash', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'no result here' }] },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.message).toContain('toolu_a');
  });

  test('first message not from the user, an unknown role, and text before tool results are 400s', async () => {
    server = await startMockLlmServer();
    expect((await anthropic([{ role: 'assistant', content: 'hi' }])).status).toBe(400);
    expect((await anthropic([{ role: 'user', content: 'hi' }, { role: 'robot', content: 'x' }])).status).toBe(400);
    const textFirst = await anthropic([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'bash', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'note' }, { type: 'tool_result', tool_use_id: 't', content: 'r' }] },
    ]);
    expect(textFirst.status).toBe(400);
  });

  test('a well-paired history streams', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'fine', chunkSize: 100 }] });
    const res = await anthropic([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'r' }, { type: 'text', text: 'then text' }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.text).toContain('event: message_stop');
    expect(res.text).toContain('"text":"fine"');
  });
});

describe('OpenAI request validation', () => {
  test('a tool message without a matching tool call is a 400 in OpenAI format', async () => {
    server = await startMockLlmServer();
    const res = await openai([{ role: 'user', content: 'hi' }, { role: 'tool', tool_call_id: 'call_q', content: 'r' }]);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain("role 'tool'");
  });

  test('a tool call not answered before the next user message is a 400', async () => {
    server = await startMockLlmServer();
    const res = await openai([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{}' } }, { id: 'call_2', type: 'function', function: { name: 'bash', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'r' },
      { role: 'user', content: 'next' },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.message).toContain('call_2');
  });

  test('an unknown role is a 400', async () => {
    server = await startMockLlmServer();
    expect((await openai([{ role: 'wizard', content: 'x' }])).status).toBe(400);
  });

  test('usage comes in a final chunk only when asked for, before [DONE]', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'a', usage: { inputTokens: 9 } }, { text: 'b' }] });
    const withUsage = await openai([{ role: 'user', content: 'x' }], { stream_options: { include_usage: true } });
    expect(withUsage.text).toMatch(/"prompt_tokens":9[\s\S]*data: \[DONE\]/);
    const without = await openai([{ role: 'user', content: 'x' }]);
    expect(without.text).not.toContain('prompt_tokens');
    expect(without.text).toContain('"finish_reason":"stop"');
  });
});

describe('server behaviour', () => {
  test('auth accepts x-api-key or Bearer and rejects other keys with 401', async () => {
    server = await startMockLlmServer({ apiKey: 'right', turns: [{ text: 'a' }, { text: 'b' }] });
    const msgs = [{ role: 'user', content: 'x' }];
    expect((await post('/v1/messages', { model: 'm', max_tokens: 5, stream: true, messages: msgs }, { 'x-api-key': 'right' })).status).toBe(200);
    const bearer = await post('/v1/chat/completions', { model: 'm', stream: true, messages: msgs }, { 'x-api-key': '', authorization: 'Bearer right' });
    expect(bearer.status).toBe(200);
    const wrong = await post('/v1/messages', { model: 'm', max_tokens: 5, stream: true, messages: msgs }, { 'x-api-key': 'wrong' });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text).error.type).toBe('authentication_error');
  });

  test('records body and headers of every request, faults included', async () => {
    server = await startMockLlmServer({ turns: [{ fault: { kind: 'status', status: 503 } }] });
    const res = await openai([{ role: 'user', content: 'recorded?' }], { temperature: 0.3 });
    expect(res.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ format: 'openai', path: '/v1/chat/completions', body: { temperature: 0.3, messages: [{ content: 'recorded?' }] } });
    expect(server.requests[0]!.headers['x-api-key']).toBe('k');
  });

  test('status faults carry retry-after and the error message', async () => {
    server = await startMockLlmServer({ turns: [{ fault: { kind: 'status', status: 429, retryAfter: 4, message: 'slow down' } }] });
    const res = await anthropic([{ role: 'user', content: 'x' }]);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('4');
    expect(JSON.parse(res.text).error).toEqual({ type: 'rate_limit_error', message: 'slow down' });
  });

  test('an exhausted script answers 500 and says so; push adds turns', async () => {
    server = await startMockLlmServer();
    const res = await anthropic([{ role: 'user', content: 'x' }]);
    expect(res.status).toBe(500);
    expect(res.text).toContain('mock script is exhausted');
    server.push({ text: 'pushed', chunkSize: 100 });
    expect((await anthropic([{ role: 'user', content: 'x' }])).text).toContain('pushed');
  });

  test('respond() picks the turn from the request and its index', async () => {
    server = await startMockLlmServer({ respond: (req, index) => ({ text: `${req.format}#${index}`, chunkSize: 100 }) });
    expect((await openai([{ role: 'user', content: 'x' }])).text).toContain('openai#0');
    expect((await anthropic([{ role: 'user', content: 'x' }])).text).toContain('anthropic#1');
  });

  test('non-streaming requests are rejected', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'x' }] });
    const res = await post('/v1/messages', { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
    expect(res.status).toBe(400);
  });

  test('close() ends a hanging stream', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'hang here please', fault: { kind: 'hang' } }] });
    const res = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', max_tokens: 5, stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('message_start');
    await server.close();
    server = undefined;
    await expect((async () => { while (!(await reader.read()).done); })()).rejects.toThrow();
  });
});
