// Every request is counted: calls whose streams broke off (and were sent again until the run gave up) still show
// their tokens, estimated and marked so, in the usage events and in `rein -p --output-format json`; both SDKs.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { runHeadless } from '../../source/headless/runHeadless.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { runEvents } from '../support/runEvents.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

const sessionOn = (format: 'openai' | 'anthropic', s: MockLlmServer) => sdkSession(s, { format, contextWindow: 128_000 });

const cut: MockTurn = { text: 'a long answer that breaks off halfway through every single time it is sent', fault: { kind: 'cut_mid_text' } };

describe.each(['openai', 'anthropic'] as const)('%s', (provider) => {
  it('a run whose every stream breaks off counts each request, estimated', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', respond: () => cut });
    const session = sessionOn(provider, server);
    const events: AgentEvent[] = [];
    events.push(...(await runEvents(session, 'hi')));
    await session.close();
    const end = events.find((e) => e.type === 'run_end') as Extract<AgentEvent, { type: 'run_end' }>;
    expect(end.reason).toBe('error');
    const usages = events.filter((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage');
    // One usage event per failed call (each call two attempts), every one marked as an estimate.
    expect(usages.length).toBeGreaterThan(0);
    expect(usages.length * 2).toBe(server.requests.length);
    for (const u of usages) {
      expect(u.turnUsage.estimated).toBe(true);
      expect(u.turnUsage.outputTokens).toBeGreaterThan(0);
    }
    expect(end.usage.outputTokens).toBe(usages.reduce((n, u) => n + u.turnUsage.outputTokens, 0));
    expect(session.inspection.totalUsage().inputTokens).toBeGreaterThan(0);
  });

  it('rein -p json reports those tokens and says they are estimated', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', respond: () => cut });
    const session = sessionOn(provider, server);
    let out = '';
    const code = await runHeadless({ session, prompt: 'hi', format: 'json', stdout: { write: (t: string) => (out += t) }, stderr: { write: () => undefined } });
    expect(code).toBe(1);
    const result = JSON.parse(out) as { usage: { output_tokens: number; input_tokens: number; estimated?: boolean } };
    expect(result.usage.output_tokens).toBeGreaterThan(0);
    expect(result.usage.input_tokens).toBeGreaterThan(0);
    expect(result.usage.estimated).toBe(true);
  });
});
