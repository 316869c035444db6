// PermissionRequest: before a call is put to the user, the hooks may answer for them (allow, with rewritten arguments
// and rule updates, or deny, with a message and perhaps an interrupt). Deny rules and ask rules still hold.
import type { ToolUseBlock } from '../protocol/messages.js';
import { validateToolInput } from '../tools/runner.js';
import type { AnyTool } from '../tools/types.js';
import type { ToolResult } from '../protocol/tools.js';
import type { AgentEvent, PermissionMode } from '../protocol/events.js';
import type { LoopHooks } from '../extensions/hookTypes.js';
import type { PermissionPolicy } from '../permissions/policy.js';
import { decide } from '../permissions/decide.js';

export interface PermissionHookParams {
  runId: string;
  loop: LoopHooks;
  rules: PermissionPolicy;
  mode: PermissionMode;
  cwd: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Answers the call without running it. */
  refuse: (result: ToolResult) => void;
}

/** What the tool round does next: run the call, leave it answered (refused or interrupted), or ask the user. */
export type PermissionHookOutcome = 'run' | 'answered' | 'ask' | 'interrupt';

/**
 * Runs PermissionRequest for a call about to be asked; `call.input` is rewritten in place when a hook allows with
 * updatedInput. `firm` is true when an ask rule or a protected path asks: a hook's allow does not lift that.
 */
export async function permissionHook(p: PermissionHookParams, call: ToolUseBlock, tool: AnyTool, suggestions: string[], firm: boolean): Promise<PermissionHookOutcome> {
  if (!p.loop.permissionRequest) return 'ask';
  const answer = await p.loop.permissionRequest(call, suggestions, p.signal);
  for (const note of answer.notes) p.emit({ type: 'hook', runId: p.runId, ...note });
  if (p.signal.aborted) return 'answered';
  if (answer.behavior === 'deny') {
    // Measured on Claude Code 2.1.197: the model gets the hook's message as the call's result.
    p.refuse({ content: answer.message ?? 'A PermissionRequest hook denied this call.', display: { kind: 'text', text: 'denied by a PermissionRequest hook' }, isError: true });
    return answer.interrupt ? 'interrupt' : 'answered';
  }
  if (answer.behavior !== 'allow') return 'ask';
  for (const update of answer.updates) {
    if (update.kind !== 'rules') continue;
    const where = update.effect === 'allow' ? p.rules.addAlways(update.rules, update.scope) : (p.rules.addSessionRules(update.rules, update.effect), 'this session');
    p.emit({ type: 'rules_added', runId: p.runId, rules: update.rules, source: where, toolCallId: call.id });
  }
  if (answer.updatedInput) {
    call.input = answer.updatedInput;
    // Arguments that no longer fit the tool are reported by the runner; the rest are judged again by the rules.
    if ((await validateToolInput(tool, call.input)) !== undefined) return 'run';
    const again = await decide(tool, call.input, p.mode, undefined, { policy: p.rules, cwd: p.cwd, interactive: true });
    if (again.kind === 'deny') {
      p.refuse({ content: again.message, display: { kind: 'text', text: again.label }, isError: true });
      return 'answered';
    }
    return again.kind === 'ask' && again.firm ? 'ask' : 'run';
  }
  return firm ? 'ask' : 'run';
}
