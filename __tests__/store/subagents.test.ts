// A subagent's events reduce into its parent's task block: bounded tool lines, turns, tokens, answer; no text deltas.
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, limits, type AppState, type ToolItem } from '../../source/store/state.js';
import { markInterrupted, toggleExpand } from '../../source/store/localActions.js';
import { runningSubagents, stampSubagentStarts } from '../../source/store/subagents.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { FakeSession } from '../support/fakeSession.js';
import { backgroundCallEnd, childEnd, childStart, childTool, childTurn, taskCall, taskStart } from '../support/subagentEvents.js';

const start = (): AppState => ({ ...initialState(new FakeSession().info), running: true, runId: 'r1' });
const reduce = (events: AgentEvent[], state = start()): AppState => events.reduce(applyEvent, state);
const block = (state: AppState, id = 'call-task'): ToolItem => {
  const item = state.transcript.find((i) => i.id === id);
  if (!item || item.kind !== 'tool') throw new Error(`no tool item ${id}`);
  return item;
};

describe('subagent events in the store', () => {
  const c = taskCall();

  it('keeps type, description, the current call, turns and tokens on the task block while it runs', () => {
    const state = reduce([...taskStart(c), ...childStart(c), ...childTurn(c, 1, 300), ...childTool(c, 'k1', 'read_file', 'src/a.ts'), ...childTool(c, 'k2', 'grep', 'config', true)]);
    const view = block(state).subagent;
    expect(view).toMatchObject({ agentType: 'explore', description: 'find the config', turns: 2, tokens: 300 });
    expect(view?.lines.map((l) => [l.name, l.summary, l.status])).toEqual([['read_file', 'src/a.ts', 'done'], ['grep', 'config', 'running']]);
    // No streamed text of the child is kept anywhere, and it adds no items of its own.
    expect(JSON.stringify(state.transcript)).not.toContain('Looking around');
    expect(state.transcript.map((i) => i.id)).toEqual(['call-task']);
    expect(runningSubagents(state.transcript)).toEqual([
      { toolCallId: 'call-task', agentType: 'explore', description: 'find the config', background: false, turns: 2, step: 'grep(config)' },
    ]);
  });

  it('keeps only the newest tool lines of a long-running child', () => {
    const many = Array.from({ length: limits.subagentLines + 7 }, (_, i) => childTool(c, `k${i}`, 'read_file', `f${i}.ts`)).flat();
    const view = block(reduce([...taskStart(c), ...childStart(c), ...many])).subagent;
    expect(view?.lines).toHaveLength(limits.subagentLines);
    expect(view?.droppedLines).toBe(7);
    expect(view?.lines[0].summary).toBe('f7.ts');
  });

  it('ends with the answer and the time the child ran, and is no longer listed as running', () => {
    const state = reduce([...taskStart(c), ...childStart(c), ...childTool(c, 'k1', 'read_file', 'a.ts'), ...childEnd(c, 'The config is read in load.ts.')]);
    const item = block(state);
    expect(item.status).toBe('done');
    expect(item.subagent).toMatchObject({ endReason: 'done', answer: 'The config is read in load.ts.', durationMs: 4200 });
    expect(runningSubagents(state.transcript)).toEqual([]);
  });

  it('marks the child calls still open as interrupted when its run is aborted', () => {
    const state = reduce([...taskStart(c), ...childStart(c), ...childTool(c, 'k1', 'bash', 'npm test', true)]);
    const stopped = markInterrupted(state);
    expect(block(stopped).status).toBe('interrupted');
    expect(runningSubagents(stopped.transcript)).toEqual([]);
    const ended = applyEvent(stopped, { type: 'run_end', runId: 'child-run', reason: 'aborted', text: '', turns: 1, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, durationMs: 500, agentId: 'agent-1', parentToolCallId: 'call-task' });
    expect(block(ended).subagent?.lines[0].status).toBe('interrupted');
  });

  it('follows a background child after its call returned, until the child ends', () => {
    const bg = taskCall({ background: true });
    const running = reduce([...taskStart(bg), backgroundCallEnd(bg), ...childStart(bg), ...childTool(bg, 'k1', 'glob', '**/*.ts', true)]);
    expect(block(running).done).toBe(true);
    expect(runningSubagents(running.transcript).map((s) => [s.background, s.step])).toEqual([[true, 'glob(**/*.ts)']]);
    const done = reduce(childEnd(bg, 'found it'), running);
    expect(runningSubagents(done.transcript)).toEqual([]);
    expect(block(done).subagent?.answer).toBe('found it');
  });

  it('is live again when the child goes on after its turn limit to give its answer', () => {
    const bg = taskCall({ background: true });
    const limit: AgentEvent = { type: 'run_end', runId: 'child-run', reason: 'max_turns', text: '', turns: 3, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, durationMs: 700, agentId: 'agent-1', parentToolCallId: bg.toolCallId };
    const atLimit = reduce([...taskStart(bg), backgroundCallEnd(bg), ...childStart(bg), limit]);
    expect(runningSubagents(atLimit.transcript)).toEqual([]);
    const wrapUp = reduce(childTurn(bg, 1, 50), atLimit);
    expect(runningSubagents(wrapUp.transcript)).toHaveLength(1);
    const answered = reduce(childEnd(bg, 'what I found', 4, 300), wrapUp);
    expect(block(answered).subagent).toMatchObject({ endReason: 'done', answer: 'what I found', durationMs: 1000 });
  });

  it('stamps the time a running block was first seen, once', () => {
    const state = stampSubagentStarts(reduce([...taskStart(c), ...childStart(c)]), 5000);
    expect(block(state).subagent?.startedAt).toBe(5000);
    expect(stampSubagentStarts(state, 9000)).toBe(state);
  });

  it('Ctrl+O expands the finished task block to its calls and answer, and collapses it again', () => {
    const state = reduce([...taskStart(c), ...childStart(c), ...childTool(c, 'k1', 'read_file', 'a.ts'), ...childEnd(c, 'short answer')]);
    const open = toggleExpand(state, 'last');
    expect(block(open).expanded).toBe(true);
    expect(block(toggleExpand(open, 'last')).expanded).toBe(false);
  });

  it('ignores events of children without a task call (team mode) apart from their usage', () => {
    const state = start();
    const next = applyEvent(state, { type: 'tool_start', runId: 'x', toolCallId: 'k', name: 'read_file', input: {}, summary: 'a', agentId: 'a', parentToolCallId: 'team-run' });
    expect(next).toBe(state);
  });
});
