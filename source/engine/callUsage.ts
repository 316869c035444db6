// The usage event a model call ends with: what it cost, the session's total after it, and how full the context is.
import type { Usage } from '../protocol/messages.js';
import type { AgentEvent } from '../protocol/events.js';
import type { LoopOptions } from './loopOptions.js';

/** The usage event of one model call: its tokens, the session's total after it, and how full the context is now. */
export function usageEvent(o: Pick<LoopOptions, 'context' | 'system' | 'tools' | 'history' | 'runId'>, turnUsage: Usage, totalUsage: Usage, model: string): AgentEvent {
  const tokens = o.context.estimate(o.system, o.tools, o.history.messages);
  const window = o.context.window;
  return { type: 'usage', runId: o.runId, turnUsage, totalUsage, model, context: { tokens, window, percent: Math.min(100, Math.round((tokens / window) * 1000) / 10) } };
}

