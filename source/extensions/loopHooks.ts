// The hooks one agent loop calls (the session's own, or a subagent's): each event's input in Claude Code's shape, and
// its verdict in the terms the loop and the tool round act on.
import type { PermissionMode } from '../protocol/events.js';
import { claudeToolName, fromClaudeInput, toClaudeInput } from './hookToolNames.js';
import type { HookAgent, HookBatchCall, HookCommand, HookEventName, HookToolCall, LoopHooks, PermissionRequestVerdict, PermissionUpdate } from './hookTypes.js';
import type { HookVerdict } from './hookOutcome.js';

/** Claude Code's StopFailure error types for rein's provider error kinds. */
const stopFailureTypes: Record<string, string> = {
  auth: 'authentication_failed', rate_limit: 'rate_limit', overloaded: 'overloaded', server: 'server_error', connection: 'server_error',
  bad_request: 'invalid_request', context_length: 'invalid_request', not_found: 'model_not_found', stream: 'server_error', unknown: 'unknown',
};

/** Claude Code's mode names as rein's. */
const reinModes: Record<string, PermissionMode> = { default: 'ask', manual: 'ask', acceptEdits: 'auto-edit', plan: 'plan', bypassPermissions: 'yolo' };

/** `Bash(npm test:*)` as Claude Code's {toolName, ruleContent}. */
function ruleValue(rule: string): { toolName: string; ruleContent?: string } {
  const match = /^([A-Za-z0-9_-]+)(?:\(([\s\S]*)\))?$/.exec(rule.trim());
  if (!match) return { toolName: rule };
  return { toolName: claudeToolName(match[1]), ...(match[2] !== undefined ? { ruleContent: match[2] } : {}) };
}

const ruleText = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const { toolName, ruleContent } = value as { toolName?: unknown; ruleContent?: unknown };
  if (typeof toolName !== 'string') return undefined;
  return typeof ruleContent === 'string' && ruleContent !== '' ? `${toolName}(${ruleContent})` : toolName;
};

/** Claude Code's permission update entries as rein applies them; the ones it cannot are named in `unsupported`. */
function readPermissionUpdates(entries: unknown[] | undefined): { updates: PermissionUpdate[]; unsupported: string[] } {
  const updates: PermissionUpdate[] = [];
  const unsupported: string[] = [];
  for (const entry of entries ?? []) {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (e.type === 'addRules' && Array.isArray(e.rules) && (e.behavior === 'allow' || e.behavior === 'deny' || e.behavior === 'ask')) {
      const rules = e.rules.map(ruleText).filter((r): r is string => r !== undefined);
      // rein saves rules to the project's .claude/settings.local.json only; a user-settings rule is kept for the session.
      const scope = e.destination === 'localSettings' || e.destination === 'projectSettings' ? 'project' : 'session';
      if (e.destination === 'userSettings') unsupported.push('updatedPermissions to userSettings (kept for this session)');
      if (rules.length > 0) updates.push({ kind: 'rules', effect: e.behavior, rules, scope });
    } else if (e.type === 'setMode' && typeof e.mode === 'string' && reinModes[e.mode]) {
      updates.push({ kind: 'mode', mode: reinModes[e.mode] });
    } else {
      unsupported.push(`updatedPermissions of type ${typeof e.type === 'string' ? e.type : '?'}${e.type === 'setMode' ? ` to ${String(e.mode)}` : ''}`);
    }
  }
  return { updates, unsupported };
}

/** What one loop's hooks need of the session's: its folder, the runner, and where lines for the user go. */
export interface HookSource {
  readonly cwd: string;
  run(
    event: HookEventName, fields: Record<string, unknown>, target?: string, signal?: AbortSignal, call?: HookToolCall, agent?: HookAgent,
    extra?: readonly HookCommand[],
  ): Promise<HookVerdict>;
  setMode: ((mode: PermissionMode) => void) | undefined;
  warn(message: string): void;
  warnOnce(message: string): void;
  backgroundTasks(): unknown[];
}

