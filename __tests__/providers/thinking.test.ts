// Reasoning through both real SDKs against the mock server: the request fields each API needs, streamed thinking
// as thinking events, and the transcript's collapsed thinking line while the model is still thinking.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { assistantToLines } from '../../components/view/messageLines.js';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { ThinkingSetting } from '../../source/providers/types.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, type AssistantItem } from '../../source/store/state.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { apart, doneOf, request, run, userText } from './collect.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
});

const anthropic = (thinking?: ThinkingSetting) => createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl, thinking });
const openai = (thinking?: ThinkingSetting) => createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl, thinking });
const ask = (model: string) => request([userText('think about it')], { options: { model, maxTokens: 1024, temperature: 0.2 } });
const thinkingText = (events: Awaited<ReturnType<typeof run>>) => events.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');

describe('anthropic', () => {
  test('an older model gets extended thinking with a budget, room on top of max_tokens and no temperature', async () => {
    server.push({ thinking: 'Weighing the options step by step.', text: 'Answer.', chunkDelayMs: apart });
    const events = await run(anthropic('medium'), ask('claude-haiku-4-5'));
    const body = server.requests[0]!.body;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 10_000 });
    expect(body.max_tokens).toBe(11_024);
    expect('temperature' in body).toBe(false);
    expect(thinkingText(events)).toBe('Weighing the options step by step.');
    expect(events.filter((e) => e.type === 'thinking_delta').length).toBeGreaterThan(1);
    expect(doneOf(events).message.content[0]).toMatchObject({ type: 'thinking', thinking: 'Weighing the options step by step.' });
  });

  test('a number is the budget itself', async () => {
    server.push({ text: 'ok' });
    await run(anthropic(2048), ask('claude-haiku-4-5'));
    expect(server.requests[0]!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 3072 });
  });

  test('Claude 4.6 and later think adaptively at the chosen effort, with the thinking shown', async () => {
    server.push({ thinking: 'Hmm.', text: 'ok' });
    const events = await run(anthropic('high'), ask('claude-sonnet-5-5'));
    const body = server.requests[0]!.body;
    expect(body.thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    expect(body.output_config).toEqual({ effort: 'high' });
    expect('temperature' in body).toBe(false);
    expect(thinkingText(events)).toBe('Hmm.');
  });

  test('off sends no thinking settings and keeps the temperature', async () => {
    server.push({ text: 'ok' });
    await run(anthropic('off'), ask('claude-haiku-4-5'));
    const body = server.requests[0]!.body;
    expect(body.thinking).toBeUndefined();
    expect(body.output_config).toBeUndefined();
    expect(body).toMatchObject({ max_tokens: 1024, temperature: 0.2 });
  });
});

describe('openai-compatible', () => {
  test('a level becomes reasoning_effort, without temperature; reasoning_content streams as thinking', async () => {
    server.push({ thinking: 'Considering the request.', text: 'Answer.' });
    const events = await run(openai('low'), ask('deepseek-reasoner'));
    const body = server.requests[0]!.body;
    expect(body.reasoning_effort).toBe('low');
    expect('temperature' in body).toBe(false);
    expect(thinkingText(events)).toBe('Considering the request.');
  });

  test('a token budget maps onto the nearest level; off sends none', async () => {
    server.push({ text: 'a' }, { text: 'b' });
    await run(openai(20_000), ask('o4-mini'));
    await run(openai('off'), ask('gpt-4.1'));
    expect(server.requests[0]!.body.reasoning_effort).toBe('high');
    expect('reasoning_effort' in server.requests[1]!.body).toBe(false);
    expect(server.requests[1]!.body.temperature).toBe(0.2);
  });
});

test('the transcript shows the collapsed thinking line while the model is still thinking', async () => {
  server.push({ thinking: 'First I read the file.\nThen I compare the two versions.', text: 'They match.', chunkSize: 8, chunkDelayMs: apart });
  const h = makeHarness([], { provider: anthropic('low'), providerName: 'anthropic', model: 'claude-haiku-4-5' });
  try {
    let state = initialState(h.session.settings.info);
    const whileThinking: string[][] = [];
    await runPrompt(h.session, 'compare them', undefined, (event) => {
      state = applyEvent(state, event);
      if (event.type === 'thinking_delta') {
        const item = state.transcript.find((i): i is AssistantItem => i.kind === 'assistant');
        if (item && !item.done) whileThinking.push(assistantToLines(item, 80, '*'));
      }
    });
    expect(whileThinking.length).toBeGreaterThan(1);
    const last = whileThinking.at(-1)!.join('\n');
    expect(last).toContain('✻ Thinking: Then I compare the two versions.');
    expect(last).not.toContain('Working…');
  } finally {
    await h.cleanup();
  }
});
