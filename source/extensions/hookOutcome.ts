// Turns the runs of one event's hooks into one verdict: exit codes (0 go on, 2 block, other warn) and Claude Code's JSON fields.
import type { HookEventName, HookJsonOutput, HookNote, HookRun } from './hookTypes.js';

export type PermissionDecision = 'allow' | 'deny' | 'ask';

export interface HookVerdict {
  /** Exit 2, or `decision: "block"` (PreToolUse: `permissionDecision: "deny"` too): the reasons, joined. */
  block?: string;
  /** PreToolUse: the strictest decision any hook gave (deny > ask > allow). */
  permission?: PermissionDecision;
  permissionReason?: string;
  /** PreToolUse: the first `updatedInput` given. */
  updatedInput?: Record<string, unknown>;
  /** Text for the model: `additionalContext`, and plain stdout where the event takes it as context. */
  context: string[];
  /** `continue: false`: the run stops; the reason is shown to the user. */
  stop?: string;
  /** One per hook that blocked or failed. */
  notes: HookNote[];
}

/** Events whose plain stdout (exit 0) is added to the model's context. */
const stdoutIsContext = new Set<HookEventName>(['SessionStart', 'UserPromptSubmit']);
/** Events a hook can block. */
const blockable = new Set<HookEventName>(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop']);

const rank: Record<PermissionDecision, number> = { allow: 1, ask: 2, deny: 3 };

function parseJson(stdout: string): HookJsonOutput | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as HookJsonOutput) : undefined;
  } catch {
    return undefined;
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 300) ?? '';

/** Why a run counts as failed; undefined when it ran to exit 0 or 2. */
function failure(run: HookRun): string | undefined {
  if (run.spawnError) return `could not start (${firstLine(run.spawnError)})`;
  if (run.timedOut) return `timed out after ${Math.round(run.hook.timeoutMs / 100) / 10} s and was stopped`;
  if (run.exitCode === undefined) return 'was stopped';
  if (run.exitCode === 0 || run.exitCode === 2) return undefined;
  const said = firstLine(run.stderr) || firstLine(run.stdout);
  return `exited with code ${run.exitCode}${said ? `: ${said}` : ''}`;
}

export function interpretRuns(event: HookEventName, runs: readonly HookRun[]): HookVerdict {
  const verdict: HookVerdict = { context: [], notes: [] };
  const blocks: string[] = [];
  const note = (run: HookRun, outcome: HookNote['outcome'], message: string) =>
    verdict.notes.push({ event, command: run.hook.command, outcome, message });
  const permission = (decision: PermissionDecision, reason: string | undefined) => {
    if (verdict.permission === undefined || rank[decision] > rank[verdict.permission]) {
      verdict.permission = decision;
      verdict.permissionReason = reason;
    }
  };

  for (const run of runs) {
    // Esc stopped it: the run itself is ending, nothing to report.
    if (run.aborted) continue;
    const failed = failure(run);
    if (failed) {
      note(run, 'failed', failed);
      continue;
    }
    if (run.exitCode === 2) {
      const reason = run.stderr.trim() || `a ${event} hook exited with code 2 without saying why`;
      if (blockable.has(event)) {
        blocks.push(reason);
        if (event === 'PreToolUse') permission('deny', reason);
        note(run, 'blocked', reason);
      } else {
        // Events that cannot be blocked show stderr to the user only.
        note(run, 'failed', `exited with code 2: ${firstLine(reason)}`);
      }
      continue;
    }
    const json = parseJson(run.stdout);
    if (!json) {
      if (stdoutIsContext.has(event) && run.stdout.trim()) verdict.context.push(run.stdout.trim());
      continue;
    }
    if (json.continue === false) {
      verdict.stop ??= json.stopReason?.trim() || `a ${event} hook stopped the run`;
      note(run, 'blocked', `stopped the run: ${verdict.stop}`);
    }
    const specific = json.hookSpecificOutput ?? {};
    if (typeof specific.additionalContext === 'string' && specific.additionalContext.trim()) verdict.context.push(specific.additionalContext.trim());
    const reason = typeof json.reason === 'string' && json.reason.trim() ? json.reason.trim() : undefined;
    if (event === 'PreToolUse') {
      const decided = specific.permissionDecision;
      const why = typeof specific.permissionDecisionReason === 'string' && specific.permissionDecisionReason.trim() ? specific.permissionDecisionReason.trim() : reason;
      if (decided === 'allow' || decided === 'deny' || decided === 'ask') permission(decided, why);
      // Claude Code's older fields: "approve" and "block".
      else if (json.decision === 'approve') permission('allow', reason);
      else if (json.decision === 'block') permission('deny', reason);
      if (verdict.permission === 'deny' && (decided === 'deny' || json.decision === 'block')) {
        const text = why ?? 'a PreToolUse hook denied this call';
        blocks.push(text);
        note(run, 'blocked', text);
      }
      if (specific.updatedInput && typeof specific.updatedInput === 'object' && !Array.isArray(specific.updatedInput)) verdict.updatedInput ??= specific.updatedInput;
      continue;
    }
    if (json.decision === 'block' && blockable.has(event)) {
      const text = reason ?? `a ${event} hook blocked this`;
      blocks.push(text);
      note(run, 'blocked', text);
    }
  }
  if (blocks.length > 0) verdict.block = blocks.join('\n');
  return verdict;
}
