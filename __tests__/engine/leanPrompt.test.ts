// Small windows: below 16k tokens rein sends a lean prefix (a short system prompt, the core tools with short
// descriptions, at most about 1,200 tokens) and says so once; through both SDKs against the mock server.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer, type RecordedRequest } from '../support/mockLlmServer.js';
import { runEvents } from '../support/runEvents.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

const sessionOn = (format: 'openai' | 'anthropic', s: MockLlmServer, contextWindow?: number) =>
  sdkSession(s, { format, maxRetries: 1, files: { 'notes.txt': 'the build uses make\n' }, ...(contextWindow !== undefined ? { contextWindow } : {}) });

async function prompt(session: ReturnType<typeof sessionOn>, text: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  events.push(...(await runEvents(session, text)));
  return events;
}

/** The request's fixed part (system prompt and tool schemas), in tokens at four characters each. */
function prefixTokens(r: RecordedRequest): number {
  const system = r.format === 'anthropic' ? JSON.stringify(r.body.system) : JSON.stringify(r.body.messages[0]);
  return Math.ceil((system.length + JSON.stringify(r.body.tools ?? []).length) / 4);
}
const toolNames = (r: RecordedRequest): string[] => (r.body.tools ?? []).map((t: { name?: string; function?: { name: string } }) => t.name ?? t.function!.name);
const leanNotes = (events: AgentEvent[]) => events.filter((e) => e.type === 'warning' && /lean prompt/.test(e.message));

describe.each(['openai', 'anthropic'] as const)('%s', (provider) => {
  it('a 4k window gets the lean prefix, said once; the core tools still work', async () => {
    // llama.cpp says 4,096 for the OpenAI format; the Anthropic format has the window configured.
    server = await startMockLlmServer({ apiKey: 'sk-test', served: { llamaCpp: 4096 } });
    server.push({ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'It uses make.' }, { text: 'second answer' });
    const session = sessionOn(provider, server, provider === 'anthropic' ? 4096 : undefined);
    const first = await prompt(session, 'how is it built?');
    const second = await prompt(session, 'thanks');
    await session.close();
    expect(first.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'It uses make.' });
    expect(first.some((e) => e.type === 'tool_end' && !e.result.isError)).toBe(true);
    expect(leanNotes(first)).toHaveLength(1);
    expect(leanNotes(second)).toHaveLength(0);
    for (const r of server.requests) {
      expect(prefixTokens(r)).toBeLessThanOrEqual(1200);
      expect(toolNames(r).sort()).toEqual(['bash', 'edit_file', 'glob', 'grep', 'read_file', 'write_file']);
    }
  });

  it('a large window gets the full prefix and no note', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test' });
    server.push({ text: 'hello' });
    const session = sessionOn(provider, server, 128_000);
    const events = await prompt(session, 'hi');
    await session.close();
    expect(leanNotes(events)).toHaveLength(0);
    const r = server.requests[0]!;
    expect(toolNames(r).length).toBeGreaterThan(6);
    expect(prefixTokens(r)).toBeGreaterThan(1200);
  });
});
