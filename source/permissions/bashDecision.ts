// Decides one bash command on what bash will run: deny rules, the destructive guard, paths, files that steer rein,
// allow rules, and the mode, in that order.
import type { PermissionMode } from '../protocol/events.js';
import { allowCovers, denyCovers } from './bashRules.js';
import { judgePaths, type PathJudge } from './bashPaths.js';
import { destructiveRefusal, guardVerdict, unsureReason } from './guard.js';
import { isReadOnlyView } from './readOnlyCommands.js';
import type { PermissionRule } from './rules.js';
import { initialState, type ShellContext } from './shellState.js';
import { steeringAskReason } from './steering.js';
import { planModeRefusal, type PermissionVerdict } from './verdict.js';
import { expandShell } from './wrappers.js';

export interface BashJudge extends PathJudge {
  shell: ShellContext;
  /** Bash rules and whole-tool bash rules in force. */
  rules: PermissionRule[];
  sandboxed: boolean;
}

const normalize = (command: string) => command.trim().replace(/\s+/g, ' ');

/** The verdict for `command` run in `cwd`; `outsideSandbox` decides it as if the sandbox were off. Requires the parser. */
export function decideBashCommand(command: string, mode: PermissionMode, cwd: string, outsideSandbox: boolean, judge: BashJudge): PermissionVerdict {
  const ctx = judge.shell;
  const expanded = expandShell(command, ctx, initialState(cwd));
  const { views } = expanded;
  const rules = judge.rules;
  const denied = rules.find((r) => r.effect === 'deny' && views.some((v) => denyCovers(r, v, command, ctx)));
  if (denied) return { kind: 'deny', label: 'denied by a rule', message: `A permission rule (${denied.text} in ${denied.source}) denies this command. Do not retry it or a variant of it; choose another approach or ask the user.` };
  const paths = judgePaths(expanded, judge, cwd);
  if (paths.denied) {
    const { rule, path } = paths.denied;
    return { kind: 'deny', label: 'denied by a rule', message: `A permission rule (${rule.text} in ${rule.source}) denies access to ${path}, which this command would touch. Do not retry it or a variant of it; choose another approach or ask the user.` };
  }
  const exactAllows = rules.filter((r) => r.effect === 'allow' && r.target.kind === 'bash' && !r.target.prefix && normalize(r.target.command) === normalize(command));
  const exactAllow = exactAllows.length > 0;
  const guard = guardVerdict(expanded, { workspace: judge.workspace, home: ctx.home });
  // Only the user's own rule lifts the guard: a project's, trusted or not, never does.
  if (guard?.deny && !exactAllows.some((r) => !r.project)) return { kind: 'deny', label: 'refused: destructive', message: destructiveRefusal(guard.deny) };
  const concerns = [...expanded.concerns, ...paths.concerns];
  const readOnly = concerns.length === 0 && views.length > 0 && views.every(isReadOnlyView);
  const refusePlan = (): PermissionVerdict => ({ kind: 'deny', label: 'refused: plan mode', message: planModeRefusal('this command') });
  const firm = (reason: string): PermissionVerdict => (mode === 'plan' && !readOnly ? refusePlan() : { kind: 'ask', reason, firm: true });
  if (!exactAllow) {
    if (expanded.opaque.length > 0 && rules.some((r) => r.effect === 'deny')) return firm(`it runs ${expanded.opaque[0]}, which cannot be checked against the deny rules`);
    if (guard?.ask) return firm(unsureReason(guard.ask));
    if (paths.unsure) return firm(paths.unsure);
  }
  if (paths.steering && mode !== 'yolo') return mode === 'plan' ? refusePlan() : { kind: 'ask', reason: steeringAskReason, firm: true };
  if (paths.protectedPath && !exactAllow) return firm('a protected path');
  if (paths.asked || rules.some((r) => r.effect === 'ask' && views.some((v) => denyCovers(r, v, command, ctx)))) return firm(paths.asked ? `${paths.asked.rule.text} asks for ${paths.asked.path}` : 'an ask rule');
  const allowRules = rules.filter((r) => r.effect === 'allow');
  const covered = exactAllow || (concerns.length === 0 && views.length > 0 && views.every((v) => allowRules.some((r) => allowCovers(r, v, command, ctx))));
  if (covered || mode === 'yolo') return { kind: 'allow' };
  // The sandbox is the boundary: what it lets a command touch is what asking would have guarded.
  if (judge.sandboxed && !outsideSandbox && (mode === 'ask' || mode === 'auto-edit')) return { kind: 'allow' };
  if (mode === 'plan') return readOnly ? { kind: 'allow' } : refusePlan();
  return { kind: 'ask', reason: concerns[0] };
}
