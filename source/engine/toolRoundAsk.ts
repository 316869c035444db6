// The asked state: a call the decision put to someone is answered by the fallback (dontAsk, a permission prompt tool),
// or by PermissionRequest hooks and then the user in a dialog; true when the call should run.
import { validateToolInput } from '../tools/runner.js';
import type { AnyTool } from '../tools/types.js';
import { newId } from '../protocol/ids.js';
import type { ToolUseBlock } from '../protocol/messages.js';
import { decide, type Decision } from '../permissions/decide.js';
import { alwaysRuleKind } from '../permissions/alwaysRuleKind.js';
import { declinedMessage } from './approvals.js';
import type { AskFallback } from './askFallback.js';
import { permissionHook } from './permissionHook.js';
import { summarizeCall } from './toolRoundTypes.js';
import type { RoundCall, RoundCalls } from './toolRoundState.js';
import { errorMessage } from '../util/errors.js';

type Ask = Extract<Decision, { kind: 'ask' }>;

export async function askForCall(round: RoundCalls, c: RoundCall, decision: Ask): Promise<boolean> {
  const p = round.p;
  const tool = c.tool as AnyTool;
  if (decision.by === 'fallback' && p.askFallback) return askElsewhere(round, c, tool, p.askFallback);
  let alwaysRules = await p.rules.alwaysRules(tool, c.call.input, p.cwd);
  if (p.hooks?.loop.permissionRequest) {
    const hookState = p.hooks.state;
    const answered = await permissionHook({
      runId: p.runId, loop: p.hooks.loop, rules: p.rules, mode: p.mode, cwd: p.cwd, signal: p.signal, emit: p.emit,
      refuse: (result) => round.finish(c, result),
    }, c.call, tool, alwaysRules, decision.firm);
    if (answered === 'interrupt') hookState.interrupt = c.result?.content ?? 'A PermissionRequest hook interrupted the run.';
    if (answered === 'run') return true;
    if (answered !== 'ask') return false;
    alwaysRules = await p.rules.alwaysRules(tool, c.call.input, p.cwd);
  }
  let diff: string | undefined;
  if (tool.preview) {
    try {
      diff = await tool.preview(c.call.input, { cwd: p.cwd, workspace: p.workspace, signal: p.signal, state: p.state, toolCallId: c.call.id, onProgress: () => {} });
    } catch {
      diff = undefined;
    }
  }
  const answer = await askUser(round, c.call, tool, alwaysRules, decision.reason, diff);
  if (answer.kind === 'aborted') return false;
  if (answer.kind === 'no') {
    round.refuse(c, declinedMessage(answer.reason), answer.reason ? `declined: ${answer.reason}` : 'declined');
    return false;
  }
  return true;
}

/**
 * Puts a call to the user in the approval dialog and records an "always" answer as rules; shared by the asked state and
 * the sandbox's offer to run a command again outside it.
 */
export async function askUser(round: RoundCalls, call: ToolUseBlock, tool: AnyTool, alwaysRules: string[], reason: string | undefined, diff?: string): Promise<{ kind: 'yes' } | { kind: 'no'; reason?: string } | { kind: 'aborted' }> {
  const p = round.p;
  const approvalId = newId('appr');
  p.emit({
    type: 'approval_request',
    runId: p.runId,
    approvalId,
    toolCallId: call.id,
    name: tool.name,
    input: call.input,
    summary: summarizeCall(tool, call.input, p),
    alwaysScope: alwaysRules.join(', '),
    alwaysRules,
    alwaysKind: alwaysRuleKind(alwaysRules),
    ...(reason ? { reason } : {}),
    cwd: p.cwd,
    diff,
  });
  const decision = await p.broker.wait(approvalId, p.signal);
  if (decision === 'aborted') return { kind: 'aborted' };
  p.emit({ type: 'approval_resolved', runId: p.runId, approvalId, toolCallId: call.id, decision });
  if (decision.kind === 'always') {
    const where = p.rules.addAlways(alwaysRules, decision.scope ?? 'session');
    p.emit({ type: 'rules_added', runId: p.runId, rules: alwaysRules, source: where, toolCallId: call.id });
  }
  return decision.kind === 'no' ? { kind: 'no', reason: decision.reason } : { kind: 'yes' };
}

/** A call that would ask, answered by the fallback; changed arguments are decided again. */
async function askElsewhere(round: RoundCalls, c: RoundCall, tool: AnyTool, fallback: AskFallback): Promise<boolean> {
  const p = round.p;
  const deny = (message: string) => {
    round.refuse(c, message, 'denied');
    return false;
  };
  let answer: Awaited<ReturnType<AskFallback>>;
  try {
    answer = await fallback({ toolName: tool.name, input: c.call.input, toolUseId: c.call.id }, p.signal);
  } catch (error) {
    return deny(`The permission check could not decide on this ${tool.name} call (${errorMessage(error)}), so it was denied.`);
  }
  if (p.signal.aborted) return false;
  if (answer.behavior === 'deny') return deny(answer.message);
  if (!answer.updatedInput) return true;
  c.call.input = answer.updatedInput;
  if ((await validateToolInput(tool, c.call.input)) !== undefined) return true;
  const again = await decide(tool, c.call.input, p.mode, undefined, { policy: p.rules, cwd: p.cwd, interactive: p.interactive, askFallback: true });
  return again.kind === 'deny' ? deny(again.message) : true;
}
