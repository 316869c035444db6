// Admission of one call, in call order: validated → hook-checked → decided → asked; true when the call should run.
import { validateToolInput } from '../tools/runner.js';
import { decide, type HookVerdict } from '../permissions/decide.js';
import { hookEvent } from './toolRoundTypes.js';
import { askForCall } from './toolRoundAsk.js';
import type { RoundCall, RoundCalls } from './toolRoundState.js';

export async function admitCall(round: RoundCalls, c: RoundCall): Promise<boolean> {
  const p = round.p;
  const tool = c.tool;
  // Unknown tools and bad arguments are answered by the runner without asking anyone.
  if (!tool || (await validateToolInput(tool, c.call.input)) !== undefined) return runnerAnswers(round, c);
  round.move(c, 'validated');

  const hook = await checkHooks(round, c);
  if (hook === 'aborted') return false;
  round.move(c, 'hook-checked');
  // The rewritten arguments must still fit the tool; the runner reports them otherwise.
  if (hook?.rewritten && (await validateToolInput(tool, c.call.input)) !== undefined) return runnerAnswers(round, c);

  const decision = await decide(tool, c.call.input, p.mode, hook?.verdict, { policy: p.rules, cwd: p.cwd, interactive: p.interactive, askFallback: p.askFallback !== undefined });
  c.decision = decision;
  round.move(c, 'decided');
  if (decision.kind === 'deny') {
    round.refuse(c, decision.message, decision.label);
    return false;
  }
  if (decision.kind === 'allow') return run(round, c);
  round.move(c, 'asked');
  if (!(await askForCall(round, c, decision))) return false;
  return run(round, c);
}

function runnerAnswers(round: RoundCalls, c: RoundCall): true {
  c.runnerAnswers = true;
  round.move(c, 'running');
  return true;
}

function run(round: RoundCalls, c: RoundCall): true {
  round.move(c, 'running');
  return true;
}

/**
 * PreToolUse: what the hooks said goes into the round's hook state; a stop counts as a deny. Their rewritten arguments
 * replace the call's (`rewritten`). Undefined without hooks; `aborted` when Esc came while they ran.
 */
async function checkHooks(round: RoundCalls, c: RoundCall): Promise<{ verdict: HookVerdict; rewritten: boolean } | 'aborted' | undefined> {
  const p = round.p;
  if (!p.hooks) return undefined;
  const before = await p.hooks.loop.preToolUse(c.call, p.signal);
  for (const note of before.notes) p.emit(hookEvent(p.runId, note));
  p.hooks.state.context.push(...before.context);
  if (before.stop) p.hooks.state.stop ??= before.stop;
  if (p.signal.aborted) return 'aborted';
  if (before.permission === 'deny') return { verdict: { permission: 'deny', reason: before.reason }, rewritten: false };
  if (before.stop) return { verdict: { permission: 'deny', reason: before.stop }, rewritten: false };
  if (before.updatedInput) c.call.input = before.updatedInput;
  return { verdict: { permission: before.permission, reason: before.reason }, rewritten: before.updatedInput !== undefined };
}
