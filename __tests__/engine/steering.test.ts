// Steering: a message typed while a run goes on reaches the model at the next turn boundary, appended after the
// round's results in the newest user turn (earlier requests' bytes untouched); through the real SDK and the mock server.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { resumedState } from '../../source/store/resumed.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { runEvents } from '../support/runEvents.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

const sessionOn = (s: MockLlmServer) =>
  sdkSession(s, { format: 'anthropic', model: 'test-model', maxRetries: 1, interactive: true, contextWindow: 128_000, files: { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' } });

const twoRounds: MockTurn[] = [
  { toolCalls: [{ id: 'call_1', name: 'read_file', input: { path: 'a.txt' } }], stopReason: 'tool_use' },
  { toolCalls: [{ id: 'call_2', name: 'read_file', input: { path: 'b.txt' } }], stopReason: 'tool_use' },
  { text: 'All read.' },
];

type Block = { type: string; text?: string; tool_use_id?: string };
type Sent = { role: string; content: string | Block[] };
const messagesOf = (s: MockLlmServer, i: number): Sent[] => (s.requests[i]!.body as { messages: Sent[] }).messages;
// The cache breakpoint moves to the newest turn by design; what is compared is the content.
const withoutCacheMarks = (messages: Sent[]): unknown => JSON.parse(JSON.stringify(messages, (key, value: unknown) => (key === 'cache_control' ? undefined : value)));
const textsIn = (messages: Sent[]): string[] =>
  messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => b.text ?? '')));

describe('steering', () => {
  it('a message sent during round 1 is in the request of round 2, after that round\'s results, with the earlier turns unchanged', async () => {
    server = await startMockLlmServer({ turns: twoRounds });
    const session = sessionOn(server);
    const events: AgentEvent[] = [];
    let accepted: boolean | undefined;
    await runEvents(session, 'read both files', undefined, (event) => {
      events.push(event);
      // Round 1's tool is running: the loop has not reached its next boundary yet.
      if (event.type === 'tool_start' && event.toolCallId === 'call_1') accepted = session.runs.steer!('only the first line, please');
    });
    await session.close();
    expect(accepted).toBe(true);
    // The run's events (what the session log records) rebuild the transcript with the message where it was given.
    const replayed = resumedState(session, events);
    expect(replayed.transcript.flatMap((i) => (i.kind === 'user' ? [i.text] : []))).toEqual(['read both files', 'only the first line, please']);
    expect(server.requests).toHaveLength(3);
    expect(textsIn(messagesOf(server, 0)).join('\n')).not.toContain('only the first line');
    const second = messagesOf(server, 1);
    // The request of round 1 is the prefix of round 2's: nothing before the newest user turn was rewritten.
    expect(withoutCacheMarks(second.slice(0, messagesOf(server, 0).length))).toEqual(withoutCacheMarks(messagesOf(server, 0)));
    const newest = second.at(-1)!;
    expect(newest.role).toBe('user');
    const blocks = newest.content as Block[];
    const result = blocks.findIndex((b) => b.type === 'tool_result' && b.tool_use_id === 'call_1');
    const steer = blocks.findIndex((b) => b.type === 'text' && b.text === 'only the first line, please');
    expect(result).toBeGreaterThanOrEqual(0);
    expect(steer).toBeGreaterThan(result);
    // Said once: round 3's request carries it where it was delivered, not again.
    expect(textsIn(messagesOf(server, 2)).filter((t) => t === 'only the first line, please')).toHaveLength(1);
    expect(withoutCacheMarks(messagesOf(server, 2).slice(0, second.length))).toEqual(withoutCacheMarks(second));
    // The event marks the moment: after round 1's result, before round 2's model call.
    const at = events.findIndex((e) => e.type === 'steer');
    expect(events[at]).toMatchObject({ type: 'steer', text: 'only the first line, please' });
    expect(at).toBeGreaterThan(events.findIndex((e) => e.type === 'tool_end' && e.toolCallId === 'call_1'));
    expect(at).toBeLessThan(events.findIndex((e) => e.type === 'turn_start' && e.turn === 2));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'done' });
  });

  it('a message the run cannot take any more (its last answer) is not sent by the engine; no run, no steering', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'Done already.', chunkDelayMs: 5 }] });
    const session = sessionOn(server);
    expect(session.runs.steer!('too early')).toBe(false);
    const events: AgentEvent[] = [];
    let accepted: boolean | undefined;
    await runEvents(session, 'say something', undefined, (event) => {
      events.push(event);
      if (event.type === 'text_delta' && accepted === undefined) accepted = session.runs.steer!('after the last boundary');
    });
    expect(accepted).toBe(true);
    expect(events.some((e) => e.type === 'steer')).toBe(false);
    expect(textsIn(messagesOf(server, 0)).join('\n')).not.toContain('after the last boundary');
    // Taken only while a prompt's run goes on: the screen keeps it and sends it as the next message.
    expect(session.runs.steer!('after the run')).toBe(false);
    server.push({ text: 'ok' });
    events.push(...(await runEvents(session, 'next')));
    await session.close();
    expect(textsIn(messagesOf(server, 1)).join('\n')).not.toContain('after the last boundary');
  });

  it('an aborted run delivers nothing that was waiting', async () => {
    server = await startMockLlmServer({ turns: twoRounds });
    const session = sessionOn(server);
    const events: AgentEvent[] = [];
    await runEvents(session, 'read both files', undefined, (event) => {
      events.push(event);
      if (event.type === 'tool_start' && event.toolCallId === 'call_1') {
        session.runs.steer!('never delivered');
        session.runs.abort();
      }
    });
    await session.close();
    expect(events.some((e) => e.type === 'steer')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'aborted' });
    expect(server.requests).toHaveLength(1);
  });
});
