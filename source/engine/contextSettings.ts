// The context manager's settings and what a compaction returns, for the manager and those that configure it.
import type { AgentEvent } from '../protocol/events.js';

export interface ContextSettings {
  window: number;
  dangerRatio: number;
  keepRecentToolResults: number;
  keepRecentRatio: number;
  /** The window was configured (context.maxContextTokens): no server's figure replaces it. */
  fixedWindow?: boolean;
}

export interface CompactionOutcome {
  ok: boolean;
  event?: Extract<AgentEvent, { type: 'compaction' }>;
  error?: string;
}
