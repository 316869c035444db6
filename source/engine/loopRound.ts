// One tool round inside a run: runs the calls, appends their results, and keeps the history valid if the run is cut short.
import type { ToolResultBlock, ToolUseBlock } from '../protocol/messages.js';
import { EventQueue } from './eventQueue.js';
import type { AgentEvent } from '../protocol/events.js';
import { interruptedResult, runToolRound, type RoundHookState } from './toolRound.js';
import type { LoopOptions } from './loopOptions.js';
import { getAjv } from '../tools/runner.js';

const interruptedBlocks = (calls: readonly ToolUseBlock[]): ToolResultBlock[] =>
  calls.map((c) => ({ type: 'tool_result', toolUseId: c.id, content: interruptedResult().content, isError: true }));

/**
 * Runs one round and appends its results. Closed early (the consumer stopped reading), it aborts the run, waits
 * for the round to wind down (running commands killed, the rest answered "interrupted") and appends its results,
 * so no call is left without one and nothing keeps running.
 */
export async function* toolRound(o: LoopOptions, calls: ToolUseBlock[], abortRun: () => void, hookState: RoundHookState, ran: Set<string>): AsyncGenerator<AgentEvent, ToolResultBlock[]> {
  const queue = new EventQueue<AgentEvent>();
  const round = runToolRound({
    runId: o.runId, calls, registry: o.registry, mode: o.mode(), rules: o.rules, broker: o.broker, questions: o.questions, setMode: o.setMode,
    interactive: o.interactive, askFallback: o.askFallback,
    onEndRun: (text) => {
      hookState.endRun ??= text;
    },
    cwd: o.cwd, workspace: o.workspace, state: o.state, signal: o.signal,
    emit: (e) => {
      // Calls that started executing (not declined ones) are what the tool-error guard counts.
      if (e.type === 'tool_start') ran.add(e.toolCallId);
      queue.push(e);
    },
    ...(o.hooks ? { hooks: { loop: o.hooks, state: hookState } } : {}),
  });
  let answered = false;
  try {
    yield* queue.drainUntil(round);
    const results = await round;
    o.history.append({ role: 'user', content: results });
    answered = true;
    return results;
  } finally {
    if (!answered) {
      abortRun();
      o.history.append({ role: 'user', content: await round.catch(() => interruptedBlocks(calls)) });
    }
  }
}

/**
 * Called as the model begins a tool call, while its arguments still stream: loads what admitting and running the
 * call will need (the argument validator, the grammar a command is judged with, the tool's own modules), so the
 * round does not wait for them.
 */
export function prepareCall(o: LoopOptions, name: string): void {
  const tool = o.registry.get(name);
  if (!tool) return;
  // A failure shows when the round awaits the same load.
  getAjv().catch(() => undefined);
  o.rules.prepare(tool);
  tool.prepare?.();
}
