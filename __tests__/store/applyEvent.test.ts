// Reducer tests: AgentEvent lists in, AppState out.
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, limits, type AppState, type ToolItem } from '../../source/store/state.js';
import { markInterrupted, toggleExpand } from '../../source/store/localActions.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { approvalRequest, FakeSession, messageEnd, runEnd, simpleRun } from '../support/fakeSession.js';

const start = (): AppState => initialState(new FakeSession().info);
const reduce = (events: AgentEvent[], state = start()): AppState => events.reduce(applyEvent, state);
const tool = (state: AppState, id: string): ToolItem => {
  const item = state.transcript.find((i) => i.id === id);
  if (!item || item.kind !== 'tool') throw new Error(`no tool item ${id}`);
  return item;
};

const toolStart = (id: string, messageId = 'm1'): AgentEvent[] => [
  { type: 'tool_call_start', runId: 'r1', messageId, toolCallId: id, name: 'bash' },
  { type: 'tool_start', runId: 'r1', toolCallId: id, name: 'bash', input: { command: 'ls' }, summary: 'ls' },
];

describe('applyEvent', () => {
  it('shows a waiting call with its first argument as soon as the message ends', () => {
    const state = reduce([
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { type: 'message_end', runId: 'r1', turnId: 't1', messageId: 'm1', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
        message: { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'bash', input: { command: 'npm test\n--watch' } }] } },
    ]);
    expect(tool(state, 'c1').summary).toBe('npm test');
    expect(tool(state, 'c1').status).not.toBe('running');
  });

  it('builds user and assistant items from a simple run and stops running at run_end', () => {
    const events = simpleRun('r1', 'hi', 'hello world');
    const midway = reduce(events.slice(0, 4));
    expect(midway.running).toBe(true);
    expect(midway.transcript.map((i) => i.kind)).toEqual(['user', 'assistant']);
    const done = reduce(events);
    expect(done.running).toBe(false);
    const assistant = done.transcript[1];
    expect(assistant.kind === 'assistant' && assistant.text).toBe('hello world');
    expect(assistant.done).toBe(true);
  });

  it('returns the same object for events that change nothing', () => {
    const state = start();
    expect(applyEvent(state, { type: 'turn_start', runId: 'r1', turnId: 't', turn: 1 })).toBe(state);
    expect(applyEvent(state, { type: 'mode_change', sessionId: 's1', mode: 'ask' })).toBe(state);
    const s = applyEvent(state, { type: 'session_start', sessionId: 's1', cwd: '/tmp/project', provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'ask', resumed: false });
    expect(s).toBe(state);
  });

  it('a retry voids text, thinking and tool calls streamed for that message and shows the retry', () => {
    const events: AgentEvent[] = [
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'thinking_delta', runId: 'r1', messageId: 'm1', text: 'hmm' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'partial answ' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { type: 'retry', runId: 'r1', messageId: 'm1', attempt: 2, maxAttempts: 5, delayMs: 4000, reason: 'Overloaded' },
    ];
    const state = reduce(events);
    const assistant = state.transcript.find((i) => i.id === 'm1');
    expect(assistant?.kind === 'assistant' && assistant.text).toBe('');
    expect(assistant?.kind === 'assistant' && assistant.thinking).toBe('');
    expect(state.transcript.some((i) => i.id === 'c1')).toBe(false);
    const notice = state.transcript.find((i) => i.kind === 'notice');
    expect(notice?.kind === 'notice' && notice.text).toBe('Overloaded — retrying in 4 s (attempt 2 of 5)');
    const after = reduce([{ type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'fresh' }], state);
    const again = after.transcript.find((i) => i.id === 'm1');
    expect(again?.kind === 'assistant' && again.text).toBe('fresh');
    // Once the message ends the retry notice is gone.
    const ended = applyEvent(after, messageEnd('r1', 'm1', 'fresh'));
    expect(ended.transcript.some((i) => i.kind === 'notice' && i.level === 'retry')).toBe(false);
  });

  it('keeps pending approvals in call order and removes them when resolved', () => {
    const state = reduce([
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      approvalRequest('r1', 'a1', 'c1', { summary: 'first' }),
      approvalRequest('r1', 'a2', 'c2', { summary: 'second' }),
    ]);
    expect(state.approvals.map((a) => a.approvalId)).toEqual(['a1', 'a2']);
    const resolved = applyEvent(state, { type: 'approval_resolved', runId: 'r1', approvalId: 'a1', toolCallId: 'c1', decision: { kind: 'no', reason: 'not now' } });
    expect(resolved.approvals.map((a) => a.approvalId)).toEqual(['a2']);
    expect(tool(resolved, 'c1').status).toBe('denied');
    expect(tool(resolved, 'c1').denialReason).toBe('not now');
    // The tool_end for a denied call keeps the denied status.
    const ended = applyEvent(resolved, { type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: 'denied', display: { kind: 'text', text: 'denied' }, isError: true }, durationMs: 0 });
    expect(tool(ended, 'c1').status).toBe('denied');
  });

  it('walks a tool call through running, progress and done with duration and display', () => {
    let state = reduce([{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, ...toolStart('c1')]);
    expect(tool(state, 'c1').status).toBe('running');
    for (let i = 0; i < 10; i++) state = applyEvent(state, { type: 'tool_progress', runId: 'r1', toolCallId: 'c1', text: `line ${i}\n` });
    expect(tool(state, 'c1').progress).toEqual(['line 5', 'line 6', 'line 7', 'line 8', 'line 9']);
    state = applyEvent(state, { type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: 'ok', display: { kind: 'text', text: 'a\nb' }, isError: false }, durationMs: 1234 });
    const done = tool(state, 'c1');
    expect(done).toMatchObject({ status: 'done', done: true, durationMs: 1234, display: { kind: 'text', text: 'a\nb' }, progress: [] });
    state = reduce([...toolStart('c2'), { type: 'tool_end', runId: 'r1', toolCallId: 'c2', name: 'bash', result: { content: 'x', display: { kind: 'text', text: 'boom' }, isError: true }, durationMs: 5 }], state);
    expect(tool(state, 'c2').status).toBe('error');
  });

  it('keeps huge tool displays short in memory', () => {
    const text = 'x'.repeat(limits.displayChars * 3);
    const state = reduce([...toolStart('c1'), { type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: text, display: { kind: 'text', text }, isError: false }, durationMs: 1 }]);
    const display = tool(state, 'c1').display;
    expect(display?.kind === 'text' && display.text.length).toBeLessThan(limits.displayChars + 100);
  });

  it('an aborted run marks unfinished tools interrupted, ends messages and shows one interrupted marker', () => {
    const events: AgentEvent[] = [
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'working' },
      ...toolStart('c1'),
      approvalRequest('r1', 'a9', 'c9'),
    ];
    const local = markInterrupted(reduce(events));
    expect(local.running).toBe(false);
    expect(local.approvals).toEqual([]);
    expect(tool(local, 'c1').status).toBe('interrupted');
    const final = applyEvent(local, runEnd('r1', 'aborted'));
    const markers = final.transcript.filter((i) => i.kind === 'notice' && i.level === 'interrupted');
    expect(markers).toHaveLength(1);
    // Deltas arriving after the interrupt do not reopen the message.
    const late = applyEvent(final, { type: 'text_delta', runId: 'r1', messageId: 'm1', text: ' more' });
    const msg = late.transcript.find((i) => i.id === 'm1');
    expect(msg?.kind === 'assistant' && msg.text).toBe('working');
  });

  it('adds a run summary when a run ends in error or at the turn limit', () => {
    const err = reduce([{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, runEnd('r1', 'error', { error: 'The server failed.' })]);
    expect(err.transcript.at(-1)).toMatchObject({ kind: 'notice', level: 'summary', text: 'Run stopped by an error: The server failed.' });
    const max = reduce([{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, runEnd('r1', 'max_turns', { turns: 25 })]);
    expect(max.transcript.at(-1)).toMatchObject({ kind: 'notice', level: 'summary' });
    expect(max.transcript.at(-1)?.kind === 'notice' && (max.transcript.at(-1) as { text: string }).text).toContain('25 turns');
    const one = reduce([{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, runEnd('r1', 'max_turns', { turns: 1 })]);
    expect(one.transcript.at(-1)).toMatchObject({ text: expect.stringContaining('after 1 turn, the turn limit') });
    const ok = reduce(simpleRun('r1', 'go', 'fine'));
    expect(ok.transcript.some((i) => i.kind === 'notice')).toBe(false);
  });

  it('replaces todos and upserts background tasks', () => {
    const todos = [{ content: 'a', status: 'pending' as const, activeForm: 'Doing a' }];
    let state = reduce([{ type: 'todos', runId: 'r1', todos }]);
    expect(state.todos).toEqual(todos);
    const task = { taskId: 'b1', command: 'npm run dev', status: 'running' as const, startedAt: 1, lastLine: '' };
    state = reduce([{ type: 'background_task', sessionId: 's1', task }, { type: 'background_task', sessionId: 's1', task: { ...task, taskId: 'b2' } }, { type: 'background_task', sessionId: 's1', task: { ...task, status: 'exited', exitCode: 0 } }], state);
    expect(state.tasks.map((t) => [t.taskId, t.status])).toEqual([['b1', 'exited'], ['b2', 'running']]);
  });

  it('tracks usage totals, context percent and cache hits', () => {
    const totalUsage = { inputTokens: 10_000, outputTokens: 500, cacheReadTokens: 8_000, cacheWriteTokens: 0 };
    const state = reduce([{ type: 'usage', runId: 'r1', turnUsage: totalUsage, totalUsage, context: { tokens: 50_000, window: 200_000, percent: 25 } }]);
    expect(state.usage).toEqual(totalUsage);
    expect(state.context?.percent).toBe(25);
  });

  it('applies mode and model changes and clears the conversation', () => {
    let state = reduce(simpleRun('r1', 'hi', 'there'));
    state = reduce([{ type: 'mode_change', sessionId: 's1', mode: 'yolo' }, { type: 'model_change', sessionId: 's1', model: 'gpt-4o' }, { type: 'todos', runId: 'r1', todos: [{ content: 'x', status: 'pending', activeForm: 'x' }] }], state);
    expect(state.session.mode).toBe('yolo');
    expect(state.session.model).toBe('gpt-4o');
    state = applyEvent(state, { type: 'conversation_cleared', sessionId: 's2' });
    expect(state.transcript).toHaveLength(1);
    // The session id changed: the conversation left is saved under the old one, and the notice says how to open it.
    expect(state.transcript[0]).toMatchObject({ kind: 'notice', text: 'Started a new conversation. The previous one is saved as s1; /resume opens it.' });
    expect(state.todos).toEqual([]);
    expect(state.session.sessionId).toBe('s2');
  });

  it('removes an assistant message that ended empty (tool calls only)', () => {
    const state = reduce([{ type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' }, messageEnd('r1', 'm1', '')]);
    expect(state.transcript).toEqual([]);
  });

  it('bounds the number of transcript items', () => {
    let state = start();
    for (let i = 0; i < limits.maxItems + 50; i++) state = applyEvent(state, { type: 'warning', message: `w${i}` });
    expect(state.transcript).toHaveLength(limits.maxItems);
    expect(state.trimmedCount).toBe(50);
    expect(state.transcript.at(-1)).toMatchObject({ text: `w${limits.maxItems + 49}` });
  });

  it('toggles expansion of the last item with hidden output, or of all of them', () => {
    const long = Array.from({ length: 10 }, (_, i) => `row ${i}`).join('\n');
    const end = (id: string, text: string): AgentEvent => ({ type: 'tool_end', runId: 'r1', toolCallId: id, name: 'bash', result: { content: 'x', display: { kind: 'text', text }, isError: false }, durationMs: 1 });
    let state = reduce([...toolStart('c1'), end('c1', long), ...toolStart('c2'), end('c2', long), ...toolStart('c3'), end('c3', 'short')]);
    state = toggleExpand(state, 'last');
    // c3 has nothing hidden, so "last" means c2.
    expect([tool(state, 'c1').expanded, tool(state, 'c2').expanded, tool(state, 'c3').expanded]).toEqual([false, true, false]);
    state = toggleExpand(state, 'all');
    expect([tool(state, 'c1').expanded, tool(state, 'c2').expanded]).toEqual([true, true]);
    state = toggleExpand(state, 'all');
    expect([tool(state, 'c1').expanded, tool(state, 'c2').expanded]).toEqual([false, false]);
  });
});
