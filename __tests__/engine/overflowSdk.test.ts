// Context-length recovery through the real SDKs: the mock server refuses requests over its window in the providers' words.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import { runHeadless } from '../../source/headless/runHeadless.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { fromAnthropicRequest, fromOpenAIRequest } from '../support/requestHistory.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { makeBulkTool } from '../support/bulkTool.js';
import { runEvents } from '../support/runEvents.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

const bulkTool = makeBulkTool(1500);

const sessionOn = (format: 'openai' | 'anthropic', s: MockLlmServer) => sdkSession(s, { format, tools: [...builtinTools, bulkTool], maxTurns: 20, contextWindow: 128_000 });

describe('context-length errors through the real SDKs', () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    it(`${provider}: learns the window from the error, shrinks, and finishes`, async () => {
      server = await startMockLlmServer({ apiKey: 'sk-test', contextWindowTokens: 11_000 });
      server.push({ toolCalls: [{ name: 'bulk', input: { n: 1 } }] }, { toolCalls: [{ name: 'bulk', input: { n: 2 } }] }, { text: 'all done' });
      const session = sessionOn(provider, server);
      const events: AgentEvent[] = [];
      events.push(...(await runEvents(session, 'read two chunks')));
      await session.close();
      expect(events.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'all done' });
      expect(session.settings.info.contextWindow).toBe(11_000);
      const refused = server.requests.filter((r) => r.bytes / 4 > 11_000);
      expect(refused.length).toBeGreaterThan(0);
      const toHistory = provider === 'openai' ? fromOpenAIRequest : fromAnthropicRequest;
      for (const request of server.requests) expect(validateHistory(toHistory(request.body))).toBeUndefined();
      const ends = events.filter((e) => e.type === 'message_end').map((e) => (e as { messageId: string }).messageId);
      expect(new Set(ends).size).toBe(ends.length);
    });
  }

  it('headless: a conversation that cannot fit ends with one sentence and exit code 1', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', contextWindowTokens: 1_500 });
    server.push({ text: 'never sent' });
    const session = sessionOn('openai', server);
    let out = '';
    let err = '';
    const code = await runHeadless({ session, prompt: 'hello', format: 'text', stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } });
    expect(code).toBe(1);
    expect(out).toBe('');
    // Warnings go to stderr as they happen; the error that ended the run is the last line.
    expect(err.trimEnd().split('\n').at(-1)).toMatch(/^rein: The conversation does not fit the model's context window of about 1,500 tokens.*\.$/);
  });
});
