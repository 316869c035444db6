// The session's side of hooks: SessionStart once per conversation, UserPromptSubmit per message, Notification,
// PreCompact and SessionEnd, and the context they add for the newest user turn.
import type { AgentEvent } from '../protocol/events.js';
import { claudeToolName } from './hookToolNames.js';
import type { SessionHooks } from './sessionHooks.js';
import type { HookNote } from './hookTypes.js';

type StartSource = 'startup' | 'resume' | 'clear' | 'compact';

export interface HookLifecycleOptions {
  hooks: SessionHooks;
  resumed: boolean;
  /** Only a person at the full-screen session is told it is waiting for input. */
  interactive: boolean;
  /** How long after a run the "waiting for your input" Notification comes (default 60 s). */
  idleNotifyMs?: number;
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

  constructor(private readonly o: HookLifecycleOptions) {
    this.pendingStart = o.resumed ? 'resume' : 'startup';
  }

  private noteEvent(note: HookNote, runId = this.o.activeRunId()): AgentEvent {
    return { type: 'hook', ...(runId ? { runId } : {}), ...note };
  }

  /** Notification hooks run beside the work and never hold it up. */
  private notify(message: string, type: 'permission_prompt' | 'idle_prompt'): void {
    if (!this.o.hooks.has('Notification')) return;
    // Claude Code's notification_type, which a Notification matcher selects.
    void this.o.hooks.run('Notification', { message, notification_type: type }, type).then((verdict) => {
      for (const note of verdict.notes) this.o.emit(this.noteEvent(note));
    });
  }

  /** Sees every event the session records: approvals and idle time notify, a compaction starts the conversation anew. */
  observe(event: AgentEvent): void {
    if (event.type === 'approval_request') this.notify(`rein needs your permission to use ${claudeToolName(event.name)}`, 'permission_prompt');
    if (event.type === 'compaction' && event.level !== 'micro') this.pendingStart = 'compact';
    if (event.type === 'run_end' && event.agentId === undefined && this.o.interactive && event.reason !== 'aborted') {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.notify('rein is waiting for your input', 'idle_prompt'), this.o.idleNotifyMs ?? 60_000);
      this.idleTimer.unref();
    }
  }

  /** SessionStart (once per conversation) and UserPromptSubmit; returns why the message was refused, if it was. */
  async *beforePrompt(text: string, runId: string, signal: AbortSignal): AsyncGenerator<AgentEvent, string | undefined> {
    clearTimeout(this.idleTimer);
    const source = this.pendingStart;
    this.pendingStart = undefined;
    if (source) {
      const start = await this.o.hooks.run('SessionStart', { source }, source, signal);
      for (const note of start.notes) yield this.o.record(this.noteEvent(note, runId));
      this.context.push(...start.context);
      if (start.stop) return start.stop;
    }
    const submit = await this.o.hooks.run('UserPromptSubmit', { prompt: text }, undefined, signal);
    for (const note of submit.notes) yield this.o.record(this.noteEvent(note, runId));
    if (signal.aborted) return 'The run was interrupted.';
    const refused = submit.block ?? submit.stop;
    if (refused !== undefined) {
      this.context = [];
      return `A UserPromptSubmit hook refused this prompt: ${refused}`;
    }
    this.context.push(...submit.context);
    return undefined;
  }

  /** What the hooks added since the last request, once. */
  takeContext(): string[] {
    return this.context.splice(0);
  }

  /** PreCompact, before older history is summarised. */
  async beforeCompact(trigger: 'manual' | 'auto', instructions: string | undefined, signal: AbortSignal): Promise<void> {
    const verdict = await this.o.hooks.run('PreCompact', { trigger, custom_instructions: instructions ?? '' }, trigger, signal);
    for (const note of verdict.notes) this.o.emit(this.noteEvent(note));
  }

  /** /clear ends this conversation (SessionEnd) and the next message starts one (SessionStart "clear"). */
  cleared(): void {
    if (this.pendingStart === undefined) void this.o.hooks.run('SessionEnd', { reason: 'clear' }, 'clear');
    this.pendingStart = 'clear';
    this.context = [];
  }

  /** SessionEnd answers a SessionStart: a session that never took a message started nothing. */
  async closed(reason: string): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.pendingStart === undefined) await this.o.hooks.run('SessionEnd', { reason }, reason);
  }
}
