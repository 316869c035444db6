// A session's hooks: picks the handlers an event, its matcher and `if` select, runs them side by side (commands as
// processes, the other types through hookHandlers.ts), and reads their verdict.
import { dirname, join } from 'node:path';
import type { PermissionMode } from '../protocol/events.js';
import { describeHook } from './hookConfig.js';
import { toolEvents, unmatchedEvents } from './hookEvents.js';
import { runHandler, type HookPorts, type HttpHookPolicy } from './hookHandlers.js';
import { callMatchesIf } from './hookIf.js';
import { interpretRuns, type HookVerdict } from './hookOutcome.js';
import { loopHooksFor } from './loopHooks.js';
import { spawnHook } from './spawnHook.js';
import { matcherSelectsTool, matcherSelectsValue } from './hookToolNames.js';
import type { HookAgent, HookCommand, HookEventName, HookRun, HookToolCall, LoopHooks } from './hookTypes.js';
import { errorMessage } from '../util/errors.js';

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
  /** allowedHttpHookUrls and httpHookAllowedEnvVars from the settings files. */
  httpPolicy?: HttpHookPolicy;
}

/** Claude Code's names for rein's permission modes. */
const claudeModes: Record<PermissionMode, string> = { ask: 'default', 'auto-edit': 'acceptEdits', plan: 'plan', yolo: 'bypassPermissions' };

/** Events whose input carries permission_mode (measured on Claude Code 2.1.197: the others leave it out). */
const modeEvents = new Set<HookEventName>([
  'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'PermissionRequest', 'Stop', 'SubagentStop',
]);

const emptyVerdict = (): HookVerdict => ({ context: [], notes: [] });

export class SessionHooks {
  private mode: () => PermissionMode = () => 'ask';
  private session = (): { sessionId: string; transcriptPath: string } => ({ sessionId: this.o.sessionId, transcriptPath: this.o.transcriptPath });
  private ports: HookPorts = {};
  /** What background (async) hooks said since the last request, for the model. */
  private asyncContext: string[] = [];
  private readonly backgroundRuns = new Set<Promise<void>>();
  /** Fields rein does not act on, named to the user once a session. */
  private readonly warnedFields = new Set<string>();
  /** Sets the session's permission mode (a PermissionRequest hook's setMode). */
  setMode: ((mode: PermissionMode) => void) | undefined;
  /** Hands the user a line outside any run (an async hook's systemMessage, a field rein ignores). */
  warn: (message: string) => void = () => {};

  constructor(private readonly o: SessionHooksOptions) {}

  get cwd(): string {
    return this.o.cwd;
  }

  get projectDir(): string {
    return this.o.projectDir;
  }

  /** The session tells hooks the mode in force when they run (Shift+Tab changes it). */
  bindMode(mode: () => PermissionMode): void {
    this.mode = mode;
  }

  /** The session tells hooks which session (and log) is open: /resume can switch it in place. */
  bindSession(session: () => { sessionId: string; transcriptPath: string }): void {
    this.session = session;
  }

  /** The session lends its model, MCP servers and subagents to prompt, mcp_tool and agent handlers. */
  bindPorts(ports: HookPorts): void {
    this.ports = { ...this.ports, ...ports };
  }

  /** Hooks from the frontmatter of commands that ran this session; their trust was checked when they joined. */
  private joined: HookCommand[] = [];

  /** A command's frontmatter hooks join the session's for the rest of it (Claude Code keeps them after the command ran). */
  addHooks(hooks: readonly HookCommand[]): void {
    for (const hook of hooks) if (!this.joined.includes(hook)) this.joined.push(hook);
  }

