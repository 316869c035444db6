// Notices tool calls that keep failing (with any arguments) and arguments that keep arriving as broken JSON.
import type { ToolResultBlock, ToolUseBlock } from '../protocol/messages.js';
import { INVALID_JSON_KEY } from '../providers/toolInput.js';

const defaultMaxConsecutiveToolErrors = 8;
const maxConsecutiveInvalidCalls = 3;

export type ToolErrorVerdict = { kind: 'ok' } | { kind: 'stop'; message: string };

export class ToolErrorGuard {
  private failed = 0;
  private invalid = 0;

  constructor(private readonly maxFailed = defaultMaxConsecutiveToolErrors) {}

  /**
   * Feeds one round in call order. `ran` holds the ids of calls that were executed: a call the user or a rule
   * declined is not the model failing, so it neither counts nor resets the count.
   */
  observe(calls: readonly ToolUseBlock[], results: readonly ToolResultBlock[], ran: ReadonlySet<string>): ToolErrorVerdict {
    let verdict: ToolErrorVerdict = { kind: 'ok' };
    calls.forEach((call, i) => {
      if (!ran.has(call.id)) return;
      const broken = call.input?.[INVALID_JSON_KEY] !== undefined;
      this.invalid = broken ? this.invalid + 1 : 0;
      this.failed = results[i]?.isError === true ? this.failed + 1 : 0;
      if (verdict.kind === 'stop') return;
      if (this.invalid >= maxConsecutiveInvalidCalls) {
        verdict = { kind: 'stop', message: `Stopped: the model sent tool arguments that were not valid JSON ${this.invalid} times in a row. Try again, or switch to a model that handles tool calls more reliably.` };
      } else if (this.maxFailed > 0 && this.failed >= this.maxFailed) {
        verdict = { kind: 'stop', message: `Stopped: ${this.failed} tool calls in a row failed. Check the errors above, fix what blocks them (or rephrase the task), and send a message to continue; "maxConsecutiveToolErrors" in agent.config.json sets the limit.` };
      }
    });
    return verdict;
  }
}
