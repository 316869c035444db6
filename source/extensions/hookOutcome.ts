// Turns the runs of one event's hooks into one verdict: exit codes (0 go on, 2 block, other warn), Claude Code's JSON
// fields, and a prompt or agent handler's {ok, reason}.
import { blockable, outputIgnored, stdoutIsContext } from './hookEvents.js';
import type { HookEventName, HookJsonOutput, HookNote, HookRun, PermissionRequestDecision } from './hookTypes.js';

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
  /** `systemMessage`: shown to the user. */
  messages?: string[];
  /** PermissionRequest: the decision (a deny from any hook wins over an allow). */
  request?: PermissionRequestDecision;
  /** PostToolUse: `updatedToolOutput`, as the text the model gets. */
  replacedOutput?: string;
  /** Stop: a prompt hook judged the condition impossible. */
  impossible?: boolean;
  /** Fields a hook set that Claude Code documents and rein does not act on (each is named once to the user). */
  unsupported?: string[];
}

const rank: Record<PermissionDecision, number> = { allow: 1, ask: 2, deny: 3 };

/** Claude Code parses stdout as JSON when, trimmed, it starts with `{` and ends with `}`; anything else is text. */
function parseJson(stdout: string): HookJsonOutput | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 300) ?? '';
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Why a run counts as failed; undefined when it ran to exit 0 or 2 (or answered). */
function failure(run: HookRun): string | undefined {
  if (run.failure) return run.failure;
  if (run.spawnError) return `could not start (${firstLine(run.spawnError)})`;
  if (run.timedOut) return `timed out after ${Math.round(run.hook.timeoutMs / 100) / 10} s and was stopped`;
  if (run.exitCode === undefined) return 'was stopped';
  if (run.exitCode === 0 || run.exitCode === 2) return undefined;
  const said = firstLine(run.stderr) || firstLine(run.stdout);
  return `exited with code ${run.exitCode}${said ? `: ${said}` : ''}`;
}

const outputText = (value: unknown): string | undefined => (value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value));

export function interpretRuns(event: HookEventName, runs: readonly HookRun[]): HookVerdict {
  const verdict: HookVerdict = { context: [], notes: [] };
  const blocks: string[] = [];
  const unsupported = new Set<string>();
  const note = (run: HookRun, outcome: HookNote['outcome'], message: string) =>
    verdict.notes.push({ event, command: run.hook.command, outcome, message });
  const permission = (decision: PermissionDecision, reason: string | undefined) => {
    if (verdict.permission === undefined || rank[decision] > rank[verdict.permission]) {
      verdict.permission = decision;
      verdict.permissionReason = reason;
    }
  };
  const block = (run: HookRun, text: string) => {
    blocks.push(text);
    if (event === 'PreToolUse') permission('deny', text);
    note(run, 'blocked', text);
  };

  for (const run of runs) {
    // Esc stopped it: the run itself is ending, nothing to report.
    if (run.aborted) continue;
    const failed = failure(run);
    if (failed) {
      note(run, 'failed', failed);
      continue;
    }
    if (run.verdict) {
      // A prompt or agent handler: ok lets things be (PermissionRequest: allows), ok:false blocks where the event can.
      const why = run.verdict.reason?.trim() || `a ${event} prompt hook said no`;
      if (event === 'PermissionRequest' && run.verdict.ok) verdict.request ??= { behavior: 'allow' };
      if (!run.verdict.ok && blockable.has(event)) {
        if (run.verdict.impossible && (event === 'Stop' || event === 'SubagentStop')) verdict.impossible = true;
        else block(run, why);
      }
      continue;
    }
    if (run.exitCode === 2) {
      const reason = run.stderr.trim() || `a ${event} hook exited with code 2 without saying why`;
      // PermissionRequest does not honour exit 2: only its decision object grants or denies.
      if (blockable.has(event)) block(run, reason);
      else if (event !== 'PermissionRequest') note(run, 'failed', `exited with code 2: ${firstLine(reason)}`);
      continue;
    }
    const json = parseJson(run.stdout);
    if (!json) {
      if (stdoutIsContext.has(event) && run.stdout.trim()) verdict.context.push(run.stdout.trim());
      continue;
    }
    if (outputIgnored.has(event)) continue;
    if (json.continue === false && event !== 'PreCompact' && event !== 'ConfigChange') {
      verdict.stop ??= nonEmpty(json.stopReason) ?? `a ${event} hook stopped the run`;
      note(run, 'blocked', `stopped the run: ${verdict.stop}`);
    }
    const message = nonEmpty(json.systemMessage);
    if (message) (verdict.messages ??= []).push(message);
    if (json.terminalSequence !== undefined) unsupported.add('terminalSequence');
    const specific = json.hookSpecificOutput ?? {};
    const context = nonEmpty(specific.additionalContext);
    if (context) verdict.context.push(context);
    const reason = nonEmpty(json.reason);
    if (event === 'PreToolUse') {
      const decided = specific.permissionDecision;
      const why = nonEmpty(specific.permissionDecisionReason) ?? reason;
      if (decided === 'allow' || decided === 'deny' || decided === 'ask') permission(decided, why);
      // Claude Code's older fields: "approve" and "block".
      else if (json.decision === 'approve') permission('allow', reason);
      else if (json.decision === 'block') permission('deny', reason);
      else if (decided === 'defer') unsupported.add('permissionDecision "defer"');
      if (decided === 'deny' || (decided === undefined && json.decision === 'block')) {
        const text = why ?? 'a PreToolUse hook denied this call';
        blocks.push(text);
        note(run, 'blocked', text);
      }
      if (specific.updatedInput && typeof specific.updatedInput === 'object' && !Array.isArray(specific.updatedInput)) verdict.updatedInput ??= specific.updatedInput;
      continue;
    }
    if (event === 'PermissionRequest') {
      const decision = specific.decision;
      if (decision && typeof decision === 'object' && (decision.behavior === 'allow' || decision.behavior === 'deny')) {
        if (verdict.request?.behavior !== 'deny') verdict.request = decision;
      }
      continue;
    }
    if (event === 'PostToolUse') {
      const replaced = outputText(specific.updatedToolOutput ?? specific.updatedMCPToolOutput);
      if (replaced !== undefined) verdict.replacedOutput ??= replaced;
    }
    if (event === 'SessionStart') {
      for (const field of ['initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'] as const) if (specific[field] !== undefined) unsupported.add(field);
    }
    if (event === 'UserPromptSubmit' && specific.sessionTitle !== undefined) unsupported.add('sessionTitle');
    if (json.decision === 'block' && blockable.has(event)) block(run, reason ?? `a ${event} hook blocked this`);
  }
  if (blocks.length > 0) verdict.block = blocks.join('\n');
  if (unsupported.size > 0) verdict.unsupported = [...unsupported];
  return verdict;
}
