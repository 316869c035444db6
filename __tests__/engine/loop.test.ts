import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, types, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

describe('agent loop', () => {
  it('streams a plain answer and ends the run', async () => {
    h = makeHarness([{ text: 'Hello there.' }]);
    const events = await runPrompt(h.session, 'hi');
    expect(types(events)).toEqual(expect.arrayContaining(['run_start', 'turn_start', 'message_start', 'text_delta', 'message_end', 'usage', 'run_end']));
    expect(types(events).indexOf('message_end')).toBeGreaterThan(types(events).lastIndexOf('text_delta'));
    const deltas = events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text).join('');
    expect(deltas).toBe('Hello there.');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'Hello there.', turns: 1 });
    expect(h.session.conversation.history()).toHaveLength(2);
    expect(h.session.conversation.history()[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello there.' }] });
  });

  it('runs a tool, sends its result back, and keeps the history valid on every request', async () => {
    h = makeHarness([
      { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
      { text: 'It says hello.' },
    ]);
    writeFileSync(join(h.workspace, 'a.txt'), 'hello\n');
    const events = await runPrompt(h.session, 'what is in a.txt?');
    expect(runEnd(events)).toMatchObject({ reason: 'done', turns: 2, text: 'It says hello.' });
    const order = types(events);
    expect(order.indexOf('tool_start')).toBeLessThan(order.indexOf('tool_end'));
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('hello');
    expect(h.invalidRequests).toEqual([]);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('puts the date reminder into the first user turn and never into the system prompt', async () => {
    h = makeHarness([{ text: 'ok' }, { text: 'ok again' }]);
    await runPrompt(h.session, 'first');
    await runPrompt(h.session, 'second');
    const [first, second] = h.provider.requests;
    expect(userTexts(first).join('\n')).toMatch(/Today's date is \d{4}-\d\d-\d\d/);
    expect(first.system).toBe(second.system);
    expect(first.system).not.toMatch(/\d{4}-\d\d-\d\d/);
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    // Append-only: the second request starts with the first request's messages.
    expect(JSON.stringify(second.messages.slice(0, first.messages.length))).toBe(JSON.stringify(first.messages));
  });

  it('adds the date reminder once even when the first request fails', async () => {
    const failure = { error: { kind: 'server' as const, status: 500, message: 'The server failed (500).' } };
    h = makeHarness([failure, failure, { text: 'ok' }]);
    await runPrompt(h.session, 'first');
    const last = h.provider.requests.at(-1)!;
    expect(userTexts(last).filter((t) => t.includes("Today's date is"))).toHaveLength(1);
  });

  it('runs the complete calls of an answer cut at max_tokens and tells the model it was cut', async () => {
    h = makeHarness([
      { text: 'A long answer that got cut', stopReason: 'max_tokens', toolCalls: [{ name: 'glob', input: { pattern: '*.none' } }], usage: { outputTokens: 120 } },
      { text: 'finished' },
    ]);
    const events = await runPrompt(h.session, 'write a lot');
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ message: expect.stringMatching(/cut off by the length limit after 120 output tokens, after its last complete tool call; the calls ran/) });
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'finished' });
    expect(events.filter((e) => e.type === 'tool_end')).toHaveLength(1);
    expect(userTexts(h.provider.requests[1]!).at(-1)).toMatch(/cut off by the length limit after 120 output tokens, after your last complete tool call/);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('stops at maxTurns (headless, with a warning)', async () => {
    h = makeHarness(() => ({ toolCalls: [{ name: 'glob', input: { pattern: `*.${Math.random()}` } }] }), { maxTurns: 3, interactive: false });
    const events = await runPrompt(h.session, 'loop forever');
    expect(runEnd(events)).toMatchObject({ reason: 'max_turns', turns: 3 });
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ message: expect.stringContaining('Stopped after 3 turns') });
    expect(h.provider.requests).toHaveLength(3);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('says "1 turn", not "1 turns", at a limit of one', async () => {
    h = makeHarness(() => ({ toolCalls: [{ name: 'glob', input: { pattern: `*.${Math.random()}` } }] }), { maxTurns: 1, interactive: false });
    const events = await runPrompt(h.session, 'loop forever');
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ message: expect.stringContaining('Stopped after 1 turn (maxTurns)') });
  });

  it('treats stop_sequence like end_turn', async () => {
    h = makeHarness([{ text: 'done', stopReason: 'stop_sequence' }]);
    expect(runEnd(await runPrompt(h.session, 'x')).reason).toBe('done');
  });
});

describe('model errors', () => {
  it('notes a failed call in the history and continues', async () => {
    h = makeHarness([{ error: { kind: 'server', status: 500, message: 'The server failed (500).' } }, { text: 'recovered' }]);
    const events = await runPrompt(h.session, 'go');
    expect(events.some((e) => e.type === 'error' && e.message.includes('500'))).toBe(true);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'recovered' });
    expect(userTexts(h.provider.requests[1]).some((t) => t.startsWith('<error>') && t.includes('500'))).toBe(true);
    expect(h.invalidRequests).toEqual([]);
  });

  it('stops after three consecutive errors with the error shown', async () => {
    const failure = { error: { kind: 'server' as const, status: 503, message: 'The server is unavailable (503).' } };
    h = makeHarness([failure, failure, failure, { text: 'never reached' }]);
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'error', error: 'The server is unavailable (503).' });
    expect(h.provider.requests).toHaveLength(3);
  });

  it('stops at once on an auth error', async () => {
    h = makeHarness([{ error: { kind: 'auth', status: 401, message: 'The API key was rejected.' } }, { text: 'never' }]);
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'error', error: 'The API key was rejected.' });
    expect(h.provider.requests).toHaveLength(1);
  });
});

