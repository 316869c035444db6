// The prompt pipeline's stages, each on its own: a stage yields the run's events (already recorded) and returns
// false when it has ended the run (its run_end is out), true to hand the message on to the next stage.
import type { AgentEvent } from '../../protocol/events.js';
import { emptyUsage } from '../../protocol/messages.js';
import { EventQueue } from '../eventQueue.js';
import { attachMentions, type Attachment } from '../mentions.js';
import { preparedCallRunner } from '../preparedCalls.js';
import type { SessionCore } from './core.js';
import { typedCommand } from './hookPorts.js';
import type { PromptOptions } from './types.js';
import { errorMessage } from '../../util/errors.js';

/** One prompt on its way through the pipeline. */
export interface PromptRun {
  readonly runId: string;
  readonly signal: AbortSignal;
  /** The user's message; undefined when the run continues the conversation as it stands. */
  readonly text: string | undefined;
  readonly options: PromptOptions;
  /** What the model will be sent, as the stages have made it so far. */
  message: string | undefined;
  attachments: Attachment[];
  /** Takes back the rules a command's `allowed-tools` granted for this run. */
  revokeGrant?: () => void;
}

export type PromptStage = (core: SessionCore, run: PromptRun) => AsyncGenerator<AgentEvent, boolean>;

/** A run's end before any model call. */
const endEarly = (runId: string, reason: 'done' | 'aborted' | 'blocked' | 'error', extra: { text?: string; error?: string } = {}): AgentEvent =>
  ({ type: 'run_end', runId, reason, text: extra.text ?? '', turns: 0, usage: emptyUsage(), durationMs: 0, ...(extra.error !== undefined ? { error: extra.error } : {}) });

/** `reply`: the message is answered with fixed text and no model is called (`Unknown command: /x`). */
// eslint-disable-next-line @typescript-eslint/require-await -- every stage is an async generator; this one has nothing to wait for
export const replyStage: PromptStage = async function* (core, run) {
  if (run.options.reply === undefined) return true;
  yield core.record(endEarly(run.runId, 'done', { text: run.options.reply }));
  return false;
};

/** Notices, a command's own hooks, then UserPromptSubmit (and UserPromptExpansion), which may refuse the message. */
export const hookGateStage: PromptStage = async function* (core, run) {
  for (const message of run.options.notices ?? []) yield core.record({ type: 'warning', runId: run.runId, message });
  // A command's own hooks join before UserPromptSubmit, which they may include (Claude Code's order).
  if (run.options.hooks && run.options.hooks.length > 0) core.o.hooks?.addHooks(run.options.hooks);
  if (!core.hooks || run.text === undefined) return true;
  // Hooks see the message as it was typed ("/review 12" for a custom command).
  const typed = typedCommand(run.text, run.options.display, run.options.expand !== undefined);
  const refused = yield* core.hooks.beforePrompt(run.options.display ?? run.text, run.runId, run.signal, typed);
  if (!refused) return true;
  yield core.record(endEarly(run.runId, run.signal.aborted ? 'aborted' : 'blocked', { error: refused }));
  return false;
};

/** The workspace snapshot a user message can be rewound to: queued now, taken once the request is written. */
// eslint-disable-next-line @typescript-eslint/require-await -- every stage is an async generator; this one starts work it does not wait for
export const checkpointStage: PromptStage = async function* (core, run) {
  if (run.text !== undefined) core.checkpoints?.beforeRun();
  return true;
};

/** MCP tools of the moment and their notices; then the rules a command's `allowed-tools` grant for this run. */
export const mcpStage: PromptStage = async function* (core, run) {
  // MCP servers still starting are not waited for: their tools join at a turn boundary once they are up.
  if (core.o.waitForMcp) await core.mcp.ready(run.signal);
  core.refreshTools();
  yield* core.takeMcpNotices();
  if (run.options.allowedTools && run.options.allowedTools.length > 0) run.revokeGrant = core.rules.grantForRun(run.options.allowedTools);
  return true;
};

/** A command's message: its shell commands and file reads run first, through the permission check, as part of the run. */
export const commandStage: PromptStage = async function* (core, run) {
  const expand = run.options.expand;
  if (!expand || run.text === undefined) return true;
  const queue = new EventQueue<AgentEvent>();
  const tools = preparedCallRunner({
    registry: core.tools.registry, rules: core.rules, broker: core.broker, interactive: core.o.interactive, askFallback: core.compat.askFallback,
    cwd: core.o.cwd, workspace: core.o.workspace, state: core.state, signal: run.signal,
    runId: run.runId, mode: core.info.mode, emit: (event) => queue.push(event), sessionId: core.info.sessionId,
  });
  const expanding = expand(tools);
  for await (const event of queue.drainUntil(expanding)) yield core.record(event);
  const outcome = await expanding.catch((error: unknown) => ({ ok: false as const, problem: `The command could not be prepared (${errorMessage(error)}).` }));
  if (outcome.ok) {
    run.message = outcome.text;
    return true;
  }
  const aborted = run.signal.aborted;
  if (!aborted) yield core.record({ type: 'error', runId: run.runId, message: outcome.problem });
  yield core.record(endEarly(run.runId, aborted ? 'aborted' : 'error', { error: aborted ? undefined : outcome.problem }));
  return false;
};

/** MCP resources (@server:uri) and server prompts (/mcp__server__prompt). */
export const mcpExpandStage: PromptStage = async function* (core, run) {
  if (run.message === undefined) return true;
  const expanded = await core.mcp.expand(run.message, run.signal);
  for (const warning of expanded.warnings) yield core.record({ type: 'warning', runId: run.runId, message: warning });
  if (expanded.error !== undefined) {
    yield core.record({ type: 'error', runId: run.runId, message: expanded.error });
    yield core.record(endEarly(run.runId, 'error', { error: expanded.error }));
    return false;
  }
  run.message = expanded.text;
  return true;
};

/** `@path` mentions in the user's own words become attachments (a command's body has its own expansion). */
export const mentionsStage: PromptStage = async function* (core, run) {
  if (run.options.expand || run.message === undefined) return true;
  const mentioned = await attachMentions({
    text: run.message, rules: core.rules, mode: core.info.mode,
    ctx: { cwd: core.o.cwd, workspace: core.o.workspace, signal: run.signal, onProgress: () => {}, state: core.state, toolCallId: `${run.runId}-mentions` },
  });
  for (const note of mentioned.notes) yield core.record({ type: 'warning', runId: run.runId, message: note });
  if (mentioned.attachments.length > 0) yield core.record({ type: 'attachments', runId: run.runId, items: mentioned.attachments.map((a) => a.summary) });
  run.attachments = mentioned.attachments;
  return true;
};

/** The point /rewind can go back to: the conversation as it was before this message. */
// eslint-disable-next-line @typescript-eslint/require-await -- every stage is an async generator; this one has nothing to wait for
export const rewindPointStage: PromptStage = async function* (core, run) {
  if (run.message !== undefined) core.checkpoints?.addPoint(run.runId, run.options.display ?? run.text ?? run.message, run.message, core.history.messages);
  return true;
};
