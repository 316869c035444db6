// The one admission decision for a tool call: the rules' verdict (rules, mode, destructive guard, protected paths,
// steering files) weighed against what a PreToolUse hook said and against who, if anyone, can be asked.
import type { PermissionMode } from '../protocol/events.js';
import { kindOf, type AnyTool } from '../tools/types.js';
import type { PermissionPolicy } from './policy.js';

/** What the PreToolUse hooks said about a call; a hook's stop counts as its deny. */
export interface HookVerdict {
  permission?: 'allow' | 'ask' | 'deny';
  reason?: string;
}

export interface DecideContext {
  policy: PermissionPolicy;
  cwd: string;
  /** False in headless mode: a call that would ask is denied, unless a fallback answers it. */
  interactive: boolean;
  /** dontAsk mode or a permission prompt tool answers what would ask, instead of a dialog or the headless denial. */
  askFallback?: boolean;
  /** The sandbox stopped the call: whether it may run again outside (asked of the user every time, never a rule's or a mode's call). */
  outsideSandbox?: boolean;
}

export type Decision =
  | { kind: 'allow' }
  /** `by`: who answers, the user in a dialog or the fallback. `firm`: an ask rule or a protected path asks, which a PermissionRequest hook's allow does not lift. */
  | { kind: 'ask'; by: 'user' | 'fallback'; firm: boolean; reason?: string }
  /** `by`: a PreToolUse hook, the rules (deny rules, guard, plan mode), or nobody to ask. */
  | { kind: 'deny'; by: 'hook' | 'rules' | 'headless'; message: string; label: string };

/** Names only the modes that would have let the call run: auto-edit covers file edits, yolo covers everything. */
export function headlessDeniedMessage(tool: string, mode: string, editsFiles = false): string {
  const modes = editsFiles && mode !== 'auto-edit' ? '--permission-mode auto-edit or yolo' : '--permission-mode yolo';
  return `${tool} needs the user's approval, but rein is running headless in ${mode} mode and cannot ask, so the call was denied. Use read-only tools, or the user can rerun with ${modes}.`;
}

export const sandboxRerunQuestion = 'it failed inside the sandbox: run it again outside?';

/**
 * Precedence, first match wins: a hook's deny; a deny from the rules (deny rules, the destructive guard and plan mode win
 * over a hook's allow); the rules' allow unless a hook asks; a hook's allow over a soft ask (not a firm one); then an
 * ask, answered by the fallback, else refused headless, else put to the user.
 */
export async function decide(tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode, hook: HookVerdict | undefined, c: DecideContext): Promise<Decision> {
  if (c.outsideSandbox) return decideRerun(tool, input, mode, c);
  if (hook?.permission === 'deny') {
    return { kind: 'deny', by: 'hook', label: 'blocked by a hook', message: `A PreToolUse hook refused this ${tool.name} call: ${hook.reason ?? 'no reason given'}` };
  }
  const verdict = await c.policy.judge(tool, input, mode, c.cwd);
  if (verdict.kind === 'deny') return { kind: 'deny', by: 'rules', label: verdict.label, message: verdict.message };
  if (verdict.kind === 'allow' && hook?.permission !== 'ask') return { kind: 'allow' };
  const firm = verdict.kind === 'ask' && verdict.firm === true;
  if (verdict.kind === 'ask' && hook?.permission === 'allow' && !firm) return { kind: 'allow' };
  const reason = hook?.permission === 'ask' ? `a hook asks${hook.reason ? `: ${hook.reason}` : ''}` : verdict.kind === 'ask' ? verdict.reason : undefined;
  if (c.askFallback) return { kind: 'ask', by: 'fallback', firm, ...(reason ? { reason } : {}) };
  if (!c.interactive) {
    return { kind: 'deny', by: 'headless', label: 'denied: needs approval', message: headlessDeniedMessage(tool.name, mode, kindOf(tool) === 'edit') };
  }
  return { kind: 'ask', by: 'user', firm, ...(reason ? { reason } : {}) };
}

/** A command the sandbox stopped: a deny still holds, headless nobody can approve it, otherwise the user is asked. */
async function decideRerun(tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode, c: DecideContext): Promise<Decision> {
  const verdict = await c.policy.judge(tool, input, mode, c.cwd, true);
  if (verdict.kind === 'deny') return { kind: 'deny', by: 'rules', label: verdict.label, message: verdict.message };
  if (!c.interactive) {
    return { kind: 'deny', by: 'headless', label: 'denied: needs approval', message: 'Running it outside the sandbox needs the user\'s approval, which a headless run cannot ask for.' };
  }
  return { kind: 'ask', by: 'user', firm: true, reason: sandboxRerunQuestion };
}
