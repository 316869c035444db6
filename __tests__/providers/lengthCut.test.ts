// An answer cut by the server's length limit with tool calls in it, through both real SDKs: the calls written whole
// are kept, the one the cut fell in is named and left out, and the server's own output count is reported.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { doneOf, request, run, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
});

const sdks = [
  { name: 'anthropic', make: () => createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl }) },
  { name: 'openai', make: () => createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl }) },
] as const;

const toolUses = (content: Array<{ type: string }>) => content.filter((b) => b.type === 'tool_use');

describe.each(sdks)('$name', ({ make }) => {
  test('complete calls are kept and the one cut off is named', async () => {
    server.push({
      text: 'Reading, then writing.',
      toolCalls: [{ id: 'call_a', name: 'read_file', input: { path: 'a.ts' } }, { id: 'call_b', name: 'read_file', input: { path: 'b.ts' } }],
      partialToolCall: { id: 'call_c', name: 'write_file', arguments: '{"path": "c.ts", "content": "export function f() {' },
      usage: { outputTokens: 300 },
    });
    const done = doneOf(await run(make(), request([userText('go')])));
    expect(done.stopReason).toBe('max_tokens');
    expect(toolUses(done.message.content)).toEqual([
      { type: 'tool_use', id: 'call_a', name: 'read_file', input: { path: 'a.ts' } },
      { type: 'tool_use', id: 'call_b', name: 'read_file', input: { path: 'b.ts' } },
    ]);
    expect(done.cutCall).toEqual({ id: 'call_c', name: 'write_file' });
    // The server's count, not the limit rein asked for (1024).
    expect(done.usage.outputTokens).toBe(300);
  });

  test('a cut that falls right after a whole call leaves every call in place', async () => {
    server.push({ toolCalls: [{ id: 'call_a', name: 'bash', input: { command: 'ls' } }], stopReason: 'max_tokens', usage: { outputTokens: 40 } });
    const done = doneOf(await run(make(), request([userText('go')])));
    expect(done.stopReason).toBe('max_tokens');
    expect(toolUses(done.message.content)).toEqual([{ type: 'tool_use', id: 'call_a', name: 'bash', input: { command: 'ls' } }]);
    expect(done.cutCall).toBeUndefined();
  });

  test('a lone call cut inside a string is never repaired into a call that would run', async () => {
    // jsonrepair would close this string and object: the write would carry half its content.
    server.push({ partialToolCall: { id: 'call_w', name: 'write_file', arguments: '{"path": "x.ts", "content": "line one\\nline tw' } });
    const done = doneOf(await run(make(), request([userText('go')])));
    expect(done.stopReason).toBe('max_tokens');
    expect(toolUses(done.message.content)).toEqual([]);
    expect(done.cutCall).toEqual({ id: 'call_w', name: 'write_file' });
  });
});
