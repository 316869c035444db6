// A scripted session for TUI tests, offered only as the capability objects the bridge uses (its helpers are private):
// a run plays prepared events through the one channel, and every action call is recorded.
import type { PermissionRule } from '../../source/permissions/rules.js';
import type { Usage } from '../../source/protocol/messages.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import type { AgentEvent, ApprovalDecision, BackgroundTaskInfo, PermissionMode } from '../../source/protocol/events.js';
import type { McpControl, PromptOptions, SessionInfo, SwitchedSession } from '../../source/engine/session/types.js';
import type { TodoItem, UserAnswer } from '../../source/protocol/tools.js';
import type { RunOutcome, SessionCapabilities, SessionConversation, SessionInspection, SessionRuns, SessionSettings, SessionTasks } from '../../source/engine/session/capabilities.js';
import type { MemoryStore } from '../../source/memory/store.js';
import type { SessionSummary } from '../../source/sessionLog/listSessions.js';
import type { EarlierEvents } from '../../source/sessionLog/earlierEvents.js';

/** A step of a scripted run: an event to yield, or a pause until the test or the user does something. */
export type Step =
  | AgentEvent
  | { wait: 'abort' }
  | { wait: 'respond'; approvalId: string }
  | { wait: 'answer'; questionId: string }
  | { wait: 'promise'; promise: Promise<unknown> };

export class FakeSession implements SessionCapabilities {
  info: SessionInfo;
  readonly prompts: string[] = [];
  /** Commands sent as `!command`. */
  readonly shells: string[] = [];
  /** The options each prompt() call got (a custom command's), in order. */
  readonly promptOptions: (PromptOptions | undefined)[] = [];
  readonly responses: Array<{ approvalId: string; decision: ApprovalDecision }> = [];
  readonly answers: Array<{ questionId: string; answer: UserAnswer }> = [];
  readonly killed: string[] = [];
  readonly modes: PermissionMode[] = [];
  readonly models: string[] = [];
  aborts = 0;
  clears = 0;
  /** continueRun() calls (the turn-limit question answered "continue"). */
  continued = 0;
  /** Session ids switchSession() was called with, and the events each switched-to session's log holds. */
  readonly switched: string[] = [];
  savedEvents = new Map<string, AgentEvent[]>();
  /** Where each switched-to session's log holds events older than `savedEvents` (a long log read in part). */
  savedEarlier = new Map<string, EarlierEvents>();
  closed = 0;
  /** The background tasks the session reports. */
  taskList: BackgroundTaskInfo[] = [];
  outputs = new Map<string, string>();
  usage: Usage = emptyUsage();
  /** MCP servers, when a test gives the session some (see fakeMcp.ts). */
  mcp?: McpControl;
  /** The model names the provider lists; undefined: it does not say. */
  listedModels?: string[];
  private scripts: Step[][] = [];
  private listeners = new Set<(event: AgentEvent) => void>();
  private running = false;
  private aborted = false;
  private wake: (() => void) | undefined;

  constructor(info: Partial<SessionInfo> = {}) {
    this.info = { sessionId: 's1', cwd: '/tmp/project', provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'ask', contextWindow: 200_000, ...info };
  }

  /** Queues the steps of the next run (one script per prompt() call, in order). */
  script(...steps: Step[]): this {
    this.scripts.push(steps);
    return this;
  }

