// The store turns each hook event into one transcript line; a refused prompt adds no second summary line.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState } from '../../source/store/state.js';
import { FakeSession } from '../support/fakeSession.js';

const notices = (events: AgentEvent[]) =>
  events.reduce(applyEvent, initialState(new FakeSession().info)).transcript.flatMap((i) => (i.kind === 'notice' ? [`${i.level}: ${i.text}`] : []));

describe('hook lines', () => {
  it('shows the event, the command (shortened) and the first line of the message, once per hook', () => {
    const long = `${'/very/long/path/'.repeat(6)}check.sh`;
    expect(notices([
      { type: 'run_start', sessionId: 's', runId: 'r1', prompt: 'x' },
      { type: 'hook', runId: 'r1', event: 'UserPromptSubmit', command: 'guard.sh', outcome: 'blocked', message: 'no secrets\nsecond line' },
      { type: 'hook', runId: 'r1', event: 'PostToolUse', command: long, outcome: 'failed', message: 'exited with code 1' },
      { type: 'hook', runId: 'r2', agentId: 'agent-1', parentToolCallId: 'c1', event: 'SubagentStop', command: 'check.sh', outcome: 'failed', message: 'timed out after 60 s and was stopped' },
      { type: 'run_end', runId: 'r1', reason: 'blocked', text: '', turns: 0, usage: emptyUsage(), durationMs: 0, error: 'A UserPromptSubmit hook refused this prompt: no secrets' },
    ])).toEqual([
      'warning: UserPromptSubmit hook blocked (guard.sh): no secrets',
      `warning: PostToolUse hook failed (${long.slice(0, 59)}…): exited with code 1`,
      'warning: SubagentStop hook failed (check.sh): timed out after 60 s and was stopped',
    ]);
  });
});
