// The session's side of hooks: SessionStart once per conversation, UserPromptSubmit and UserPromptExpansion per message,
// Notification, PreCompact and PostCompact, InstructionsLoaded, Setup and SessionEnd, and the context they add for
// the newest user turn.
import type { AgentEvent } from '../protocol/events.js';
import { claudeToolName } from './hookToolNames.js';
import type { SessionHooks } from './sessionHooks.js';
import type { HookEventName, HookNote } from './hookTypes.js';
import type { HookVerdict } from './hookOutcome.js';
import { ConfigWatcher, type WatchedConfig } from './configWatch.js';

type StartSource = 'startup' | 'resume' | 'clear' | 'compact' | 'fork';

/** A command the user typed that expands into the prompt, as UserPromptExpansion describes it. */
export interface TypedCommand {
  name: string;
  args: string;
  /** The line as typed. */
  prompt: string;
  /** Claude Code's command_source ("mcp" for a server prompt); left out when rein cannot say. */
  source?: string;
  type: 'slash_command' | 'mcp_prompt';
}

/** An instruction file the session loaded, for InstructionsLoaded. */
export interface LoadedInstructionFile {
  path: string;
  /** Claude Code's scope names: User, Project, Local. */
  memoryType: 'User' | 'Project' | 'Local';
}

export interface HookLifecycleOptions {
  hooks: SessionHooks;
  resumed: boolean;
  /** A --fork-session continuation: SessionStart's source is "fork". */
  forked?: boolean;
  /** Only a person at the full-screen session is told it is waiting for input. */
  interactive: boolean;
  /** How long after a run the "waiting for your input" Notification comes (default 60 s). */
  idleNotifyMs?: number;
  /** How long an approval waits before the permission_prompt Notification (default 6 s, as in Claude Code). */
  approvalNotifyMs?: number;
  /** The session's model now, for SessionStart's input. */
  model?: () => string;
  /** The instruction files loaded into the system prompt (InstructionsLoaded, once). */
  instructions?: LoadedInstructionFile[];
  /** The settings files (and skills folder) whose changes ConfigChange hooks hear of. */
  configFiles?: readonly WatchedConfig[];
  /** Hands an event to the session's consumers outside a run's own stream. */
  emit: (event: AgentEvent) => void;
  /** Logs an event of a run's own stream before it is yielded. */
  record: (event: AgentEvent) => AgentEvent;
  /** The run active now, for the ids of events emitted outside its stream. */
  activeRunId: () => string | undefined;
}

export class HookLifecycle {
  /** SessionStart's source for the next message; undefined once it has run for this conversation. */
  private pendingStart: StartSource | undefined;
  /** Context from SessionStart and UserPromptSubmit, for the newest user turn. */
  private context: string[] = [];
  private idleTimer: NodeJS.Timeout | undefined;
  /** permission_prompt Notifications waiting for their approval to go unanswered long enough. */
  private readonly approvalTimers = new Map<string, NodeJS.Timeout>();
  private readonly observers = new Set<Promise<unknown>>();
  private instructionsReported = false;
  private readonly configWatcher: ConfigWatcher | undefined;

  constructor(private readonly o: HookLifecycleOptions) {
    this.pendingStart = o.forked ? 'fork' : o.resumed ? 'resume' : 'startup';
    // rein reads its settings once, at start: a ConfigChange hook hears of a change (to log or object to it) that
    // takes effect only in the next session anyway.
    if (o.configFiles && o.hooks.has('ConfigChange')) {
      this.configWatcher = new ConfigWatcher(o.configFiles, (file, source) => this.beside('ConfigChange', { source, file_path: file }, source));
    }
  }

  private noteEvent(note: HookNote, runId = this.o.activeRunId()): AgentEvent {
    return { type: 'hook', ...(runId ? { runId } : {}), ...note };
  }

  /** The lines a verdict has for the user, outside a run's stream. */
  private tell(verdict: HookVerdict): void {
    for (const note of verdict.notes) this.o.emit(this.noteEvent(note));
    for (const message of verdict.messages ?? []) this.o.emit({ type: 'warning', message });
  }

