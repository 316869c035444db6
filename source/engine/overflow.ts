// Recovery from a provider's context-length error: learn the real window, shrink the history to fit it, and retry.
import type { ProviderError, ToolSchema } from '../providers/types.js';
import type { Message } from '../protocol/messages.js';
import { cutLargestToolResults, cutOversizedMessage } from './compaction/shrink.js';
import type { ContextManager } from './contextManager.js';
import { parseContextLimit } from './contextLimit.js';
import type { AgentEvent } from '../protocol/events.js';
import type { Conversation } from './history.js';

/** Context-length errors in a row after which the run gives up. */
export const maxOverflowRetries = 3;

/** Share of the usable window the shrunk request aims for: the counts are estimates. */
const fitMargin = 0.85;

/** The output tokens a request may ask for under a window, so that some input always fits. */
export const outputBudget = (maxTokens: number, window: number): number => Math.max(1, Math.min(maxTokens, Math.floor(window / 4)));

export const doesNotFitMessage = (window: number): string =>
  `The conversation does not fit the model's context window of about ${window.toLocaleString('en-US')} tokens even after shrinking it; start a new conversation with /clear, or set "context.maxContextTokens" to the server's real window.`;

export interface OverflowInput {
  conversation: Conversation;
  system: string;
  tools: readonly ToolSchema[];
  error: ProviderError;
  /** Output tokens the rejected request asked for. */
  maxTokens: number;
  signal: AbortSignal;
  runId: string;
}

/**
 * Learns the window from the error (or, when it names none, takes it to be below what was sent), then shrinks:
 * the largest tool results, then one oversized message, then a summary of all but the newest turn. Yields what it
 * did; returns whether the history changed (false: nothing left to shrink, the run cannot go on).
 */
export async function* recoverFromOverflow(context: ContextManager, o: OverflowInput): AsyncGenerator<AgentEvent, boolean> {
  const fixed = context.counter.count(o.system) + context.counter.countTools(o.tools);
  const messages = o.conversation.messages as Message[];
  const sent = fixed + context.counter.countMessages(messages);
  const stated = parseContextLimit(o.error.detail ?? o.error.message);
  // Without a stated limit the window is below what was just sent (input plus the output asked for).
  const learned = stated.limit ?? Math.floor((sent + o.maxTokens) * fitMargin);
  if (learned < context.window) {
    context.learnWindow(learned);
    yield { type: 'warning', runId: o.runId, message: `The model's context window is ${stated.limit ? '' : 'about '}${learned.toLocaleString('en-US')} tokens, smaller than assumed; shrinking the conversation to fit it.` };
  } else {
    yield { type: 'warning', runId: o.runId, message: 'The request was longer than the model accepts; shrinking the conversation and retrying.' };
  }
  const window = context.window;
  // The server's count of what was sent corrects the estimate (tokenizers differ by model).
  const ratio = stated.requested ? Math.min(3, Math.max(0.5, stated.requested / Math.max(1, sent))) : 1;
  const budget = Math.floor(((window - outputBudget(o.maxTokens, window)) * fitMargin) / ratio) - fixed;
  if (budget <= 0) return false;

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
  return outcome.ok || step.changed;
}
