import { describe, expect, it } from 'vitest';
import { ContextMeter, TokenCounter, messageOverheadTokens } from '../../source/engine/tokens.js';
import type { ToolSchema } from '../../source/providers/types.js';
import type { Message } from '../../source/protocol/messages.js';
import { calls, fakeCounter, results, say, user } from './helpers.js';

describe('TokenCounter', () => {
  it('counts exactly with the o200k encoder, special tokens included', () => {
    const counter = new TokenCounter();
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('')).toBe(0);
    expect(counter.count('before <|endoftext|> after')).toBeGreaterThan(2);
  });

  it('does not encode the same messages twice', () => {
    const { counter, calls: encodes } = fakeCounter();
    const history: Message[] = [user('fix the bug'), calls(['c1', 'read_file', { path: 'a.ts' }]), results([['c1', 'x'.repeat(400)]])];
    const first = counter.countMessages(history);
    const after = encodes();
    expect(after).toBe(3);
    expect(counter.countMessages(history)).toBe(first);
    expect(encodes()).toBe(after);
  });

  it('pays only for the new block when a message grows in place', () => {
    const { counter, calls: encodes } = fakeCounter();
    const message = results([['c1', 'x'.repeat(400)]]);
    const before = counter.countMessage(message);
    message.content.push({ type: 'text', text: 'y'.repeat(40) });
    expect(counter.countMessage(message)).toBe(before + 10);
    expect(encodes()).toBe(2);
  });

  it('counts tool calls by name and JSON input, results by content, thinking by text', () => {
    const counter = new TokenCounter((text) => text.length);
    const input = { path: 'src/a.ts', limit: 20 };
    expect(counter.countMessage(calls(['c1', 'read_file', input]))).toBe(messageOverheadTokens + `read_file ${JSON.stringify(input)}`.length);
    expect(counter.countMessage(results([['c1', 'abcdef']]))).toBe(messageOverheadTokens + 6);
    const thinking: Message = { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm, let me see', signature: 'sig' }, { type: 'text', text: 'ok' }] };
    expect(counter.countMessage(thinking)).toBe(messageOverheadTokens + 'hmm, let me see'.length + 2);
  });

  it('caches tool schemas by array identity', () => {
    const { counter, calls: encodes } = fakeCounter();
    const tools: ToolSchema[] = [{ name: 'bash', description: 'Runs a command.', inputSchema: { type: 'object' } }];
    const n = counter.countTools(tools);
    expect(n).toBeGreaterThan(0);
    expect(counter.countTools(tools)).toBe(n);
    expect(encodes()).toBe(1);
    counter.countTools([...tools]);
    expect(encodes()).toBe(2);
  });
});

describe('ContextMeter', () => {
  const counter = new TokenCounter((text) => text.length);
  const tools: ToolSchema[] = [{ name: 't', description: 'd', inputSchema: {} }];
  const toolTokens = counter.countTools(tools);
  const system = 'system prompt';

  it('counts system, tools and history before anything was reported', () => {
    const meter = new ContextMeter(counter);
    const history = [user('hello')];
    expect(meter.estimate(system, tools, history)).toBe(system.length + toolTokens + counter.countMessages(history));
  });

  it('adds only the messages after the last report to the reported size', () => {
    const meter = new ContextMeter(counter);
    const history: Message[] = [user('hello'), say('hi there')];
    meter.observe(1_000, 2);
    history.push(user('next question'), say('answer'), user('more'));
    expect(meter.estimate(system, tools, history)).toBe(1_000 + counter.countMessages(history.slice(2)));
    meter.observe(1_500, 4);
    expect(meter.estimate(system, tools, history)).toBe(1_500 + counter.countMessage(history[4]));
  });

  it('counts everything again after a reset or when the history got shorter', () => {
    const meter = new ContextMeter(counter);
    const history: Message[] = [user('hello'), say('hi'), user('again'), say('yes')];
    const full = system.length + toolTokens + counter.countMessages(history);
    meter.observe(99_999, 4);
    meter.reset();
    expect(meter.estimate(system, tools, history)).toBe(full);
    meter.observe(99_999, 6);
    expect(meter.estimate(system, tools, history)).toBe(full);
  });
});
