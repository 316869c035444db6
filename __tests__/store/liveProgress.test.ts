// While a run works: its start and each tool call's start are stamped, and streamed characters count towards the
// output tokens until the provider reports usage.
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { createBridge } from '../../source/store/bridge.js';
import { liveOutputTokens, runningToolSince } from '../../source/store/liveProgress.js';
import { initialState } from '../../source/store/state.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { FakeSession, messageEnd, runEnd, ticks } from '../support/fakeSession.js';

const info = new FakeSession().info;
const usageEvent = (outputTokens: number): AgentEvent => ({
  type: 'usage', runId: 'r1', turnUsage: { ...emptyUsage(), outputTokens }, totalUsage: { ...emptyUsage(), outputTokens },
  context: { tokens: 10, window: 1000, percent: 1 },
});

describe('streamed tokens', () => {
  it('counts text, thinking and tool-argument deltas, and gives way to the reported usage', () => {
    let s = initialState(info);
    const events: AgentEvent[] = [
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'thinking_delta', runId: 'r1', messageId: 'm1', text: 'abc' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'defghi' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { type: 'tool_call_delta', runId: 'r1', messageId: 'm1', toolCallId: 'c1', partialJson: '{"command":' },
    ];
    for (const e of events) s = applyEvent(s, e);
    // 3 + 6 + 11 characters, about 3 to a token.
    expect(s.streamedChars).toBe(20);
    expect(liveOutputTokens(s)).toBe(7);
    s = applyEvent(s, usageEvent(42));
    expect(liveOutputTokens(s)).toBe(42);
    s = applyEvent(s, { type: 'text_delta', runId: 'r1', messageId: 'm2', text: 'x'.repeat(30) });
    expect(liveOutputTokens(s)).toBe(52);
    // A retry voids what streamed; so does the run's end.
    s = applyEvent(s, { type: 'retry', runId: 'r1', messageId: 'm2', attempt: 1, maxAttempts: 3, delayMs: 500, reason: 'overloaded' });
    expect(liveOutputTokens(s)).toBe(42);
    s = applyEvent(s, { type: 'text_delta', runId: 'r1', messageId: 'm2', text: 'x'.repeat(30) });
    s = applyEvent(s, runEnd('r1', 'done'));
    expect(s.streamedChars).toBe(0);
  });

  it('a subagent’s deltas are not the session’s streamed tokens', () => {
    const s = applyEvent(initialState(info), { type: 'text_delta', runId: 'r9', messageId: 'm9', text: 'child text', agentId: 'a1', parentToolCallId: 'c1' });
    expect(s.streamedChars ?? 0).toBe(0);
  });
});

describe('start times', () => {
  it('the bridge stamps the run and each tool call with its clock when it first sees them', async () => {
    const session = new FakeSession();
    let gate!: () => void;
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      messageEnd('r1', 'm1', ''),
      { type: 'tool_start', runId: 'r1', toolCallId: 'c1', name: 'bash', input: { command: 'sleep 5' }, summary: 'sleep 5' },
      { wait: 'promise', promise: new Promise<void>((resolve) => (gate = resolve)) },
      { type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: 'ok', isError: false, display: { kind: 'none' } }, durationMs: 5000 },
      runEnd('r1', 'done'),
    );
    let clock = 1_000;
    const bridge = createBridge(session, { now: () => clock });
    bridge.send('go');
    await ticks(5);
    const s = bridge.store.getState();
    expect(s.runStartedAt).toBe(1_000);
    expect(runningToolSince(s.transcript)).toBe(1_000);
    clock = 9_000;
    gate();
    await bridge.idle();
    // A later flush keeps the first stamp; a finished call is no longer running.
    const tool = bridge.store.getState().transcript.find((i) => i.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.startedAt).toBe(1_000);
    expect(runningToolSince(bridge.store.getState().transcript)).toBeUndefined();
    bridge.dispose();
  });
});
