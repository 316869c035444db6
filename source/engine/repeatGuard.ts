// Notices the model making the same tool call with identical arguments and getting the identical result again and again.
import type { ToolResultBlock, ToolUseBlock } from '../providers/types.js';

export const repeatWarnAt = 3;
export const repeatStopAt = 5;

export class RepeatGuard {
  private last = '';
  private count = 0;

  /**
   * Feeds one round's calls and their results in order; says whether to warn the model or stop the run. A call
   * whose result changed (a poll of a task that printed more) is not a repeat: only the same call answered the
   * same way is.
   */
  observe(calls: readonly ToolUseBlock[], results: readonly ToolResultBlock[]): 'ok' | 'warn' | 'stop' {
    let verdict: 'ok' | 'warn' | 'stop' = 'ok';
    calls.forEach((call, i) => {
      const result = results[i];
      const signature = JSON.stringify([call.name, call.input, result?.content ?? '', result?.isError === true]);
      this.count = signature === this.last ? this.count + 1 : 1;
      this.last = signature;
      if (this.count >= repeatStopAt) verdict = 'stop';
      else if (this.count >= repeatWarnAt && verdict === 'ok') verdict = 'warn';
    });
    return verdict;
  }
}
