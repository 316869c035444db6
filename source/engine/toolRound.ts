// Runs the tool calls of one assistant message: admits them in call order (toolRoundAdmit.ts), runs read-only calls
// side by side and mutating calls one at a time (toolRoundRun.ts), and returns exactly one result per call, in call order.
import type { ToolResultBlock } from '../protocol/messages.js';
import type { ToolResult } from '../protocol/tools.js';
import { admitCall } from './toolRoundAdmit.js';
import { runCall } from './toolRoundRun.js';
import { RoundCalls, type RoundCall } from './toolRoundState.js';
import { interruptedResult, type ToolRoundParams } from './toolRoundTypes.js';

export { hookEvent, interruptedResult, summarizeCall, type RoundHookState, type ToolEnvironment, type ToolRoundParams } from './toolRoundTypes.js';

export async function runToolRound(p: ToolRoundParams): Promise<ToolResultBlock[]> {
  const round = new RoundCalls(p);
  const all = round.calls;
  let index = 0;
  /** Admits each of a run of consecutive calls that `fits`, in call order, then runs the admitted ones side by side. */
  const sideBySide = async (fits: (c: RoundCall) => boolean) => {
    const admitted: RoundCall[] = [];
    while (index < all.length && fits(all[index]) && round.going()) {
      const c = all[index++];
      if (await admitCall(round, c)) admitted.push(c);
    }
    if (round.going()) await Promise.all(admitted.map((c) => runCall(round, c)));
  };
  while (index < all.length && round.going()) {
    const tool = all[index].tool;
    // Read-only calls run side by side (deny rules and protected paths hold for reads too); so do concurrent calls
    // (subagents), each group admitted in call order.
    if (tool?.readOnly) await sideBySide((c) => c.tool?.readOnly === true);
    else if (tool?.concurrent) await sideBySide((c) => c.tool?.concurrent === true);
    else {
      const c = all[index++];
      if ((await admitCall(round, c)) && round.going()) await runCall(round, c);
      else if (!round.going()) break;
    }
  }

  return all.map((c) => {
    if (!c.result) round.finish(c, interruptedResult());
    const result = c.result as ToolResult;
    return { type: 'tool_result', toolUseId: p.calls[c.index].id, content: result.content, ...(result.images?.length ? { images: result.images } : {}), isError: result.isError || undefined };
  });
}