  emit(event: AgentEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private async *shell(command: string): AsyncGenerator<AgentEvent> {
    this.shells.push(command);
    yield* simpleRun(`sh${this.shells.length}`, `!${command}`, '');
  }

  private async *prompt(text: string, options?: PromptOptions): AsyncGenerator<AgentEvent> {
    if (this.running) throw new Error('a run is already active');
    this.prompts.push(text);
    this.promptOptions.push(options);
    const runId = `r${this.prompts.length}`;
    const steps = this.scripts.shift() ?? [...simpleRun(runId, text, `echo: ${text}`)];
    this.running = true;
    this.aborted = false;
    try {
      for (const step of steps) {
        if (this.aborted) break;
        if ('wait' in step) {
          await this.waitFor(step);
          continue;
        }
        yield step;
      }
      if (this.aborted) yield runEnd(runId, 'aborted');
    } finally {
      this.running = false;
    }
  }

  private async *continueRun(): AsyncGenerator<AgentEvent> {
    this.continued += 1;
    const runId = `c${this.continued}`;
    yield { type: 'run_start', sessionId: this.info.sessionId, runId, prompt: '', continued: true };
    yield* this.scripts.shift() as AgentEvent[] ?? [messageEnd(runId, `cm${this.continued}`, 'continued answer'), runEnd(runId, 'done')];
  }

  private switchSession(sessionId: string): SwitchedSession {
    const events = this.savedEvents.get(sessionId);
    if (!events) throw new Error(`No saved session matches "${sessionId}".`);
    this.switched.push(sessionId);
    this.info = { ...this.info, sessionId };
    const earlier = this.savedEarlier.get(sessionId);
    return { sessionId, events, warnings: [], ...(earlier ? { earlier } : {}) };
  }

  private async waitFor(step: Extract<Step, { wait: string }>): Promise<void> {
    const done = (): boolean =>
      this.aborted || (step.wait === 'respond' && this.responses.some((r) => r.approvalId === step.approvalId))
      || (step.wait === 'answer' && this.answers.some((a) => a.questionId === step.questionId));
    if (step.wait === 'promise') {
      await Promise.race([step.promise, new Promise<void>((resolve) => (this.wake = resolve))]);
      return;
    }
    while (!done()) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  private respond(approvalId: string, decision: ApprovalDecision): void {
    this.responses.push({ approvalId, decision });
    this.wake?.();
  }

  private answer(questionId: string, answer: UserAnswer): void {
    this.answers.push({ questionId, answer });
    this.wake?.();
  }

  private abort(): void {
    this.aborts++;
    this.aborted = true;
    this.wake?.();
  }

  private isRunning(): boolean {
    return this.running;
  }

  private setMode(mode: PermissionMode): void {
    this.modes.push(mode);
    if (mode === this.info.mode) return;
    this.info = { ...this.info, mode };
    // As the real session does: the change reaches subscribers as an event.
    this.emit({ type: 'mode_change', sessionId: this.info.sessionId, mode });
  }

  private async listModels(): Promise<string[] | undefined> {
    return this.listedModels;
  }

  private setModel(model: string): void {
    if (model === 'bad-model') throw new Error('unknown model');
    this.models.push(model);
    this.info = { ...this.info, model };
    this.emit({ type: 'model_change', sessionId: this.info.sessionId, model, contextWindow: this.info.contextWindow });
  }

  private clear(): void {
    this.clears++;
    this.info = { ...this.info, sessionId: `s${this.clears + 1}` };
    this.emit({ type: 'conversation_cleared', sessionId: this.info.sessionId });
  }

  private subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private everyEvent = new Set<(event: AgentEvent) => void>();

  /** Plays a run's events to every subscriber and resolves with its run_end, as the real session's runs do. */
  private async play(run: AsyncGenerator<AgentEvent>): Promise<RunOutcome> {
    let end: RunOutcome | undefined;
    for await (const event of run) {
      for (const listener of this.everyEvent) listener(event);
      if (event.type === 'run_end') end = event;
    }
    if (!end) throw new Error('The run ended without a run_end event.');
    return end;
  }

  readonly runs: SessionRuns = {
    subscribe: (listener) => {
      this.everyEvent.add(listener);
      const off = this.subscribe(listener);
      return () => {
        this.everyEvent.delete(listener);
        off();
      };
    },
    prompt: (text, options) => this.play(this.prompt(text, options)),
    continue: () => this.play(this.continueRun()),
    shell: (command) => this.play(this.shell(command)),
    compact: (instructions) => this.compact(instructions),
    respond: (approvalId, decision) => this.respond(approvalId, decision),
    answer: (questionId, answer) => this.answer(questionId, answer),
    abort: () => this.abort(),
    isRunning: () => this.isRunning(),
    steer: () => false,
  };

  /** Team mode, when a test gives the session subagents: each call plays its script like a prompt. */
  enableTeam(): this {
    this.runs.team = (task) => this.play(this.prompt(`/team ${task}`));
    return this;
  }

  readonly conversation: SessionConversation = {
    history: () => [],
    todos: () => this.todos(),
    clear: () => this.clear(),
    switchSession: (idOrPrefix) => this.switchSession(idOrPrefix),
    recentSessions: () => this.recentSessions(),
    logFile: () => undefined,
    rename: () => {
      throw new Error('The fake session keeps no log to name.');
    },
  };

  readonly settings: SessionSettings = ((fake: FakeSession) => ({
    get info() {
      return fake.info;
    },
    setMode: (mode: PermissionMode) => fake.setMode(mode),
    setModel: (model: string) => fake.setModel(model),
    listModels: () => fake.listModels(),
    permissionRules: () => fake.permissionRules(),
    removeSessionRule: (text: string) => fake.removeSessionRule(text),
    addDir: () => ({ ok: false as const, message: 'The fake session adds no folders.' }),
  }))(this);

  readonly tasks: SessionTasks = {
    backgroundTasks: () => this.backgroundTasks(),
    taskOutput: (taskId) => this.taskOutput(taskId),
    killTask: (taskId) => this.killTask(taskId),
  };

  readonly inspection: SessionInspection = ((fake: FakeSession) => ({
    totalUsage: () => fake.totalUsage(),
    contextTokens: () => fake.contextTokens(),
    prefix: () => ({ system: '', tools: [] }),
    registry: () => {
      throw new Error('The fake session has no tool registry.');
    },
    memory: () => fake.memory(),
    skills: () => [],
    contextBreakdown: () => {
      throw new Error('The fake session has no context breakdown.');
    },
    diagnostics: () => undefined,
    mcpSettled: () => Promise.resolve(),
    get mcp() {
      return fake.mcp;
    },
  }))(this);

  private todos(): TodoItem[] {
    return [];
  }

  private backgroundTasks(): BackgroundTaskInfo[] {
    return this.taskList;
  }

  private taskOutput(taskId: string): string {
    return this.outputs.get(taskId) ?? '';
  }

  private async killTask(taskId: string): Promise<void> {
    this.killed.push(taskId);
  }

  readonly compactions: Array<string | undefined> = [];
  memoryStore: MemoryStore | undefined;

  private async compact(instructions?: string): Promise<void> {
    this.compactions.push(instructions);
  }

  sessions: SessionSummary[] = [];

  rules: PermissionRule[] = [];

  private permissionRules(): PermissionRule[] {
    return this.rules;
  }

  private removeSessionRule(text: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => !(r.source === 'this session' && r.text === text));
    return this.rules.length < before;
  }

  private recentSessions(): SessionSummary[] {
    return this.sessions;
  }

  private contextTokens(): number {
    return 0;
  }

  private memory(): MemoryStore | undefined {
    return this.memoryStore;
  }

  private totalUsage(): Usage {
    return this.usage;
  }

  async close(): Promise<void> {
    this.closed++;
  }
}

export function runEnd(runId: string, reason: Extract<AgentEvent, { type: 'run_end' }>['reason'], extra: { error?: string; turns?: number } = {}): AgentEvent {
  return { type: 'run_end', runId, reason, text: '', turns: extra.turns ?? 1, usage: emptyUsage(), durationMs: 10, ...(extra.error ? { error: extra.error } : {}) };
}

export function messageEnd(runId: string, messageId: string, text: string): AgentEvent {
  return {
    type: 'message_end',
    runId,
    turnId: 't1',
    messageId,
    message: { role: 'assistant', content: text ? [{ type: 'text', text }] : [] },
    stopReason: 'end_turn',
    usage: emptyUsage(),
  };
}

/** A whole run that answers with one text message, streamed in a few deltas. */
export function simpleRun(runId: string, prompt: string, answer: string): AgentEvent[] {
  const messageId = `${runId}-m1`;
  const half = Math.ceil(answer.length / 2);
  return [
    { type: 'run_start', sessionId: 's1', runId, prompt },
    { type: 'turn_start', runId, turnId: 't1', turn: 1 },
    { type: 'message_start', runId, turnId: 't1', messageId },
    { type: 'text_delta', runId, messageId, text: answer.slice(0, half) },
    { type: 'text_delta', runId, messageId, text: answer.slice(half) },
    messageEnd(runId, messageId, answer),
    runEnd(runId, 'done'),
  ];
}

export function approvalRequest(runId: string, approvalId: string, toolCallId: string, extra: Partial<Extract<AgentEvent, { type: 'approval_request' }>> = {}): AgentEvent {
  return {
    type: 'approval_request',
    runId,
    approvalId,
    toolCallId,
    name: 'bash',
    input: { command: 'npm test' },
    summary: 'npm test',
    alwaysScope: 'Bash(npm test:*)',
    alwaysRules: ['Bash(npm test:*)'],
    cwd: '/tmp/project',
    ...extra,
  };
}

/** Waits for pending promise callbacks and timers of zero delay to run. */
export async function ticks(count = 3): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
