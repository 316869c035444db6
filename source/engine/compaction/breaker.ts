// The context circuit breaker: decides before each request whether to go on, compact, warn the model or stop.
export type BreakerAction = 'continue' | 'compact' | 'warn' | 'stop';

export interface BreakerOptions {
  /** Share of the window at which compaction starts. Default 0.9. */
  dangerRatio?: number;
  /** Share of the window at which, once compaction has given up, the run stops. Default 0.95. */
  stopRatio?: number;
  /** Compactions in a row that fail to get under the danger line before giving up. Default 3. */
  maxFailures?: number;
}

/** Told to the model once compaction can no longer free enough room. */
export const offloadWarning =
  'The context window is almost full and compacting it no longer frees enough room. Finish up now: hand any remaining large piece of work to a subagent, save anything worth keeping to memory, complete the current step, and keep replies and tool output brief (read only the lines you need, narrow commands).';

export class ContextBreaker {
  private readonly dangerRatio: number;
  private readonly stopRatio: number;
  private readonly maxFailures: number;
  private failures = 0;
  private warned = false;

  constructor(opts: BreakerOptions = {}) {
    this.dangerRatio = opts.dangerRatio ?? 0.9;
    this.stopRatio = opts.stopRatio ?? 0.95;
    this.maxFailures = opts.maxFailures ?? 3;
  }

  /** Before each request, given the estimated tokens and the window. */
  check(tokens: number, window: number): BreakerAction {
    const ratio = tokens / window;
    if (ratio < this.dangerRatio) return 'continue';
    if (this.failures < this.maxFailures) return 'compact';
    // Compaction has given up: warn the model once, then stop only when the context is about to overflow.
    if (!this.warned) {
      this.warned = true;
      return 'warn';
    }
    return ratio >= this.stopRatio ? 'stop' : 'continue';
  }

  /** Records a compaction: a success when it got under the danger line, otherwise a failure. */
  compacted(tokensAfter: number, window: number): void {
    if (tokensAfter / window < this.dangerRatio) {
      this.failures = 0;
      this.warned = false;
    } else {
      this.failures++;
    }
  }

  /** A new conversation starts with a clean slate. */
  reset(): void {
    this.failures = 0;
    this.warned = false;
  }
}
