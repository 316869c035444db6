// A context-length error where rein's own count leaves nothing to shrink (the server counts an attachment far higher
// than its text): rein believes the server, summarises all but the newest turn and asks once more, through both SDKs.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { runEvents } from '../support/runEvents.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

// The server counts each ATTACHMENT-BLOB as 40,000 tokens; rein sees a dozen characters.
const blob = 'ATTACHMENT-BLOB';
const serverCount = (raw: string) => Math.ceil(raw.length / 4) + 40_000 * (raw.split(blob).length - 1);

const sessionOn = (format: 'openai' | 'anthropic', s: MockLlmServer) =>
  sdkSession(s, { format, maxRetries: 1, contextWindow: 32_000, files: { 'scan.txt': `page one\n${blob}\n` } });

async function prompt(session: ReturnType<typeof sessionOn>, text: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  events.push(...(await runEvents(session, text)));
  return events;
}

const has = (raw: unknown) => JSON.stringify(raw).includes(blob);

describe.each(['openai', 'anthropic'] as const)('%s', (provider) => {
  it('a tool result the server counts high in an older turn is summarised away, and the run finishes', async () => {
    let strict = false;
    server = await startMockLlmServer({ apiKey: 'sk-test', contextWindowTokens: 30_000, contextCount: (raw) => (strict ? serverCount(raw) : Math.ceil(raw.length / 4)) });
    // The summary request carries the attachment too and is refused: the older half is dropped instead.
    server.push({ toolCalls: [{ name: 'read_file', input: { path: 'scan.txt' } }] }, { text: 'I looked at it.' }, { text: 'the answer' });
    const session = sessionOn(provider, server);
    expect((await prompt(session, 'Look at scan.txt')).find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done' });
    strict = true;
    const events = await prompt(session, 'What next?');
    await session.close();
    expect(events.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'the answer' });
    expect(events.some((e) => e.type === 'warning' && /counts this conversation as longer than rein does/.test(e.message))).toBe(true);
    expect(events.filter((e) => e.type === 'compaction')).toHaveLength(1);
    const last = server.requests.at(-1)!;
    expect(has(last.body)).toBe(false);
    expect(JSON.stringify(last.body)).toContain('What next?');
  });

  it('when the newest turn itself is too long by the server, one more try and then one sentence', async () => {
    let strict = false;
    server = await startMockLlmServer({ apiKey: 'sk-test', contextWindowTokens: 30_000, contextCount: (raw) => (strict ? serverCount(raw) : Math.ceil(raw.length / 4)) });
    server.push({ text: 'hello' }, { text: 'a summary of the greeting' }, { text: 'never sent' });
    const session = sessionOn(provider, server);
    await prompt(session, 'hi');
    strict = true;
    const before = server.requests.length;
    const events = await prompt(session, `Look at this: ${blob}`);
    await session.close();
    const end = events.find((e) => e.type === 'run_end') as Extract<AgentEvent, { type: 'run_end' }>;
    expect(end.reason).toBe('error');
    const errors = events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^The conversation does not fit the model's context window of about 30,000 tokens[^\n]*\.$/);
    // The older turn was summarised once; the task was asked for twice (before and after), never a third time.
    expect(events.filter((e) => e.type === 'compaction')).toHaveLength(1);
    const asked = server.requests.slice(before).filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
    expect(asked).toHaveLength(2);
  });
});
