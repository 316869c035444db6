// A prompt's run: through the gate, announced, then the pipeline's stages in order and the agent loop at the end.
import type { AgentEvent } from '../../protocol/events.js';
import { addUsage } from '../../protocol/messages.js';
import { runAgentLoop } from '../loop.js';
import { attachmentText } from '../mentions.js';
import { wrapReminder } from '../reminders.js';
import type { SessionCore } from './core.js';
import {
  checkpointStage, commandStage, hookGateStage, mcpExpandStage, mcpStage, mentionsStage, replyStage, rewindPointStage,
  type PromptRun, type PromptStage,
} from './stages.js';
import type { PromptOptions } from './types.js';
import { RunBusyError } from './runGate.js';
import { prefixFor } from '../leanPrompt.js';

/** The stages a message passes before the loop, in order: any of them may end the run. */
export const promptPipeline: readonly PromptStage[] = [
  replyStage, hookGateStage, checkpointStage, mcpStage, commandStage, mcpExpandStage, mentionsStage, rewindPointStage,
];

/** session_start once per log (stream-json readers learn the session id from it); the start-up warnings once per process. */
export function* announce(core: SessionCore, withWarnings: boolean): Generator<AgentEvent> {
  if (core.announced) return;
  core.announced = true;
  const { info } = core;
  yield core.record({ type: 'session_start', sessionId: info.sessionId, cwd: core.o.cwd, provider: info.provider, model: info.model, mode: info.mode, resumed: core.resumed });
  if (!withWarnings) return;
  // Once per process, even when /resume switched logs since.
  if (!core.startupWarned) for (const message of core.o.startupWarnings ?? []) yield core.record({ type: 'warning', message });
  core.startupWarned = true;
}

/** After any run: a /clear asked for while it ran happens now. */
export function afterRun(core: SessionCore): void {
  if (core.clearAfterRun) core.clearNow();
}

/** One run: for a user message, or (text undefined) continuing the conversation as it stands. */
export async function* promptRun(core: SessionCore, text: string | undefined, options: PromptOptions): AsyncGenerator<AgentEvent> {
  const active = core.gate.begin();
  core.atTurnLimit = false;
  const run: PromptRun = { runId: active.runId ?? '', signal: active.signal, text, options, message: text, attachments: [] };
  try {
    yield* announce(core, true);
    yield core.record(text === undefined
      // `continued` right after the type, so listings can tell these lines apart by their first bytes.
      ? { type: 'run_start', continued: true, sessionId: core.info.sessionId, runId: run.runId, prompt: '' }
      : { type: 'run_start', sessionId: core.info.sessionId, runId: run.runId, prompt: options.display ?? text });
    for (const stage of promptPipeline) if (!(yield* stage(core, run))) return;
    // Claude Code's aliases (haiku, sonnet, opus) as for agent files: the Anthropic model, or the session's elsewhere.
    const chosen = core.resolveModel(options.model, core.o.providerName, core.info.model);
    if (chosen.note) yield core.record({ type: 'warning', runId: run.runId, message: chosen.note });
    for await (const event of core.context.beforeRun(run.runId, run.signal)) yield core.record(event);
    core.steering = [];
    yield* forwardRun(core, loopFor(core, run, chosen.model), run);
  } finally {
    // Steering not yet taken is dropped here: the screen still holds it and sends it as the next message.
    core.steering = undefined;
    run.revokeGrant?.();
    core.checkpoints?.release();
    active.end();
    afterRun(core);
  }
}

/** Goes on with the run that stopped at the turn limit: the same task, no new user message, a fresh allowance of turns. */
export async function* continueRun(core: SessionCore): AsyncGenerator<AgentEvent> {
  if (core.gate.running) throw new RunBusyError();
  if (!core.atTurnLimit) throw new Error('There is no run stopped at the turn limit to continue; send a message instead.');
  yield* promptRun(core, undefined, core.limitedRun);
}

/** The loop for a message the stages have prepared. */
function loopFor(core: SessionCore, run: PromptRun, model: string): AsyncGenerator<AgentEvent> {
  const { o, info } = core;
  return runAgentLoop({
    runId: run.runId, prompt: run.message, attached: run.attachments.length > 0 ? [attachmentText(run.attachments)] : undefined,
    provider: o.provider, ...prefixFor(core.system, core.toolSchemas, core.context.window), registry: core.tools.registry, history: core.history,
    model, maxTokens: o.maxTokens, temperature: o.temperature, maxTurns: o.maxTurns,
    maxConsecutiveToolErrors: o.maxConsecutiveToolErrors,
    askAtTurnLimit: o.interactive, context: core.context, mode: () => info.mode, rules: core.rules, broker: core.broker, questions: core.questions,
    setMode: (mode) => core.setMode(mode), interactive: o.interactive,
    cwd: o.cwd, workspace: o.workspace, state: core.state, signal: run.signal,
    steering: () => core.steering?.splice(0) ?? [],
    reminders: () => [...(core.hooks?.takeContext() ?? []).map(wrapReminder), ...core.reminders.collect(core.history.length === 1)],
    // The snapshot before the message waited for the request to go out; it runs while the model thinks.
    onRequestWritten: () => core.checkpoints?.release(),
    onUsage: (usage, model) => {
      core.compat.spent(usage, model);
      return (core.total = addUsage(core.total, usage));
    },
    hooks: o.hooks?.forLoop(false),
    ...core.compat.forRun(),
    refreshTools: () => (core.refreshTools() ? { tools: prefixFor(core.system, core.toolSchemas, core.context.window).tools, registry: core.tools.registry } : undefined),
  });
}

/**
 * The loop's events as the session hands them on, recorded. Every streamed delta passes through here, so it is a
 * function of its own, optimized once per stream.
 */
async function* forwardRun(core: SessionCore, loop: AsyncGenerator<AgentEvent>, run: PromptRun): AsyncGenerator<AgentEvent> {
  for await (const event of loop) {
    yield* core.takeMcpNotices();
    if (event.type === 'tool_end') core.reminders.toolFinished(event.name);
    if (event.type === 'compaction' && event.level !== 'micro') core.reminders.compacted();
    if (event.type === 'run_end' && event.runId === run.runId) {
      core.atTurnLimit = event.reason === 'max_turns' && core.o.interactive;
      // A custom command's model and allowed tools hold for its continuation too.
      core.limitedRun = { allowedTools: run.options.allowedTools, model: run.options.model };
      // The snapshot before the message ran while the model answered: its record is in the log before the run ends.
      await core.checkpoints?.settled();
    }
    yield core.record(event);
  }
}
