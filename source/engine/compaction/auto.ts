// Automatic compaction: choose which older messages to summarise, and splice the summary in front of the kept ones.
import type { Message } from '../../protocol/messages.js';
import type { TokenCounter } from '../tokens.js';
import type { CompactionPlan } from './plan.js';
import { continuationMessage, cutBefore, recentFrom, splitPoints } from './splitPoints.js';
import { startsUserTurn } from './userText.js';

export type { CompactionPlan } from './plan.js';
export { applySummary } from './applySummary.js';
export { summaryRequest } from './summaryRequest.js';
export { dropOlderHalf } from './drop.js';

// One shared copy, so the counter's cache answers after the first plan.
const noteForCounting = continuationMessage();

export interface PlanOptions {
  keepBudgetTokens: number;
  /** Default 3. */
  keepUserTurns?: number;
  counter: TokenCounter;
}

/**
 * Keeps the last `keepUserTurns` user turns when they fit in `keepBudgetTokens`; otherwise keeps the newest
 * exchanges that fit (inside the current turn too), and at least the newest one. Undefined when nothing is older.
 */
export function planCompaction(history: Message[], opts: PlanOptions): CompactionPlan | undefined {
  const points = splitPoints(history);
  if (points.length === 0) return undefined;
  const keepTurns = Math.max(1, opts.keepUserTurns ?? 3);

  // suffix[i]: tokens of history[i..]; a cut at an assistant message also keeps the short continuation note.
  const suffix = new Array<number>(history.length + 1).fill(0);
  for (let i = history.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + opts.counter.countMessage(history[i]);
  const noteTokens = opts.counter.countMessage(noteForCounting);
  const cost = (s: number): number => suffix[s] + (history[s].role === 'assistant' ? noteTokens : 0);
  const plan = (s: number): CompactionPlan => ({ older: history.slice(0, s), recent: recentFrom(history, s) });

  const turns: number[] = [];
  history.forEach((message, i) => {
    if (startsUserTurn(message)) turns.push(i);
  });
  const turnCut = turns.length >= keepTurns ? cutBefore(history, turns[turns.length - keepTurns]) : 0;
  if (turnCut >= 1 && cost(turnCut) <= opts.keepBudgetTokens) return plan(turnCut);
  // The kept turns are the whole history and fit: nothing to summarise.
  if (turnCut < 1 && suffix[0] <= opts.keepBudgetTokens) return undefined;

  const fitting = points.find((s) => cost(s) <= opts.keepBudgetTokens);
  return plan(fitting ?? points[points.length - 1]);
}
