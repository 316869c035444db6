// A handler's `if` field: one permission rule (`Bash(git *)`, `Edit(*.ts)`) the tool call must match for it to run,
// judged by rein's own rule matcher as a deny rule would be (every subcommand of a bash command is tried).
import { PermissionPolicy } from '../permissions/policy.js';
import { parseRule } from '../permissions/rules.js';
import { builtinTools } from '../tools/builtins.js';
import type { AnyTool } from '../tools/types.js';
import type { HookToolCall } from './hookTypes.js';

const policies = new Map<string, PermissionPolicy | undefined>();

/** True when the call matches the rule; a rule that does not parse matches nothing (its problem is reported at load). */
export async function callMatchesIf(rule: string, call: HookToolCall, cwd: string, workspace: string): Promise<boolean> {
  const key = `${workspace}\0${rule}`;
  if (!policies.has(key)) {
    const parsed = parseRule(rule, 'deny', 'if', { workspace });
    policies.set(key, typeof parsed === 'string' ? undefined : new PermissionPolicy({ rules: [parsed], workspace, protectedPaths: [], protectedWritePaths: [] }));
  }
  const policy = policies.get(key);
  if (!policy) return false;
  // Only the rule decides here; a built-in tool's kind and path arguments say what the rule is matched against (its
  // command, its paths); any other tool is matched by name.
  const tool: AnyTool = builtinTools.find((t) => t.name === call.name) ?? ({ name: call.name, readOnly: false } as AnyTool);
  const verdict = await policy.judge(tool, call.input, 'yolo', cwd);
  return verdict.kind === 'deny' && verdict.label === 'denied by a rule';
}

/** The problem with an `if` rule, for the load-time warning; undefined when it parses. */
export function ifProblem(rule: string, workspace: string): string | undefined {
  const parsed = parseRule(rule, 'deny', 'if', { workspace });
  return typeof parsed === 'string' ? parsed : undefined;
}
