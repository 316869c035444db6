// The scripted provider: plays turns in order, records requests, and honours errors, delays, hangs and aborts.
import { describe, expect, test } from 'vitest';
import { createScriptedProvider } from '../../source/providers/scripted.js';
import type { ProviderEvent } from '../../source/providers/types.js';
import { collect, doneOf, request, run, textDeltas, userText } from './collect.js';

describe('createScriptedProvider', () => {
  test('streams text, thinking and tool calls, and ends with the assembled message', async () => {
    const p = createScriptedProvider([
      { thinking: 'Let me check.', text: 'I will read two files.', toolCalls: [{ name: 'read_file', input: { path: 'a' } }, { name: 'read_file', input: { path: 'b' } }] },
    ]);
    const events = await run(p, request([userText('go')]));
    expect(textDeltas(events)).toBe('I will read two files.');
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(1);
    expect(events.filter((e) => e.type === 'tool_call_start')).toEqual([
      { type: 'tool_call_start', id: 'call_1', name: 'read_file' },
      { type: 'tool_call_start', id: 'call_2', name: 'read_file' },
    ]);
    expect(events).toContainEqual({ type: 'tool_call_delta', id: 'call_2', partialJson: '{"path":"b"}' });
    const done = doneOf(events);
    expect(done.stopReason).toBe('tool_use');
    expect(done.message.content).toEqual([
      { type: 'thinking', thinking: 'Let me check.' },
      { type: 'text', text: 'I will read two files.' },
      { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'a' } },
      { type: 'tool_use', id: 'call_2', name: 'read_file', input: { path: 'b' } },
    ]);
  });

  test('tool call ids keep counting across turns and given ids are kept', async () => {
    const p = createScriptedProvider([
      { toolCalls: [{ name: 'bash', input: {} }] },
      { toolCalls: [{ id: 'mine', name: 'bash', input: {} }, { name: 'bash', input: {} }] },
    ]);
    await run(p, request([userText('a')]));
    const second = doneOf(await run(p, request([userText('b')])));
    expect(second.message.content.map((b) => (b.type === 'tool_use' ? b.id : ''))).toEqual(['mine', 'call_2']);
  });

  test('defaults: end_turn without tool calls, zero usage merged with the given part', async () => {
    const p = createScriptedProvider([{ text: 'hi', usage: { inputTokens: 50 } }, { text: 'cut', stopReason: 'max_tokens' }]);
    const first = doneOf(await run(p, request([userText('a')])));
    expect(first.stopReason).toBe('end_turn');
    expect(first.usage).toEqual({ inputTokens: 50, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(doneOf(await run(p, request([userText('b')]))).stopReason).toBe('max_tokens');
  });

  test('records a deep copy of every request', async () => {
    const p = createScriptedProvider([{ text: 'one' }]);
    const req = request([userText('original')]);
    await run(p, req);
    (req.messages[0]!.content[0] as { text: string }).text = 'changed later';
    expect(p.requests).toHaveLength(1);
    expect(p.requests[0]!.messages[0]).toEqual(userText('original'));
  });

  test('running past the end of the script ends with an error saying so', async () => {
    const p = createScriptedProvider([{ text: 'only' }]);
    await run(p, request([userText('a')]));
    const done = doneOf(await run(p, request([userText('b')])));
    expect(done.stopReason).toBe('error');
    expect(done.error?.message).toMatch(/script ran out/);
  });

  test('a function script gets each request and its index', async () => {
    const seen: number[] = [];
    const p = createScriptedProvider((req, index) => {
      seen.push(index);
      const last = req.messages.at(-1)!;
      return { text: `echo ${index}: ${last.content[0]?.type === 'text' ? last.content[0].text : ''}` };
    });
    await run(p, request([userText('x')]));
    const done = doneOf(await run(p, request([userText('y')])));
    expect(seen).toEqual([0, 1]);
    expect(done.message.content).toEqual([{ type: 'text', text: 'echo 1: y' }]);
  });

  test('a script function that throws ends with an error instead of throwing', async () => {
    const p = createScriptedProvider(() => {
      throw new Error('bad script');
    });
    const done = doneOf(await run(p, request([userText('x')])));
    expect(done.stopReason).toBe('error');
    expect(done.error?.message).toContain('bad script');
  });

  test('an error turn ends with that error', async () => {
    const error = { kind: 'rate_limit' as const, status: 429, message: 'Slow down.' };
    const done = doneOf(await run(createScriptedProvider([{ error }]), request([userText('x')])));
    expect(done).toMatchObject({ stopReason: 'error', error });
  });

  test('abort during a chunk delay ends with aborted and the text so far', async () => {
    const p = createScriptedProvider([{ text: 'one two three four', delayMs: 3_600_000 }]);
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of p.stream(request([userText('x')]), controller.signal)) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    const done = doneOf(events);
    expect(done.stopReason).toBe('aborted');
    expect(done.message.content).toEqual([{ type: 'text', text: 'one ' }]);
  });

  test('a hanging turn streams its text then waits until aborted', async () => {
    const p = createScriptedProvider([{ text: 'waiting forever', hang: true, toolCalls: [{ name: 'bash', input: {} }] }]);
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of p.stream(request([userText('x')]), controller.signal)) {
      events.push(event);
      if (textDeltas(events) === 'waiting forever') setImmediate(() => controller.abort());
    }
    const done = doneOf(events);
    expect(done.stopReason).toBe('aborted');
    expect(done.message.content).toEqual([{ type: 'text', text: 'waiting forever' }]);
    expect(events.some((e) => e.type === 'tool_call_start')).toBe(false);
  });

  test('an already aborted signal ends with aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const done = doneOf(await collect(createScriptedProvider([{ text: 'x' }]).stream(request([userText('x')]), controller.signal)));
    expect(done.stopReason).toBe('aborted');
  });
});
