// The agent loop: an async generator that streams model turns, runs tools and yields AgentEvents until the run ends.
import type { ProviderError } from '../providers/types.js';
import { addUsage, emptyUsage, isEmptyUsage, type AssistantMessage, type ToolResultBlock, type ToolUseBlock } from '../protocol/messages.js';
import type { AgentEvent, RunEndReason } from '../protocol/events.js';
import { validateHistory } from './validateHistory.js';
import { repairHistory } from './historyRepair.js';
import { newId } from '../protocol/ids.js';
import { streamModelCall } from './modelCall.js';
import { doesNotFitMessage, maxOverflowRetries, outputBudget, recoverFromOverflow } from './overflow.js';
import { RepeatGuard } from './repeatGuard.js';
import { hookEvent, type RoundHookState } from './toolRound.js';
import { prepareCall, toolRound } from './loopRound.js';
import { wrapReminder } from './reminders.js';
import { ToolErrorGuard } from './toolErrorGuard.js';
import { describeLengthCut } from './lengthCut.js';
import { usageEvent } from './callUsage.js';

import type { LoopOptions } from './loopOptions.js';

export type { LoopOptions };

/** Errors that will not go away by asking again. */
// The provider has already retried what can be retried: asking again cannot fix these (a server that cannot be
// reached included, whose error would otherwise be repeated for every new attempt).
const fatalErrorKinds = new Set<ProviderError['kind']>(['auth', 'not_found', 'bad_request', 'connection']);
const maxConsecutiveErrors = 3;
const cutPlaceholder = '(cut off by the length limit)';
/** What a fallback model answers for: the model is overloaded, unknown to the server, or its server keeps failing. */
const fallbackErrorKinds = new Set<ProviderError['kind']>(['overloaded', 'not_found', 'server']);
const maxStopContinuations = 8;

const resultText = (result: ToolResultBlock | undefined): string =>
  result === undefined ? '' : typeof result.content === 'string' ? result.content : JSON.stringify(result.content);

const textOf = (message: AssistantMessage): string =>
  message.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');

const notRunBlocks = (calls: readonly ToolUseBlock[], why: string) =>
  calls.map((c) => ({ type: 'tool_result' as const, toolUseId: c.id, content: `Not run: ${why}`, isError: true }));

/**
 * Runs one user message to its end. A consumer that stops reading (breaks out or throws) ends the run as Esc
 * would: everything running is aborted and every pending call is answered "interrupted" before the generator
 * closes, so the history stays valid for the next message.
 */
export async function* runAgentLoop(o: LoopOptions): AsyncGenerator<AgentEvent, void, undefined> {
  const stop = new AbortController();
  const follow = () => stop.abort(o.signal.reason);
  if (o.signal.aborted) follow();
  else o.signal.addEventListener('abort', follow, { once: true });
  let ended = false;
  try {
    yield* runTurns({ ...o, signal: stop.signal }, () => stop.abort());
    ended = true;
  } finally {
    if (!ended) stop.abort();
    o.signal.removeEventListener('abort', follow);
  }
}