  /** Runs an event that only observes, beside the work; `closed` waits for the ones still running. */
  private beside(event: HookEventName, fields: Record<string, unknown>, target?: string): void {
    if (!this.o.hooks.has(event)) return;
    const running = this.o.hooks.run(event, fields, target).then((verdict) => this.tell(verdict));
    this.observers.add(running);
    void running.finally(() => this.observers.delete(running));
  }

  /** Notification hooks run beside the work and never hold it up. */
  private notify(message: string, type: 'permission_prompt' | 'idle_prompt'): void {
    // Claude Code's notification_type, which a Notification matcher selects.
    this.beside('Notification', { message, notification_type: type }, type);
  }

  /** Sees every event the session records: approvals and idle time notify, a compaction starts the conversation anew. */
  observe(event: AgentEvent): void {
    if (event.type === 'approval_request') {
      // As in Claude Code: only an approval left waiting (about six seconds) is worth a notification.
      const message = `rein needs your permission to use ${claudeToolName(event.name)}`;
      const timer = setTimeout(() => {
        this.approvalTimers.delete(event.approvalId);
        this.notify(message, 'permission_prompt');
      }, this.o.approvalNotifyMs ?? 6_000);
      timer.unref();
      this.approvalTimers.set(event.approvalId, timer);
    }
    if (event.type === 'approval_resolved') {
      clearTimeout(this.approvalTimers.get(event.approvalId));
      this.approvalTimers.delete(event.approvalId);
    }
    if (event.type === 'compaction' && event.level !== 'micro') {
      this.pendingStart = 'compact';
      this.beside('PostCompact', { trigger: event.level, compact_summary: event.summary ?? '' }, event.level);
    }
    if (event.type === 'run_end' && event.agentId === undefined && this.o.interactive && event.reason !== 'aborted') {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.notify('rein is waiting for your input', 'idle_prompt'), this.o.idleNotifyMs ?? 60_000);
      this.idleTimer.unref();
    }
  }

  /** InstructionsLoaded for each file in the system prompt, once per session. */
  private reportInstructions(): void {
    if (this.instructionsReported) return;
    this.instructionsReported = true;
    const files = this.o.instructions ?? [];
    if (files.length === 0 || !this.o.hooks.has('InstructionsLoaded')) return;
    // One file after another, in the order they were loaded, beside the work.
    const running = (async () => {
      for (const file of files) {
        const verdict = await this.o.hooks.run('InstructionsLoaded', { file_path: file.path, memory_type: file.memoryType, load_reason: 'session_start' }, 'session_start');
        this.tell(verdict);
      }
    })();
    this.observers.add(running);
    void running.finally(() => this.observers.delete(running));
  }

  /**
   * SessionStart (once per conversation), UserPromptExpansion for a typed command, then UserPromptSubmit (the order
   * measured on Claude Code 2.1.197); returns why the message was refused, if it was.
   */
  async *beforePrompt(text: string, runId: string, signal: AbortSignal, command?: TypedCommand): AsyncGenerator<AgentEvent, string | undefined> {
    clearTimeout(this.idleTimer);
    this.reportInstructions();
    const source = this.pendingStart;
    this.pendingStart = undefined;
    if (source) {
      const model = this.o.model?.();
      const start = await this.o.hooks.run('SessionStart', { source, ...(model ? { model } : {}) }, source, signal);
      yield* this.said(start, runId);
      this.context.push(...start.context);
      if (start.stop) return start.stop;
    }
    if (command) {
      const refused = yield* this.beforeExpansion(command, runId, signal);
      if (refused) return refused;
    }
    const submit = await this.o.hooks.run('UserPromptSubmit', { prompt: text }, undefined, signal);
    yield* this.said(submit, runId);
    if (signal.aborted) return 'The run was interrupted.';
    const refused = submit.block ?? submit.stop;
    if (refused !== undefined) {
      this.context = [];
      return `A UserPromptSubmit hook refused this prompt: ${refused}`;
    }
    this.context.push(...submit.context);
    return undefined;
  }

  /** UserPromptExpansion for a command the user typed (`/review 12`): why it was refused, if it was. */
  private async *beforeExpansion(command: TypedCommand, runId: string, signal: AbortSignal): AsyncGenerator<AgentEvent, string | undefined> {
    const fields = { expansion_type: command.type, command_name: command.name, command_args: command.args, ...(command.source ? { command_source: command.source } : {}), prompt: command.prompt };
    const verdict = await this.o.hooks.run('UserPromptExpansion', fields, command.name, signal);
    yield* this.said(verdict, runId);
    const refused = verdict.block ?? verdict.stop;
    if (refused !== undefined) {
      this.context = [];
      return `A UserPromptExpansion hook refused ${command.prompt}: ${refused}`;
    }
    this.context.push(...verdict.context);
    return undefined;
  }

  /** A verdict's notes and messages, in the run's own stream. */
  private *said(verdict: HookVerdict, runId: string): Generator<AgentEvent> {
    for (const note of verdict.notes) yield this.o.record(this.noteEvent(note, runId));
    for (const message of verdict.messages ?? []) yield this.o.record({ type: 'warning', runId, message });
  }

  /** What the hooks added since the last request (background hooks included), once. */
  takeContext(): string[] {
    return [...this.context.splice(0), ...this.o.hooks.takeAsyncContext()];
  }

  /** PreCompact, before older history is summarised: why a hook blocked it, if one did. */
  async beforeCompact(trigger: 'manual' | 'auto', instructions: string | undefined, signal: AbortSignal): Promise<string | undefined> {
    const verdict = await this.o.hooks.run('PreCompact', { trigger, custom_instructions: instructions ?? null }, trigger, signal);
    this.tell(verdict);
    return verdict.block;
  }

  /** Setup, for `--init`, `--init-only` and `--maintenance`; its output is not read (as in Claude Code). */
  async setup(trigger: 'init' | 'maintenance', signal?: AbortSignal): Promise<void> {
    const verdict = await this.o.hooks.run('Setup', { trigger }, trigger, signal);
    for (const note of verdict.notes) this.o.emit(this.noteEvent(note));
  }

  /** `--init-only`: SessionStart "startup" runs with Setup, and no conversation follows. */
  async startOnly(signal?: AbortSignal): Promise<HookVerdict> {
    this.reportInstructions();
    const verdict = await this.o.hooks.run('SessionStart', { source: 'startup', ...(this.o.model ? { model: this.o.model() } : {}) }, 'startup', signal);
    this.tell(verdict);
    return verdict;
  }

  /** /clear ends this conversation (SessionEnd) and the next message starts one (SessionStart "clear"). */
  cleared(): void {
    if (this.pendingStart === undefined) void this.o.hooks.run('SessionEnd', { reason: 'clear' }, 'clear');
    this.pendingStart = 'clear';
    this.context = [];
  }

  /** /resume switched to another saved session: this one ends (SessionEnd "resume"), the next message resumes. */
  switched(): void {
    if (this.pendingStart === undefined) void this.o.hooks.run('SessionEnd', { reason: 'resume' }, 'resume');
    this.pendingStart = 'resume';
    this.context = [];
  }

  /** /add-dir made a folder usable: DirectoryAdded observes it, beside the work (its output is not read). */
  directoryAdded(directory: string): void {
    this.beside('DirectoryAdded', { directory, source: 'slash_command' });
  }

  /** SessionEnd answers a SessionStart: a session that never took a message started nothing. */
  async closed(reason: string): Promise<void> {
    clearTimeout(this.idleTimer);
    this.configWatcher?.close();
    for (const timer of this.approvalTimers.values()) clearTimeout(timer);
    this.approvalTimers.clear();
    if (this.pendingStart === undefined) await this.o.hooks.run('SessionEnd', { reason }, reason);
    await Promise.all([...this.observers]);
  }
}
