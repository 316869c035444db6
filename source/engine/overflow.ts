// Recovery from a provider's context-length error: learn the real window, shrink the history to fit it, and retry.
import type { ProviderError, ToolSchema } from '../providers/types.js';
import type { Message } from '../protocol/messages.js';
import { cutLargestToolResults, cutOversizedMessage } from './compaction/shrink.js';
import type { ContextManager } from './contextManager.js';
import { parseContextLimit } from './contextLimit.js';
import type { AgentEvent } from '../protocol/events.js';
import type { Conversation } from './history.js';
import { formatInt } from '../util/format.js';

/** Context-length errors in a row after which the run gives up. */
export const maxOverflowRetries = 3;

/** Share of the usable window the shrunk request aims for: the counts are estimates. */
const fitMargin = 0.85;

/** The output tokens a request may ask for under a window, so that some input always fits. */
export const outputBudget = (maxTokens: number, window: number): number => Math.max(1, Math.min(maxTokens, Math.floor(window / 4)));

export const doesNotFitMessage = (window: number): string =>
  `The conversation does not fit the model's context window of about ${formatInt(window)} tokens even after shrinking it; start a new conversation with /clear, or set "context.maxContextTokens" to the server's real window.`;

export interface OverflowInput {
  conversation: Conversation;
  system: string;
  tools: readonly ToolSchema[];
  error: ProviderError;
  /** Output tokens the rejected request asked for. */
  maxTokens: number;
  signal: AbortSignal;
  runId: string;
  /** Context-length errors in a row, this one included (1 after a request that went through). */
  streak: number;
}

/** Conversations whose current streak of context-length errors already had its summary of all but the newest turn. */
const summarisedInStreak = new WeakSet<Conversation>();

/**
 * By rein's count nothing is left to shrink, yet the server refused (its tokenizer, or an attachment rein counts
 * low): believe the server, summarise all but the newest turn and ask once more; a second refusal ends the run.
 */
async function* trustServer(context: ContextManager, o: OverflowInput): AsyncGenerator<AgentEvent, boolean> {
  if (summarisedInStreak.has(o.conversation)) return false;
  summarisedInStreak.add(o.conversation);
  yield { type: 'warning', runId: o.runId, message: "The server counts this conversation as longer than rein does; summarising all but the newest turn and trying once more." };
  const outcome = await context.compact(o.conversation, o.system, o.tools, 'overflow', undefined, o.signal, o.runId);
  if (outcome.event) yield outcome.event;
  if (outcome.error && outcome.ok) yield { type: 'warning', runId: o.runId, message: outcome.error };
  return outcome.ok;
}

/**
 * Learns the window from the error (or, when it names none, takes it to be below what was sent), then shrinks:
 * the largest tool results, then one oversized message, then a summary of all but the newest turn. Yields what it
 * did; returns whether the history changed (false: nothing left to shrink, the run cannot go on).
 */
export async function* recoverFromOverflow(context: ContextManager, o: OverflowInput): AsyncGenerator<AgentEvent, boolean> {
  if (o.streak <= 1) summarisedInStreak.delete(o.conversation);
  const fixed = context.counter.count(o.system) + context.counter.countTools(o.tools);
  const messages = o.conversation.messages as Message[];
  const sent = fixed + context.counter.countMessages(messages);
  const stated = parseContextLimit(o.error.detail ?? o.error.message);
  // Without a stated limit the window is below what was just sent (input plus the output asked for).
  const learned = stated.limit ?? Math.floor((sent + o.maxTokens) * fitMargin);
  if (learned < context.window) {
    context.learnWindow(learned);
    yield { type: 'warning', runId: o.runId, message: `The model's context window is ${stated.limit ? '' : 'about '}${formatInt(learned)} tokens, smaller than assumed; shrinking the conversation to fit it.` };
  } else {
    yield { type: 'warning', runId: o.runId, message: 'The request was longer than the model accepts; shrinking the conversation and retrying.' };
  }
  const window = context.window;
  // The server's count of what was sent corrects the estimate (tokenizers differ by model; an attachment may count
  // far more than its text): it is believed however far it is from rein's.
  const ratio = stated.requested ? Math.max(0.5, stated.requested / Math.max(1, sent)) : 1;
  const budget = Math.floor(((window - outputBudget(o.maxTokens, window)) * fitMargin) / ratio) - fixed;
  if (budget <= 0) return yield* trustServer(context, o);

  const before = context.counter.countMessages(messages);
  const cut = cutLargestToolResults(messages, budget, context.counter);
  let step = cut;
  if (step.tokens > budget) {
    const single = cutOversizedMessage(step.history, budget, context.counter);
    if (single.changed) step = { ...single, changed: true };
  }
  if (step.changed) {
    context.replaceHistory(o.conversation, step.history, o.system, o.tools);
    yield { type: 'compaction', runId: o.runId, level: 'auto', tokensBefore: before + fixed, tokensAfter: step.tokens + fixed };
    if (step.tokens <= budget) return true;
  }
  const outcome = await context.compact(o.conversation, o.system, o.tools, 'overflow', undefined, o.signal, o.runId);
  if (outcome.event) yield outcome.event;
  if (outcome.error && outcome.ok) yield { type: 'warning', runId: o.runId, message: outcome.error };
  if (outcome.ok) summarisedInStreak.add(o.conversation);
  return outcome.ok || step.changed;
}
