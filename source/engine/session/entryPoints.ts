// The run entry points besides a prompt: team mode, a `!command` typed by the user, and /compact; each goes
// through the run gate like a prompt does.
import type { AgentEvent } from '../../protocol/events.js';
import { emptyUsage } from '../../protocol/messages.js';
import { EventQueue } from '../eventQueue.js';
import { runToolRound } from '../toolRound.js';
import type { SessionCore } from './core.js';
import type { AgentsPort } from './ports.js';
import { afterRun, announce } from './promptRun.js';
import { RunBusyError, type ActiveRun } from './runGate.js';

/** Team mode: planner, workers and reviewer on `task`; the team's run is the session's active run while it lasts. */
export async function* teamRun(core: SessionCore, team: NonNullable<AgentsPort['team']>, task: string): AsyncGenerator<AgentEvent> {
  const active = core.gate.begin();
  try {
    yield* announce(core, false);
    // The team's agents take the session's tools when they start: MCP servers still connecting are waited for.
    await core.mcp.ready(active.signal);
    yield* core.takeMcpNotices();
    const events = team({
      sessionId: core.info.sessionId, runId: active.runId ?? '', task, history: core.history,
      environment: core.childEnvironment(), signal: active.signal, emit: (event) => core.emit(event),
    });
    for await (const event of events) yield core.record(event);
  } finally {
    active.end();
    afterRun(core);
  }
}

/**
 * `!command` typed by the user: runs it in the workspace as a bash call through the permission check (deny
 * rules, ask rules, the destructive guard and protected paths hold; the mode's own "ask" does not, since the
 * user typed it), and adds the command and its output to the conversation for the next message.
 */
export async function* shellRun(core: SessionCore, command: string): AsyncGenerator<AgentEvent> {
  const active = core.gate.begin();
  const runId = active.runId ?? '';
  const started = Date.now();
  try {
    yield* announce(core, false);
    yield core.record({ type: 'run_start', sessionId: core.info.sessionId, runId, prompt: `!${command}` });
    const queue = new EventQueue<AgentEvent>();
    const call = { type: 'tool_use' as const, id: `${runId}-shell`, name: 'bash', input: { command } };
    const round = runToolRound({
      runId, calls: [call], registry: core.tools.registry, mode: 'yolo', rules: core.rules, broker: core.broker, interactive: core.o.interactive,
      cwd: core.o.cwd, workspace: core.o.workspace, state: core.state, signal: active.signal, emit: (e) => queue.push(e),
    });
    for await (const event of queue.drainUntil(round)) yield core.record(event);
    const [result] = await round;
    const output = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
    core.history.appendUserText(`<bash-input>${command}</bash-input>\n<bash-output>${output}</bash-output>\n(The user ran this command in the shell themselves; its output is for context.)`);
    const reason = active.signal.aborted ? 'aborted' : 'done';
    yield core.record({ type: 'run_end', runId, reason, text: '', turns: 0, usage: emptyUsage(), durationMs: Date.now() - started });
  } finally {
    active.end();
    afterRun(core);
  }
}

/** Summarises older history now (`/compact`); a busy session says so as a warning instead. */
export async function compactNow(core: SessionCore, instructions?: string): Promise<void> {
  let active: ActiveRun;
  try {
    active = core.gate.begin({ runId: false });
  } catch (error) {
    if (!(error instanceof RunBusyError)) throw error;
    core.emit({ type: 'warning', message: 'Wait for the running task to finish (or press Esc) before compacting.' });
    return;
  }
  try {
    const outcome = await core.context.compact(core.history, core.system, core.toolSchemas, 'manual', instructions, active.signal);
    if (outcome.event) {
      core.reminders.compacted();
      core.emit(outcome.event);
    }
    if (outcome.error) core.emit({ type: outcome.ok ? 'warning' : 'error', message: outcome.error });
  } finally {
    active.end();
  }
}
