// Notices the model making the same tool call (or the same short cycle of calls, A-B-A-B) with identical arguments
// and getting the identical results again and again.
import type { ToolResultBlock, ToolUseBlock } from '../protocol/messages.js';

const repeatWarnAt = 3;
const repeatStopAt = 5;
/** Cycles up to this many calls long are caught (1 = a straight repeat, 2 = A-B-A-B). */
const maxPeriod = 2;
const kept = repeatStopAt * maxPeriod + maxPeriod;

export class RepeatGuard {
  private recent: string[] = [];
  /** The cycle length behind the latest warn or stop: 1 for a straight repeat. */
  period = 1;

  /**
   * Feeds one round's calls and their results in order; says whether to warn the model or stop the run. A call
   * whose result changed (a poll of a task that printed more) is not a repeat: only the same call answered the
   * same way is.
   */
  observe(calls: readonly ToolUseBlock[], results: readonly ToolResultBlock[]): 'ok' | 'warn' | 'stop' {
    let verdict: 'ok' | 'warn' | 'stop' = 'ok';
    calls.forEach((call, i) => {
      const result = results[i];
      this.recent.push(JSON.stringify([call.name, call.input, result?.content ?? '', result?.isError === true]));
      if (this.recent.length > kept) this.recent.shift();
      for (let period = 1; period <= maxPeriod; period++) {
        const times = this.repetitions(period);
        if (times >= repeatStopAt && verdict !== 'stop') {
          verdict = 'stop';
          this.period = period;
        } else if (times >= repeatWarnAt && verdict === 'ok') {
          verdict = 'warn';
          this.period = period;
        }
      }
    });
    return verdict;
  }

  /** How many times the newest `period` calls repeat back to back at the end of the record. */
  private repetitions(period: number): number {
    const s = this.recent;
    let length = period;
    while (length < s.length && s[s.length - 1 - length] === s[s.length - 1 - length + period]) length++;
    // A cycle of two must hold two different calls: a straight repeat is counted as such.
    if (period > 1 && s.length >= 2 && s[s.length - 1] === s[s.length - 2]) return 0;
    return Math.floor(length / period);
  }
}