describe('repeated tool calls', () => {
  it('warns the model after 3 identical calls and stops the run at 5', async () => {
    h = makeHarness(() => ({ toolCalls: [{ name: 'glob', input: { pattern: '*.nothing' } }] }));
    const events = await runPrompt(h.session, 'search');
    expect(events.some((e) => e.type === 'warning' && /repeated/.test(e.message))).toBe(true);
    expect(userTexts(h.provider.requests[3]).some((t) => t.includes('same tool call with identical arguments 3 times'))).toBe(true);
    expect(runEnd(events).reason).toBe('repeated_tool_call');
    expect(h.provider.requests).toHaveLength(5);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });
});

describe('polling is not repeating', () => {
  it('lets the model poll bash_output with the same task id while the output keeps changing', async () => {
    let polls = 0;
    h = makeHarness((request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'bash', input: { command: 'while :; do date +%s%N; sleep 0.002; done', run_in_background: true } }] };
      // Streaming a few words with a pause lets the task print more before each poll.
      if (polls < 6) return polls++, { text: 'checking the task again', delayMs: 20, toolCalls: [{ name: 'bash_output', input: { task_id: 'bg1' } }] };
      return { text: 'the task is still printing' };
    });
    const events = await runPrompt(h.session, 'watch the task');
    const outputs = events.filter((e) => e.type === 'tool_end' && e.name === 'bash_output').map((e) => (e as { result: { content: string } }).result.content);
    expect(outputs).toHaveLength(6);
    expect(outputs.every((o) => o.startsWith('bg1 running'))).toBe(true);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'the task is still printing' });
    expect(events.some((e) => e.type === 'warning' && /repeated/.test(e.message))).toBe(false);
  });
});

describe('events outside the run stream', () => {
  it('background_task, mode_change and model_change carry the session id, and the run id while a run is active', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo hi', run_in_background: true } }] }, { text: 'started' }]);
    const session = h.session;
    const ambient: AgentEvent[] = [];
    session.runs.subscribe((e) => ambient.push(e));
    const events = await runPrompt(session, 'start it');
    const runId = runEnd(events).runId;
    const sessionId = session.settings.info.sessionId;
    const tasks = ambient.filter((e) => e.type === 'background_task');
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks[0]).toMatchObject({ sessionId, runId });
    session.settings.setMode('ask');
    session.settings.setModel('other-model');
    expect(ambient.find((e) => e.type === 'mode_change')).toEqual({ type: 'mode_change', sessionId, mode: 'ask' });
    expect(ambient.find((e) => e.type === 'model_change')).toEqual({ type: 'model_change', sessionId, model: 'other-model', contextWindow: 128000 });
  });
});

describe('abort', () => {
  it('stops a hanging stream and leaves a valid history', async () => {
    h = makeHarness([{ text: 'partial answer', hang: true }, { text: 'next' }]);
    const session = h.session;
    const events = await runPrompt(session, 'go', undefined, (e) => {
      if (e.type === 'text_delta') setTimeout(() => session.runs.abort(), 10);
    });
    expect(runEnd(events).reason).toBe('aborted');
    expect(session.runs.isRunning()).toBe(false);
    expect(validateHistory(session.conversation.history())).toBeUndefined();
    // The session is usable again afterwards.
    const again = await runPrompt(session, 'continue');
    expect(runEnd(again)).toMatchObject({ reason: 'done', text: 'next' });
    expect(h.invalidRequests).toEqual([]);
  });

  it('/clear during a run stops it and starts a new conversation once it has ended', async () => {
    h = makeHarness([{ text: 'partial', hang: true }, { text: 'fresh start' }]);
    const session = h.session;
    const ambient: string[] = [];
    session.runs.subscribe((e) => ambient.push(e.type));
    const events = await runPrompt(session, 'long task', undefined, (e) => {
      if (e.type === 'text_delta') setTimeout(() => session.conversation.clear(), 10);
    });
    expect(runEnd(events).reason).toBe('aborted');
    expect(ambient).toContain('conversation_cleared');
    expect(session.conversation.history()).toEqual([]);
    await runPrompt(session, 'new task');
    expect(h.provider.requests[1].messages[0].content[0]).toEqual({ type: 'text', text: 'new task' });
  });

  it('kills a running command and answers every pending call with "interrupted"', async () => {
    h = makeHarness([
      { toolCalls: [
        { name: 'bash', input: { command: 'sleep 30; echo done > finished.txt' } },
        { name: 'bash', input: { command: 'echo second > second.txt' } },
      ] },
      { text: 'after' },
    ]);
    const session = h.session;
    const events = await runPrompt(session, 'go', undefined, (e) => {
      if (e.type === 'tool_start') setTimeout(() => session.runs.abort(), 50);
    });
    expect(runEnd(events).reason).toBe('aborted');
    const ends = events.filter((e) => e.type === 'tool_end');
    expect(ends).toHaveLength(2);
    expect(ends.every((e) => e.type === 'tool_end' && e.result.isError)).toBe(true);
    const history = session.conversation.history();
    expect(validateHistory(history)).toBeUndefined();
    const results = history[history.length - 1].content;
    expect(results.map((b) => b.type)).toEqual(['tool_result', 'tool_result']);
    expect(() => readFileSync(join(h!.workspace, 'second.txt'))).toThrow();
  });
});