export function loopHooksFor(hooks: HookSource, subagent: boolean, agent?: HookAgent, extra: readonly HookCommand[] = []): LoopHooks {
  const claudeCall = (call: HookToolCall) => ({ tool_name: claudeToolName(call.name), tool_input: toClaudeInput(call.name, call.input, hooks.cwd) });
  const say = (messages: string[] | undefined) => { for (const m of messages ?? []) hooks.warn(m); };
  return {
    preToolUse: async (call, signal) => {
      const verdict = await hooks.run('PreToolUse', { ...claudeCall(call), tool_use_id: call.id }, call.name, signal, call, agent, extra);
      say(verdict.messages);
      return {
        permission: verdict.permission,
        reason: verdict.permission === 'deny' ? (verdict.permissionReason ?? verdict.block) : verdict.permissionReason,
        // The fields a hook gives replace the call's; the others stay as the model sent them.
        updatedInput: verdict.updatedInput ? { ...call.input, ...fromClaudeInput(call.name, verdict.updatedInput) } : undefined,
        context: verdict.context,
        stop: verdict.stop,
        notes: verdict.notes,
      };
    },
    postToolUse: async (call, result, signal, durationMs) => {
      const failed = result.isError === true;
      const fields = failed
        ? { ...claudeCall(call), tool_use_id: call.id, error: result.content, is_interrupt: false, ...(durationMs !== undefined ? { duration_ms: durationMs } : {}) }
        : {
            ...claudeCall(call),
            tool_response: { content: result.content, is_error: false, success: true },
            tool_use_id: call.id,
            ...(durationMs !== undefined ? { duration_ms: durationMs } : {}),
          };
      const verdict = await hooks.run(failed ? 'PostToolUseFailure' : 'PostToolUse', fields, call.name, signal, call, agent, extra);
      say(verdict.messages);
      return { block: verdict.block, context: verdict.context, stop: verdict.stop, notes: verdict.notes, ...(verdict.replacedOutput !== undefined ? { replacedOutput: verdict.replacedOutput } : {}) };
    },
    stop: async (stopHookActive, lastText, signal) => {
      const fields = {
        stop_hook_active: stopHookActive,
        ...(agent?.transcriptPath ? { agent_transcript_path: agent.transcriptPath } : {}),
        last_assistant_message: lastText,
        background_tasks: hooks.backgroundTasks(),
        session_crons: [],
      };
      const verdict = await hooks.run(subagent ? 'SubagentStop' : 'Stop', fields, agent?.agentType ?? '', signal, undefined, agent, extra);
      say(verdict.messages);
      return { block: verdict.block, context: verdict.context, stop: verdict.stop, notes: verdict.notes, ...(verdict.impossible ? { impossible: true } : {}) };
    },
    permissionRequest: async (call, suggestions, signal): Promise<PermissionRequestVerdict> => {
      const permission_suggestions = suggestions.length > 0 ? [{ type: 'addRules', rules: suggestions.map(ruleValue), behavior: 'allow', destination: 'localSettings' }] : [];
      const verdict = await hooks.run('PermissionRequest', { ...claudeCall(call), permission_suggestions }, call.name, signal, call, agent, extra);
      say(verdict.messages);
      const decision = verdict.request;
      if (!decision || (decision.behavior !== 'allow' && decision.behavior !== 'deny')) return { updates: [], notes: verdict.notes };
      if (decision.behavior === 'deny') {
        return { behavior: 'deny', updates: [], notes: verdict.notes, ...(typeof decision.message === 'string' && decision.message.trim() ? { message: decision.message.trim() } : {}), ...(decision.interrupt === true ? { interrupt: true } : {}) };
      }
      const { updates, unsupported } = readPermissionUpdates(Array.isArray(decision.updatedPermissions) ? decision.updatedPermissions : undefined);
      for (const field of unsupported) hooks.warnOnce(`A PermissionRequest hook asked for ${field}, which rein does not apply.`);
      for (const update of updates) if (update.kind === 'mode') hooks.setMode?.(update.mode as PermissionMode);
      const input = decision.updatedInput && typeof decision.updatedInput === 'object' && !Array.isArray(decision.updatedInput) ? decision.updatedInput : undefined;
      return { behavior: 'allow', updates: updates.filter((u) => u.kind === 'rules'), notes: verdict.notes, ...(input ? { updatedInput: { ...call.input, ...fromClaudeInput(call.name, input) } } : {}) };
    },
    postToolBatch: async (calls: HookBatchCall[], signal) => {
      const tool_calls = calls.map(({ call, content }) => ({ ...claudeCall(call), tool_use_id: call.id, tool_response: content }));
      const verdict = await hooks.run('PostToolBatch', { tool_calls }, undefined, signal, undefined, agent, extra);
      say(verdict.messages);
      return { block: verdict.block, context: verdict.context, stop: verdict.stop, notes: verdict.notes };
    },
    stopFailure: async (kind, message, signal) => {
      if (subagent) return;
      const error = stopFailureTypes[kind] ?? 'unknown';
      await hooks.run('StopFailure', { error, error_details: message, last_assistant_message: message }, error, signal);
    },
    ...(agent
      ? {
          subagentStart: async (signal: AbortSignal) => {
            const verdict = await hooks.run('SubagentStart', {}, agent.agentType, signal, undefined, agent, extra);
            return { context: verdict.context, notes: verdict.notes };
          },
        }
      : {}),
    forAgent: (child: HookAgent, own: readonly HookCommand[] = extra) => loopHooksFor(hooks, true, child, own),
  };
}
