// Wraps a team's work as one run of the session: run_start, the plan and children as they go, the report as the
// run's answer, and the task and report appended to the conversation so the next prompt can build on them.
import { EventQueue } from '../engine/eventQueue.js';
import type { AgentEvent } from '../protocol/events.js';
import type { Conversation } from '../engine/history.js';
import { newId } from '../protocol/ids.js';
import { emptyUsage } from '../protocol/messages.js';
import { runTeam, type TeamOptions } from './team.js';

export interface TeamRunOptions {
  sessionId: string;
  task: string;
  history: Conversation;
  /** Logs an event and hands it back (the session's recorder). */
  record: (event: AgentEvent) => AgentEvent;
  options: Omit<TeamOptions, 'task' | 'runId'>;
}

export async function* runTeamRun(o: TeamRunOptions): AsyncGenerator<AgentEvent> {
  const runId = newId('run');
  const started = Date.now();
  const prompt = `/team ${o.task}`;
  yield o.record({ type: 'run_start', sessionId: o.sessionId, runId, prompt });
  // Children's events reach listeners as they happen; the team's own (plan updates) come through this stream.
  const queue = new EventQueue<AgentEvent>();
  const done = runTeam({
    ...o.options,
    task: o.task,
    runId,
    emit: (event) => (event.agentId === undefined ? queue.push(event) : o.options.emit(event)),
  });
  for await (const event of queue.drainUntil(done)) yield o.record(event);
  const report = await done;
  const turnId = newId('turn');
  const messageId = newId('msg');
  const message = { role: 'assistant' as const, content: [{ type: 'text' as const, text: report.text }] };
  if (o.history.messages.at(-1)?.role === 'user') o.history.appendUserText(`Team task: ${o.task}`);
  else o.history.append({ role: 'user', content: [{ type: 'text', text: `Team task: ${o.task}` }] });
  o.history.append(message);
  yield o.record({ type: 'turn_start', runId, turnId, turn: 1 });
  yield o.record({ type: 'message_start', runId, turnId, messageId });
  yield { type: 'text_delta', runId, messageId, text: report.text };
  yield o.record({ type: 'message_end', runId, turnId, messageId, message, stopReason: 'end_turn', usage: emptyUsage() });
  const aborted = o.options.signal.aborted;
  yield o.record({
    type: 'run_end', runId, reason: aborted ? 'aborted' : report.ok ? 'done' : 'error', text: report.text, turns: 1,
    usage: emptyUsage(), durationMs: Date.now() - started, ...(report.error && !aborted ? { error: report.error } : {}),
  });
}
