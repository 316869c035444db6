// Event lists of a parent's task call and its subagent, as the engine emits them, for store and screen tests.
import type { AgentEvent } from '../../source/protocol/events.js';
import type { Usage } from '../../source/protocol/messages.js';
import { FakeSession, runEnd } from './fakeSession.js';

const usage = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 });

export interface TaskCall {
  runId: string;
  messageId: string;
  toolCallId: string;
  agentType: string;
  description: string;
  background?: boolean;
}

export const taskCall = (over: Partial<TaskCall> = {}): TaskCall => ({
  runId: 'r1', messageId: 'r1-m1', toolCallId: 'call-task', agentType: 'explore', description: 'find the config', ...over,
});

/** The parent's message asking for the task, up to the tool starting. */
export function taskStart(c: TaskCall): AgentEvent[] {
  const input = { description: c.description, prompt: 'Find where the config is read.', subagent_type: c.agentType, ...(c.background ? { run_in_background: true } : {}) };
  return [
    { type: 'message_start', runId: c.runId, turnId: `${c.runId}-t1`, messageId: c.messageId },
    { type: 'tool_call_start', runId: c.runId, messageId: c.messageId, toolCallId: c.toolCallId, name: 'task' },
    {
      type: 'message_end', runId: c.runId, turnId: `${c.runId}-t1`, messageId: c.messageId, stopReason: 'tool_use', usage: usage(10, 5),
      message: { role: 'assistant', content: [{ type: 'tool_use', id: c.toolCallId, name: 'task', input }] },
    },
    { type: 'tool_start', runId: c.runId, toolCallId: c.toolCallId, name: 'task', input, summary: `${c.agentType}: ${c.description}` },
  ];
}

const child = (c: TaskCall) => ({ agentId: 'agent-1', parentToolCallId: c.toolCallId });

/** The child's run starting and its first turn. */
export function childStart(c: TaskCall): AgentEvent[] {
  return [
    { type: 'run_start', sessionId: 's1', runId: 'child-run', prompt: 'Find where the config is read.', ...child(c) },
    { type: 'turn_start', runId: 'child-run', turnId: 'ct1', turn: 1, ...child(c) },
    { type: 'message_start', runId: 'child-run', turnId: 'ct1', messageId: 'cm1', ...child(c) },
    { type: 'text_delta', runId: 'child-run', messageId: 'cm1', text: 'Looking around. ', ...child(c) },
  ];
}

/** One tool call of the child, started (and ended unless `open`). */
export function childTool(c: TaskCall, id: string, name: string, summary: string, open = false): AgentEvent[] {
  const events: AgentEvent[] = [{ type: 'tool_start', runId: 'child-run', toolCallId: id, name, input: { path: summary }, summary, ...child(c) }];
  if (!open) {
    events.push({ type: 'tool_end', runId: 'child-run', toolCallId: id, name, result: { content: 'ok', display: { kind: 'text', text: 'ok' }, isError: false }, durationMs: 12, ...child(c) });
  }
  return events;
}

export function childTurn(c: TaskCall, turn: number, tokens: number): AgentEvent[] {
  return [
    { type: 'turn_start', runId: 'child-run', turnId: `ct${turn}`, turn, ...child(c) },
    { type: 'usage', runId: 'child-run', turnUsage: usage(tokens, 0), totalUsage: usage(tokens * turn, 0), context: { tokens: 100, window: 200_000, percent: 0 }, model: 'claude-sonnet-4-5', ...child(c) },
  ];
}

/** The child ending with `answer`, then the parent's call ending with it (a background call ended at once). */
export function childEnd(c: TaskCall, answer: string, turns = 2, durationMs = 4200): AgentEvent[] {
  const events: AgentEvent[] = [
    { type: 'run_end', runId: 'child-run', reason: 'done', text: answer, turns, usage: usage(0, 0), durationMs, ...child(c) },
  ];
  if (!c.background) {
    events.push({ type: 'tool_end', runId: c.runId, toolCallId: c.toolCallId, name: 'task', result: { content: `${answer}\n\n[footer]`, display: { kind: 'text', text: answer }, isError: false }, durationMs: durationMs + 10 });
  }
  return events;
}

/** The background call's own end: it returns a task id at once. */
export function backgroundCallEnd(c: TaskCall): AgentEvent {
  return { type: 'tool_end', runId: c.runId, toolCallId: c.toolCallId, name: 'task', result: { content: 'Started as bg1.', display: { kind: 'text', text: 'started in the background as bg1' }, isError: false }, durationMs: 3 };
}

/** A run whose one task call's subagent reads a file, then waits in a grep until step() is called, then answers. */
export function taskRun(): { session: FakeSession; step: () => void } {
  const session = new FakeSession();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const c = taskCall();
  session.script(
    { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
    ...taskStart(c), ...childStart(c), ...childTool(c, 'k1', 'read_file', 'src/config.ts'), ...childTool(c, 'k2', 'grep', 'loadConfig', true),
    { wait: 'promise', promise: gate },
    ...childTool(c, 'k2', 'grep', 'loadConfig'), ...childEnd(c, 'Config is loaded in load.ts.'),
    runEnd('r1', 'done'),
  );
  return { session, step: () => release() };
}
