// Notices the model making the same tool call with identical arguments again and again.
import type { ToolUseBlock } from '../providers/types.js';

export const repeatWarnAt = 3;
export const repeatStopAt = 5;

export class RepeatGuard {
  private last = '';
  private count = 0;

  /** Feeds the calls of one assistant message in order; says whether to warn the model or stop the run. */
  observe(calls: readonly ToolUseBlock[]): 'ok' | 'warn' | 'stop' {
    let verdict: 'ok' | 'warn' | 'stop' = 'ok';
    for (const call of calls) {
      const signature = `${call.name}\u0000${JSON.stringify(call.input)}`;
      this.count = signature === this.last ? this.count + 1 : 1;
      this.last = signature;
      if (this.count >= repeatStopAt) verdict = 'stop';
      else if (this.count >= repeatWarnAt && verdict === 'ok') verdict = 'warn';
    }
    return verdict;
  }
}