async function* runTurns(o: LoopOptions, abortRun: () => void): AsyncGenerator<AgentEvent, void, undefined> {
  const started = Date.now();
  let runUsage = emptyUsage();
  let turns = 0;
  let lastText = '';
  let consecutiveErrors = 0;
  let overflows = 0;
  let cutsInARow = 0;
  const repeats = new RepeatGuard();
  // Stop hooks that sent the model back to work in a row: past eight the turn ends anyway (Claude Code's cap).
  let stopContinuations = 0;
  const toolErrors = new ToolErrorGuard(o.maxConsecutiveToolErrors);
  let warnedRepeat = false;
  if (o.prompt !== undefined) o.history.appendUserText(o.prompt);
  for (const text of o.attached ?? []) o.history.appendUserText(text);

  let model = o.model;
  const fallbacks = [...(o.fallbackModels ?? [])];
  const end = (reason: RunEndReason, error?: string): AgentEvent => ({
    type: 'run_end', runId: o.runId, reason, text: lastText, turns, usage: runUsage, durationMs: Date.now() - started, error,
    ...(o.structuredOutput?.value !== undefined ? { structuredOutput: o.structuredOutput.value } : {}),
  });
  const budgetStop = o.overBudget?.();
  if (budgetStop) return yield end('budget', budgetStop);

  while (true) {
    if (o.signal.aborted) return yield end('aborted');
    if (o.maxTurns > 0 && turns >= o.maxTurns) {
      // An interactive session asks whether to go on (its continueRun); headless runs and subagents just stop.
      if (!o.askAtTurnLimit) yield { type: 'warning', runId: o.runId, message: `Stopped after ${o.maxTurns} ${o.maxTurns === 1 ? 'turn' : 'turns'} (maxTurns); raise it with --max-turns or "maxTurns" in agent.config.json.` };
      return yield end('max_turns');
    }
    // A turn boundary: tools of MCP servers that came up meanwhile join here, never in the middle of a round.
    const fresh = o.refreshTools?.();
    if (fresh) {
      o.tools = fresh.tools;
      o.registry = fresh.registry;
    }
    // Steering joins the newest user turn (after the round's results), never rewriting what was sent before.
    for (const text of o.steering?.() ?? []) {
      o.history.appendUserText(text);
      yield { type: 'steer', runId: o.runId, text };
    }
    for (const reminder of o.reminders()) o.history.appendUserText(reminder);
    const prepared = yield* o.context.prepare(o.history, o.system, o.tools, o.runId, o.signal);
    if (prepared === 'stop') {
      const text = 'The context window is full and compaction cannot free more room; start a new conversation with /clear (or a new `rein -p` run) and a narrower request.';
      yield { type: 'error', runId: o.runId, message: text };
      return yield end('context_full', text);
    }
    const problem = validateHistory(o.history.messages);
    if (problem) {
      // An invalid request is never sent: the APIs would reject it, and every later one with it.
      o.history.replace(repairHistory(o.history.messages));
      yield { type: 'warning', runId: o.runId, message: `The conversation was inconsistent (${problem}) and was repaired before the next request.` };
    }
    turns += 1;
    const turnId = newId('turn');
    const messageId = newId('msg');
    yield { type: 'turn_start', runId: o.runId, turnId, turn: turns };
    yield { type: 'message_start', runId: o.runId, turnId, messageId };

    const maxTokens = outputBudget(o.maxTokens, o.context.window);
    const request = {
      system: o.system,
      tools: o.tools,
      messages: [...o.history.messages],
      options: { model, maxTokens, temperature: o.temperature },
      written: o.onRequestWritten,
    };
    const call = yield* streamModelCall(o.provider, request, { runId: o.runId, messageId }, o.signal, (name) => prepareCall(o, name));
    let { message } = call;
    const { stopReason, usage, error } = call;
    // Every call is counted, a stopped or failed one too: its tokens were spent (estimated when the server sent no count).
    const count = (): AgentEvent => {
      runUsage = addUsage(runUsage, call.spent);
      return usageEvent(o, call.spent, o.onUsage(call.spent, model), model);
    };

    if (stopReason === 'aborted' || o.signal.aborted) {
      // Keep what was said; drop reasoning and unfinished tool calls, which the APIs would reject without their pairs.
      const kept = message.content.filter((b) => b.type === 'text' && b.text.length > 0);
      if (kept.length > 0) o.history.append({ role: 'assistant', content: kept });
      if (!isEmptyUsage(call.spent)) yield count();
      yield { type: 'message_end', runId: o.runId, turnId, messageId, message: { role: 'assistant', content: kept }, stopReason: 'aborted', usage };
      return yield end('aborted');
    }

    if (stopReason === 'error') {
      if (!isEmptyUsage(call.spent)) yield count();
      yield { type: 'message_end', runId: o.runId, turnId, messageId, message: { role: 'assistant', content: [] }, stopReason, usage };
      turns -= 1;
      if (error?.kind === 'context_length') {
        // The provider says the request is too long: learn its window, shrink the history to fit, and ask again.
        overflows += 1;
        const shrunk = overflows <= maxOverflowRetries
          ? yield* recoverFromOverflow(o.context, {
              conversation: o.history, system: o.system, tools: o.tools, error, maxTokens, signal: o.signal, runId: o.runId, streak: overflows,
            })
          : false;
        if (o.signal.aborted) return yield end('aborted');
        if (shrunk) continue;
        const text = doesNotFitMessage(o.context.window);
        yield { type: 'error', runId: o.runId, message: text };
        return yield end('error', text);
      }
      const fallback = error && fallbackErrorKinds.has(error.kind) ? fallbacks.shift() : undefined;
      if (fallback !== undefined) {
        yield { type: 'model_fallback', runId: o.runId, from: model, to: fallback, reason: error?.kind === 'overloaded' ? 'overloaded' : 'unavailable', message: error?.message ?? '' };
        model = fallback;
        continue;
      }
      consecutiveErrors += 1;
      const text = error?.message ?? 'The model call failed for an unknown reason.';
      yield { type: 'error', runId: o.runId, message: text, ...(error?.status !== undefined ? { status: error.status } : {}) };
      if ((error && fatalErrorKinds.has(error.kind)) || consecutiveErrors >= maxConsecutiveErrors) {
        // StopFailure runs instead of Stop; what it says is not read (as in Claude Code).
        await o.hooks?.stopFailure?.(error?.kind ?? 'unknown', text, o.signal);
        return yield end('error', text);
      }
      o.history.appendUserText(`<error>The previous model call failed: ${text} Continue with the task.</error>`);
      continue;
    }
    consecutiveErrors = 0;
    overflows = 0;

    const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    const cut = stopReason === 'max_tokens'
      ? describeLengthCut({
          outputTokens: usage.outputTokens, estimated: usage.estimated === true, askedFor: maxTokens, cutCall: call.cutCall, calls: calls.length,
          hasText: textOf(message).trim() !== '', hasThinking: message.content.some((b) => b.type === 'thinking'), cutsInARow,
        })
      : undefined;
    cutsInARow = cut?.note && calls.length === 0 ? cutsInARow + 1 : 0;
    if (message.content.length === 0) message = { role: 'assistant', content: [{ type: 'text', text: cut ? cutPlaceholder : '(no answer)' }] };
    o.history.append(message);
    // An estimate is no anchor: the context's own count is at least as good.
    if (!usage.estimated) o.context.observe(usage.inputTokens + usage.outputTokens, o.history.length);
    yield count();
    // The placeholder of a cut answer is for the history only: the run's answer is what the model said.
    lastText = (cut ? textOf(message).replace(cutPlaceholder, '') : textOf(message)) || lastText;
    yield { type: 'message_end', runId: o.runId, turnId, messageId, message, stopReason, usage };
    if (cut?.warning) yield { type: 'warning', runId: o.runId, message: cut.warning };
    const overBudget = o.overBudget?.();
    if (overBudget) {
      // The calls never run; each still gets its result, so the history stays valid for a later run.
      if (calls.length > 0) o.history.append({ role: 'user', content: notRunBlocks(calls, overBudget) });
      return yield end('budget', overBudget);
    }
    if (cut?.error) return yield end('error', cut.error);

    if (calls.length === 0) {
      if (cut?.note) {
        o.history.appendUserText(wrapReminder(cut.note));
        continue;
      }
      if (stopReason === 'max_tokens') return yield end('done');
      if (stopReason === 'refusal') return yield end('refusal', 'The model declined to continue.');
      if (o.hooks) {
        const stop = await o.hooks.stop(stopContinuations > 0, lastText, o.signal);
        for (const note of stop.notes) yield hookEvent(o.runId, note);
        if (o.signal.aborted) return yield end('aborted');
        // A block sends the model back with the reason; additionalContext alone does too, as feedback.
        const feedback = stop.block ? `A Stop hook asks you to continue before finishing:\n${stop.block}` : stop.context.length > 0 ? `Stop hook feedback:\n${stop.context.join('\n')}` : undefined;
        if (feedback && !stop.stop && !stop.impossible) {
          if (stopContinuations >= maxStopContinuations) {
            yield { type: 'warning', runId: o.runId, message: `A hook blocked the turn from ending ${stopContinuations + 1} times in a row; the turn ends anyway. A Stop hook should let the model stop once stop_hook_active is true.` };
            return yield end('done');
          }
          stopContinuations += 1;
          o.history.appendUserText(wrapReminder(feedback));
          continue;
        }
      }
      const demand = o.structuredOutput?.missing();
      if (demand) {
        o.history.appendUserText(demand);
        continue;
      }
      return yield end('done');
    }

    stopContinuations = 0;
    const hookState: RoundHookState = { context: [] };
    const ran = new Set<string>();
    const results = yield* toolRound(o, calls, abortRun, hookState, ran);
    if (hookState.interrupt !== undefined) {
      yield { type: 'warning', runId: o.runId, message: `A PermissionRequest hook interrupted the run: ${hookState.interrupt}` };
      return yield end('aborted');
    }
    if (o.hooks?.postToolBatch && !o.signal.aborted) {
      const batch = await o.hooks.postToolBatch(calls.map((call, i) => ({ call, content: resultText(results[i]) })), o.signal);
      for (const note of batch.notes) yield hookEvent(o.runId, note);
      hookState.context.push(...batch.context);
      hookState.stop ??= batch.stop ?? batch.block;
    }
    // What hooks added goes into the newest user turn, after the results, so the request prefix stays as it was.
    for (const text of hookState.context.splice(0)) o.history.appendUserText(wrapReminder(text));
    if (cut?.note) o.history.appendUserText(wrapReminder(cut.note));
    if (hookState.stop) {
      yield { type: 'warning', runId: o.runId, message: `A hook stopped the run: ${hookState.stop}` };
      return yield end('blocked', hookState.stop);
    }
    if (hookState.endRun !== undefined && !o.signal.aborted) {
      lastText = hookState.endRun;
      return yield end('done');
    }
    const given = o.structuredOutput?.afterRound(calls, results);
    if (given) return yield end(given.reason, given.error);
    const repeat = repeats.observe(calls, results);
    if (repeat === 'stop') {
      const what = repeats.period === 1
        ? 'made the same tool call with identical arguments 5 times in a row and got the same result each time'
        : `went round the same ${repeats.period} tool calls with identical arguments 5 times and got the same results each time`;
      // The run's end carries the one message the user sees (the TUI's summary, headless stderr).
      return yield end('repeated_tool_call', `Stopped: the model ${what}. Rephrase the task or add detail.`);
    }
    const failing = toolErrors.observe(calls, results, ran);
    if (failing.kind === 'stop' && !o.signal.aborted) return yield end('tool_errors', failing.message);
    if (repeat === 'warn') {
      const what = repeats.period === 1 ? 'the same tool call' : `the same ${repeats.period} tool calls in turn`;
      const text = `You have made ${what} with identical arguments 3 times in a row and got the same result each time. Asking again will not change it: change your approach, or stop and tell the user what is blocking you.`;
      o.history.appendUserText(`<system-reminder>${text}</system-reminder>`);
      // The model is reminded each time; the user is told once a run.
      if (!warnedRepeat) yield { type: 'warning', runId: o.runId, message: `The model repeated ${what} 3 times with the same result; it was told to change approach.` };
      warnedRepeat = true;
    }
    if (o.signal.aborted) return yield end('aborted');
  }
}