  /**
   * The handlers that would run for this event and target now (trust, matcher, identical handlers once). `extra`: hooks
   * of one loop only (a subagent's own frontmatter hooks, active while it runs).
   */
  selected(event: HookEventName, target?: string, extra: readonly HookCommand[] = []): HookCommand[] {
    const seen = new Set<string>();
    const trusted = this.o.hooks.filter((hook) => hook.scope === 'user' || this.o.projectTrusted);
    return [...trusted, ...this.joined, ...extra].filter((hook) => {
      if (hook.event !== event) return false;
      // An `if` only means something on tool events; elsewhere such a handler never runs (as in Claude Code).
      if (hook.if !== undefined && !toolEvents.has(event)) return false;
      if (target !== undefined && !unmatchedEvents.has(event)) {
        if (toolEvents.has(event) ? !matcherSelectsTool(hook.matcher, target) : !matcherSelectsValue(hook.matcher, target)) return false;
      }
      const key = `${hook.type ?? 'command'}\0${describeHook(hook)}\0${hook.if ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  has(event: HookEventName): boolean {
    return this.selected(event).length > 0;
  }

  /** The fields every event's input starts with (Claude Code's common fields). */
  private base(event: HookEventName, agent?: HookAgent): Record<string, unknown> {
    const { sessionId, transcriptPath } = this.session();
    return {
      session_id: sessionId,
      transcript_path: transcriptPath,
      cwd: this.o.cwd,
      ...(modeEvents.has(event) ? { permission_mode: claudeModes[this.mode()] } : {}),
      ...(agent ? { agent_id: agent.agentId, agent_type: agent.agentType } : {}),
      hook_event_name: event,
    };
  }

  /** The file SessionStart and Setup hooks may write `export` lines to (CLAUDE_ENV_FILE); bash sources it. */
  envFile(): string {
    return join(dirname(this.session().transcriptPath), 'hook-env.sh');
  }

  private async runOne(hook: HookCommand, input: Record<string, unknown>, signal: AbortSignal | undefined): Promise<HookRun> {
    const env: Record<string, string> = { CLAUDE_PROJECT_DIR: this.o.projectDir, REIN_PROJECT_DIR: this.o.projectDir };
    if (hook.event === 'SessionStart' || hook.event === 'Setup') env.CLAUDE_ENV_FILE = this.envFile();
    try {
      if ((hook.type ?? 'command') === 'command') return await spawnHook(hook, input, { cwd: this.o.projectDir, env, signal, killGraceMs: this.o.killGraceMs });
      return await runHandler(hook, input, this.ports, this.o.httpPolicy ?? {}, signal);
    } catch (error) {
      // Hooks never break the work: whatever goes wrong starting one is reported as its failure.
      return { hook, exitCode: undefined, stdout: '', stderr: '', timedOut: false, aborted: false, spawnError: errorMessage(error) };
    }
  }

  /** Runs every selected handler at once, each with its own timeout; Esc (`signal`) stops them all. */
  async run(
    event: HookEventName, fields: Record<string, unknown>, target?: string, signal?: AbortSignal, call?: HookToolCall, agent?: HookAgent,
    extra: readonly HookCommand[] = [],
  ): Promise<HookVerdict> {
    let hooks = this.selected(event, target, extra);
    if (call && hooks.some((h) => h.if !== undefined)) {
      const keep = await Promise.all(hooks.map((h) => (h.if === undefined ? Promise.resolve(true) : callMatchesIf(h.if, call, this.o.cwd, this.o.projectDir))));
      hooks = hooks.filter((_h, i) => keep[i]);
    }
    if (hooks.length === 0) return emptyVerdict();
    const input = { ...this.base(event, agent), ...fields };
    // Background handlers: the work goes on; what they say reaches the model with the next request.
    for (const hook of hooks.filter((h) => h.async)) this.background(event, hook, input);
    const runs = await Promise.all(hooks.filter((h) => !h.async).map((hook) => this.runOne(hook, input, signal)));
    const verdict = interpretRuns(event, runs);
    for (const field of verdict.unsupported ?? []) {
      if (this.warnedFields.has(field)) continue;
      this.warnedFields.add(field);
      (verdict.messages ??= []).push(`A ${event} hook set ${field}, which rein does not act on.`);
    }
    return verdict;
  }

  private background(event: HookEventName, hook: HookCommand, input: Record<string, unknown>): void {
    const done = this.runOne({ ...hook, async: false }, input, undefined).then((run) => {
      const verdict = interpretRuns(event, [run]);
      this.asyncContext.push(...verdict.context, ...(verdict.messages ?? []));
      if (run.exitCode === 2 && run.stderr.trim()) this.asyncContext.push(`A background ${event} hook reported: ${run.stderr.trim()}`);
    });
    this.backgroundRuns.add(done);
    void done.finally(() => this.backgroundRuns.delete(done));
  }

  /** What background hooks said since the last request, once. */
  takeAsyncContext(): string[] {
    return this.asyncContext.splice(0);
  }

  /** Resolves when no background hook is running (tests, and a headless run before it exits). */
  async settled(): Promise<void> {
    while (this.backgroundRuns.size > 0) await Promise.all([...this.backgroundRuns]);
  }

  /** Running background tasks as Claude Code's Stop input lists them. */
  backgroundTasks(): unknown[] {
    return this.ports.backgroundTasks?.() ?? [];
  }

  /** One line to the user, once a session. */
  warnOnce(message: string): void {
    if (this.warnedFields.has(message)) return;
    this.warnedFields.add(message);
    this.warn(message);
  }

  /** The hooks the agent loop calls; `subagent` loops report SubagentStop instead of Stop; `extra` as for `selected`. */
  forLoop(subagent: boolean, extra: readonly HookCommand[] = []): LoopHooks {
    return loopHooksFor(this, subagent, undefined, extra);
  }
}
