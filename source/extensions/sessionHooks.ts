// A session's hooks: picks the commands an event and its matcher select, runs them side by side, and reads their verdict.
import type { PermissionMode } from '../protocol/events.js';
import { interpretRuns, type HookVerdict } from './hookOutcome.js';
import { spawnHook } from './spawnHook.js';
import { claudeToolName, matcherSelectsTool, matcherSelectsValue, toClaudeInput, fromClaudeInput } from './hookToolNames.js';
import type { HookCommand, HookEventName, LoopHooks } from './hookTypes.js';

export interface SessionHooksOptions {
  hooks: readonly HookCommand[];
  /** Project hooks run only when the project is trusted; the user's own always do. */
  projectTrusted: boolean;
  /** The project folder (CLAUDE_PROJECT_DIR); hooks run there. */
  projectDir: string;
  cwd: string;
  sessionId: string;
  /** The session log, given to hooks as transcript_path. */
  transcriptPath: string;
  /** Time between SIGTERM and SIGKILL for a hook that times out or is stopped. */
  killGraceMs?: number;
}

/** Claude Code's names for rein's permission modes. */
const claudeModes: Record<PermissionMode, string> = { ask: 'default', 'auto-edit': 'acceptEdits', plan: 'plan', yolo: 'bypassPermissions' };

/** Events whose matcher is tried on the tool name; SessionStart and PreCompact try theirs on source and trigger. */
const toolEvents = new Set<HookEventName>(['PreToolUse', 'PostToolUse']);

export class SessionHooks {
  private mode: () => PermissionMode = () => 'ask';
  private session = (): { sessionId: string; transcriptPath: string } => ({ sessionId: this.o.sessionId, transcriptPath: this.o.transcriptPath });

  constructor(private readonly o: SessionHooksOptions) {}

  /** The session tells hooks the mode in force when they run (Shift+Tab changes it). */
  bindMode(mode: () => PermissionMode): void {
    this.mode = mode;
  }

  /** The session tells hooks which session (and log) is open: /resume can switch it in place. */
  bindSession(session: () => { sessionId: string; transcriptPath: string }): void {
    this.session = session;
  }

  /** Hooks from the frontmatter of commands that ran this session; their trust was checked when they joined. */
  private joined: HookCommand[] = [];

  /** A command's frontmatter hooks join the session's for the rest of it (Claude Code keeps them after the command ran). */
  addHooks(hooks: readonly HookCommand[]): void {
    for (const hook of hooks) if (!this.joined.includes(hook)) this.joined.push(hook);
  }

  /** The commands that would run for this event and target now (trust, matcher, identical commands once). */
  selected(event: HookEventName, target?: string, extra: readonly HookCommand[] = []): HookCommand[] {
    const seen = new Set<string>();
    const trusted = this.o.hooks.filter((hook) => hook.scope === 'user' || this.o.projectTrusted);
    return [...trusted, ...this.joined, ...extra].filter((hook) => {
      if (hook.event !== event) return false;
      if (target !== undefined && toolEvents.has(event) && !matcherSelectsTool(hook.matcher, target)) return false;
      if (target !== undefined && !toolEvents.has(event) && !matcherSelectsValue(hook.matcher, target)) return false;
      if (seen.has(hook.command)) return false;
      seen.add(hook.command);
      return true;
    });
  }

  has(event: HookEventName): boolean {
    return this.selected(event).length > 0;
  }

  /** Runs every selected command at once, each with its own timeout; Esc (`signal`) stops them all. */
  async run(event: HookEventName, fields: Record<string, unknown>, target?: string, signal?: AbortSignal, extra: readonly HookCommand[] = []): Promise<HookVerdict> {
    const hooks = this.selected(event, target, extra);
    if (hooks.length === 0) return { context: [], notes: [] };
    const { sessionId, transcriptPath } = this.session();
    const input = {
      session_id: sessionId,
      transcript_path: transcriptPath,
      cwd: this.o.cwd,
      permission_mode: claudeModes[this.mode()],
      hook_event_name: event,
      ...fields,
    };
    const env = { CLAUDE_PROJECT_DIR: this.o.projectDir, REIN_PROJECT_DIR: this.o.projectDir };
    const runs = await Promise.all(hooks.map((hook) => spawnHook(hook, input, { cwd: this.o.projectDir, env, signal, killGraceMs: this.o.killGraceMs })
      // Hooks never break the work: whatever goes wrong starting one is reported as its failure.
      .catch((error: unknown) => ({ hook, exitCode: undefined, stdout: '', stderr: '', timedOut: false, aborted: false, spawnError: error instanceof Error ? error.message : String(error) }))));
    return interpretRuns(event, runs);
  }

  /**
   * The hooks the agent loop calls; `subagent` loops report SubagentStop instead of Stop. `extra`: hooks of this loop
   * only (a subagent's own frontmatter hooks, active while it runs).
   */
  forLoop(subagent: boolean, extra: readonly HookCommand[] = []): LoopHooks {
    return {
      preToolUse: async (call, signal) => {
        const verdict = await this.run('PreToolUse', { tool_name: claudeToolName(call.name), tool_input: toClaudeInput(call.name, call.input, this.o.cwd), tool_use_id: call.id }, call.name, signal, extra);
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
      postToolUse: async (call, result, signal) => {
        const verdict = await this.run('PostToolUse', {
          tool_name: claudeToolName(call.name),
          tool_input: toClaudeInput(call.name, call.input, this.o.cwd),
          tool_response: { content: result.content, is_error: result.isError === true, success: result.isError !== true },
          tool_use_id: call.id,
        }, call.name, signal, extra);
        return { block: verdict.block, context: verdict.context, stop: verdict.stop, notes: verdict.notes };
      },
      stop: async (stopHookActive, lastText, signal) => {
        const verdict = await this.run(subagent ? 'SubagentStop' : 'Stop', { stop_hook_active: stopHookActive, last_assistant_message: lastText }, undefined, signal, extra);
        return { block: verdict.block, context: verdict.context, stop: verdict.stop, notes: verdict.notes };
      },
    };
  }
}
