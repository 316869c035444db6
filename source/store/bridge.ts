// Connects an AgentSession to the store: runs prompts, batches streamed deltas, and exposes the user's actions.
import type { AgentEvent, ApprovalDecision, PermissionMode } from '../protocol/events.js';
import type { UserAnswer } from '../protocol/tools.js';
import type { AgentSession, PromptOptions } from '../engine/sessionTypes.js';
import type { SessionSummary } from '../sessionLog/listSessions.js';
import { readEarlierEvents, type EarlierEvents } from '../sessionLog/earlierEvents.js';
import { prependEarlier } from './earlier.js';
import { CommandList } from './commandList.js';
import { applyEvent } from './applyEvent.js';
import type { CommandContext, SlashCommand } from './commands.js';
import { parseSlashCommand, resolveSlashCommand } from './commands.js';
import { addNotice, markBusy, markInterrupted, setQueued, toggleExpand } from './localActions.js';
import { createMcpActions } from './mcpActions.js';
import { createRewindActions, type RewindActions } from './rewindActions.js';
import type { McpResourceInfo } from '../mcp/types.js';
import { resumedState } from './resumed.js';
import type { AppPanel, AppState } from './state.js';
import { initialState } from './state.js';
import type { AppStore } from './store.js';
import { createAppStore } from './store.js';
import { stampSubagentStarts } from './subagents.js';
import { stampStarts } from './liveProgress.js';

export interface BridgeOptions {
  store?: AppStore;
  /** The slash commands: a fixed list, or a CommandList other sources may add to while the session runs. */
  commands?: readonly SlashCommand[] | CommandList;
  /**
   * The least time between two store updates of streamed deltas; ~30 a second by default. Deltas that come once
   * it has passed reach the store as soon as what arrived with them has been handled.
   */
  flushIntervalMs?: number;
  /** Timer used for delta batching (0 ms: as soon as the current I/O is handled); tests inject a manual one. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** The clock (milliseconds) of delta batching and of the start times the screen counts elapsed time from. */
  now?: () => number;
  /** A resumed session's log events older than its transcript (`LoadedSession.earlier`). */
  earlier?: EarlierEvents;
  /** Events read from the log per `loadEarlier` page. Default 500. */
  earlierPageEvents?: number;
}

export interface Bridge {
  readonly store: AppStore;
  /** The slash commands, for the completion menu and /help. */
  readonly commands: CommandList;
  /** Sends a prompt, runs a slash command, or queues the prompt while a run is active. */
  send(text: string): void;
  respond(approvalId: string, decision: ApprovalDecision): void;
  /** Answers what a tool asked (ask_user's questions, a plan to approve). */
  answer(questionId: string, answer: UserAnswer): void;
  /** Stops the active run; returns the queued messages it dropped so the prompt can offer them again. */
  abort(): string[];
  setMode(mode: PermissionMode): void;
  cycleMode(): void;
  setModel(model: string): void;
  clear(): void;
  killTask(taskId: string): Promise<void>;
  taskOutput(taskId: string): string;
  runCommand(text: string): Promise<void>;
  /**
   * Compacts the conversation (`/compact`) as busy work like a run: Esc interrupts it, and messages sent
   * meanwhile are queued and run after it.
   */
  compact(instructions?: string): Promise<void>;
  /** Starts team mode on `task` (`/team`); false when a run is active or the session has no subagents. */
  team(task: string): boolean;
  toggleExpand(which: 'last' | 'all'): void;
  /** Answers the turn-limit question: go on with the same task for another maxTurns turns. */
  continueRun(): void;
  /** Answers the turn-limit question: leave the task stopped. */
  stopAtTurnLimit(): void;
  /** Saved sessions of this directory for the /resume picker, newest first, without the one open; throws when the folder cannot be read. */
  recentSessions(): SessionSummary[];
  /**
   * Opens a saved session in place: the transcript shows its history and the next message carries it. Refused,
   * with a notice, while a run is active; false when it was not switched.
   */
  switchSession(sessionId: string): boolean;
  /**
   * Reads the next page of a resumed session's older events from its log (every one left with `all`) and puts their
   * items above the transcript; false when there is nothing earlier to read, or the transcript no longer goes on from
   * where the log was read (after /clear, or once the oldest items were trimmed).
   */
  loadEarlier(all?: boolean): boolean;
  /** Shows a panel in place of the transcript (`/mcp`), or closes it. */
  openPanel(panel: AppPanel): void;
  closePanel(): void;
  /** The /rewind panel's actions (refused while a run is active). */
  readonly rewind: RewindActions;
  /** The /mcp panel's actions: each rejects with one plain sentence when it cannot be done. */
  mcpReconnect(name: string): Promise<void>;
  mcpSetEnabled(name: string, enabled: boolean): Promise<void>;
  /** A server's tools as it lists them (empty unless it is connected). */
  mcpTools(name: string): { name: string; description?: string }[];
  /** A server's resources and resource templates, for the /mcp panel. */
  mcpResources(name: string): Promise<McpResourceInfo[]>;
  /** Asks the app to exit; listeners registered with onExit run once. */
  exit(): void;
  onExit(listener: () => void): () => void;
  /** Resolves when no run is active and nothing is queued. */
  idle(): Promise<void>;
  dispose(): void;
}

const deltaTypes = new Set<AgentEvent['type']>(['text_delta', 'thinking_delta', 'tool_call_delta', 'tool_progress']);

type TextDelta = Extract<AgentEvent, { type: 'text_delta' | 'thinking_delta' }>;
const isTextDelta = (e: AgentEvent): e is TextDelta => e.type === 'text_delta' || e.type === 'thinking_delta';

/** Joins runs of text (or thinking) deltas of one message into one event each: the same state, fewer copies of it. */
export function coalesceDeltas(events: readonly AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (last && isTextDelta(event) && isTextDelta(last) && last.type === event.type && last.messageId === event.messageId && last.runId === event.runId) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else out.push(event);
  }
  return out;
}

const defaultSchedule = (run: () => void, ms: number): (() => void) => {
  if (ms <= 0) {
    const immediate = setImmediate(run);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** The modes Shift+Tab steps through: ask → auto-edit → plan, and yolo only for a session started in yolo. */
export function modeCycle(startMode: PermissionMode): PermissionMode[] {
  return startMode === 'yolo' ? ['ask', 'auto-edit', 'plan', 'yolo'] : ['ask', 'auto-edit', 'plan'];
}

export function createBridge(session: AgentSession, options: BridgeOptions = {}): Bridge {
  // Shift+Tab keeps yolo out of reach unless the session was started in it (as Claude Code keeps bypass mode out).
  const cycle = modeCycle(session.info.mode);
  const store =
    options.store ??
    createAppStore(initialState(session.info, { todos: session.todos(), tasks: session.backgroundTasks(), usage: session.totalUsage() }));
  const commands = options.commands instanceof CommandList ? options.commands : new CommandList(options.commands ?? []);
  const flushIntervalMs = options.flushIntervalMs ?? 33;
  const schedule = options.schedule ?? defaultSchedule;
  const now = options.now ?? Date.now;

  let pending: AgentEvent[] = [];
  let cancelFlush: (() => void) | undefined;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let runActive = false;
  let exited = false;
  let disposed = false;
  const exitListeners = new Set<() => void>();
  let idleWaiters: Array<() => void> = [];
  // Where the log's older events end, and the item they go above: the transcript must still begin with it.
  let earlier: { from: EarlierEvents; top: string | undefined } | undefined;
  const earlierFrom = (from: EarlierEvents | undefined) => (from ? { from, top: store.getState().transcript[0]?.id } : undefined);
  earlier = earlierFrom(options.earlier);
  const earlierPageEvents = options.earlierPageEvents ?? 500;

  const update = (change: (state: AppState) => AppState): void => {
    const state = store.getState();
    const next = change(state);
    if (next !== state) store.setState(next, true);
  };
  const mcp = createMcpActions(session.mcp);

  const flush = (): void => {
    cancelFlush?.();
    cancelFlush = undefined;
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    lastFlushAt = now();
    // Events carry no times: a run, a tool call and a subagent's block are given the moment they were first seen.
    const mayStart = events.some((e) => e.agentId !== undefined || e.type === 'tool_start' || e.type === 'message_end' || e.type === 'run_start');
    update((state) => {
      const next = coalesceDeltas(events).reduce(applyEvent, state);
      return mayStart ? stampStarts(stampSubagentStarts(next, now()), events, now()) : next;
    });
  };

  const handleEvent = (event: AgentEvent): void => {
    if (disposed) return;
    pending.push(event);
    if (!deltaTypes.has(event.type)) {
      flush();
      return;
    }
    // One read of a stream brings several deltas, handled in a row: they go to the store together, right after
    // that read when the last update is old enough (no timer of its own), else once it is.
    // (A quarter of the interval early counts as on time: reads a frame apart come a little early or late.)
    if (cancelFlush) return;
    const wait = flushIntervalMs - (now() - lastFlushAt);
    cancelFlush = schedule(flush, wait < flushIntervalMs / 4 ? 0 : wait);
  };

  const unsubscribe = session.subscribe(handleEvent);
  // Servers may have changed state before the screen subscribed: start from their status now.
  if (session.mcp) handleEvent({ type: 'mcp_status', sessionId: session.info.sessionId, servers: session.mcp.status() });

  const notifyIdle = (): void => {
    if (runActive || store.getState().queued.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** After a run or a compaction: the next queued message starts, or the bridge is idle. */
  const afterBusy = (): void => {
    flush();
    runActive = false;
    const [next, ...rest] = store.getState().queued;
    if (next !== undefined && !disposed) {
      update((state) => setQueued(state, rest));
      // A command typed during a run waited in the queue as typed; it is expanded (or answered) now that its turn came.
      if (resolveSlashCommand(next, commands.all(), { mcp: session.mcp !== undefined }).kind !== 'prompt') void bridge.runCommand(next);
      else startRun(next);
    }
    notifyIdle();
  };

  // `!command` at the start of a message runs the command (Claude Code's bash mode) instead of prompting the model.
  const runFor = (text: string) => {
    const command = text.trimStart();
    return command.startsWith('!') && command.length > 1 && session.shell ? session.shell(command.slice(1).trim()) : session.prompt(text);
  };

  const startRun = (text: string, run: () => AsyncGenerator<AgentEvent> = () => runFor(text)): void => {
    runActive = true;
    void (async () => {
      try {
        for await (const event of run()) handleEvent(event);
      } catch (error) {
        flush();
        const reason = error instanceof Error ? error.message : String(error);
        update((state) => addNotice(state, 'error', `The message could not be sent (${reason}); try again.`));
      } finally {
        flush();
        // A run that ended without run_end (a crash) must not leave the screen "running".
        update(markInterrupted);
        afterBusy();
      }
    })();
  };

  const sendPrompt = (text: string): void => {
    if (runActive) {
      update((state) => setQueued(state, [...state.queued, text]));
      return;
    }
    startRun(text);
  };

  const bridge: Bridge = {
    store,
    commands,
    send(text) {
      const trimmed = text.trim();
      if (trimmed === '') return;
      if (parseSlashCommand(trimmed)) {
        void bridge.runCommand(trimmed);
        return;
      }
      sendPrompt(text);
    },
    respond(approvalId, decision) {
      const approval = store.getState().approvals.find((a) => a.approvalId === approvalId);
      session.respond(approvalId, decision);
      if (!approval) return;
      flush();
      update((state) => applyEvent(state, { type: 'approval_resolved', runId: approval.runId, approvalId, toolCallId: approval.toolCallId, decision }));
    },
    answer(questionId, answer) {
      const question = store.getState().questions.find((q) => q.questionId === questionId);
      session.answer(questionId, answer);
      if (!question) return;
      flush();
      update((state) => applyEvent(state, { type: 'question_resolved', runId: question.runId, questionId, toolCallId: question.toolCallId, answer }));
    },
    abort() {
      if (!runActive && !store.getState().running) return [];
      session.abort();
      flush();
      const dropped = store.getState().queued;
      update((state) => setQueued(markInterrupted(state), []));
      return dropped;
    },
    setMode(mode) {
      session.setMode(mode);
      handleEvent({ type: 'mode_change', sessionId: session.info.sessionId, mode });
    },
    cycleMode() {
      const current = store.getState().session.mode;
      const next = cycle[(cycle.indexOf(current) + 1) % cycle.length];
      bridge.setMode(next);
    },
    setModel(model) {
      try {
        session.setModel(model);
        handleEvent({ type: 'model_change', sessionId: session.info.sessionId, model, contextWindow: session.info.contextWindow });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        update((state) => addNotice(state, 'error', `Could not switch to model ${model} (${reason}); check the name.`));
      }
    },
    clear() {
      if (runActive) bridge.abort();
      session.clear();
      update((state) => setQueued(applyEvent(state, { type: 'conversation_cleared', sessionId: session.info.sessionId }), []));
    },
    async killTask(taskId) {
      try {
        await session.killTask(taskId);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        update((state) => addNotice(state, 'error', `Could not stop task ${taskId} (${reason}).`));
      }
    },
    taskOutput(taskId) {
      return session.taskOutput(taskId);
    },
    async runCommand(text) {
      const title = text.trim();
      const resolved = resolveSlashCommand(title, commands.all(), { mcp: session.mcp !== undefined });
      // Not a command (a path, or an MCP prompt the engine fetches once its server is up): a message for the model.
      if (resolved.kind === 'prompt') {
        sendPrompt(title);
        return;
      }
      if (resolved.kind === 'unknown') {
        update((state) => addNotice(state, 'warning', `${resolved.message} (type /help for the list)`, title));
        return;
      }
      const { command, args } = resolved;
      const ctx: CommandContext = {
        getState: () => store.getState(),
        print: (output) => update((state) => addNotice(state, 'command', output, title)),
        fail: (output) => update((state) => addNotice(state, 'error', output, title)),
        setMode: (mode) => bridge.setMode(mode),
        setModel: (model) => bridge.setModel(model),
        listModels: async () => (session.listModels ? session.listModels() : undefined),
        clear: () => bridge.clear(),
        exit: () => bridge.exit(),
        killTask: (taskId) => bridge.killTask(taskId),
        compact: (instructions) => bridge.compact(instructions),
        team: (task) => bridge.team(task),
        prompt: (shown: string, promptOptions: PromptOptions) => {
          if (runActive) update((state) => setQueued(state, [...state.queued, shown]));
          else startRun(shown, () => session.prompt(shown, promptOptions));
        },
        openPanel: (panel) => bridge.openPanel(panel),
        send: (text) => sendPrompt(text),
        session,
        commands: commands.all(),
      };
      try {
        await command.run(ctx, args);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.fail(`/${command.name} failed: ${reason}`);
      }
    },
    async compact(instructions) {
      if (runActive) {
        update((state) => addNotice(state, 'error', 'Wait for the running task to finish (or press Esc) before compacting.'));
        return;
      }
      runActive = true;
      update(markBusy);
      try {
        // The outcome arrives as a compaction, warning or error event through the subscription.
        await session.compact(instructions);
      } finally {
        flush();
        // Interrupted, the screen already shows it; otherwise the work is simply over.
        update((state) => (state.running ? { ...state, running: false } : state));
        afterBusy();
      }
    },
    team(task) {
      const team = session.team?.bind(session);
      if (runActive || !team) return false;
      startRun(`/team ${task}`, () => team(task));
      return true;
    },
    toggleExpand(which) {
      update((state) => toggleExpand(state, which));
    },
    continueRun() {
      const continueRun = session.continueRun?.bind(session);
      if (!store.getState().turnLimit) return;
      update((state) => ({ ...state, turnLimit: undefined }));
      if (runActive || !continueRun) return;
      startRun('', continueRun);
    },
    stopAtTurnLimit() {
      update((state) => (state.turnLimit ? { ...state, turnLimit: undefined } : state));
    },
    recentSessions() {
      const current = session.info.sessionId;
      return session.recentSessions(100).filter((s) => s.sessionId !== current);
    },
    switchSession(sessionId) {
      if (runActive || store.getState().running) {
        update((state) => addNotice(state, 'error', 'Wait for the running task to finish (or press Esc) before switching sessions.'));
        return false;
      }
      if (!session.switchSession) return false;
      flush();
      let switched;
      try {
        switched = session.switchSession(sessionId);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        update((state) => addNotice(state, 'error', `Could not open session ${sessionId}: ${reason}`));
        return false;
      }
      const before = store.getState();
      // The picked session's transcript, as --resume shows it; the servers, tasks and queue of this process stay.
      let next = markInterrupted(resumedState(session, switched.events));
      next = { ...next, mcp: before.mcp, tasks: session.backgroundTasks(), usageByModel: before.usageByModel, cost: before.cost, seq: Math.max(next.seq, before.seq) };
      for (const warning of switched.warnings) next = addNotice(next, 'warning', warning);
      next = addNotice(next, 'info', `Opened session ${switched.sessionId}.`);
      store.setState(next, true);
      earlier = earlierFrom(switched.earlier);
      return true;
    },
    loadEarlier(all = false) {
      if (!earlier) return false;
      const state = store.getState();
      if (state.trimmedCount > 0 || state.transcript[0]?.id !== earlier.top) {
        earlier = undefined;
        return false;
      }
      let page;
      try {
        page = readEarlierEvents(earlier.from, all ? Number.POSITIVE_INFINITY : earlierPageEvents);
      } catch (error) {
        earlier = undefined;
        const reason = error instanceof Error ? error.message : String(error);
        update((s) => addNotice(s, 'warning', `The earlier part of this session's transcript could not be read from its log (${reason}).`));
        return false;
      }
      const { events, warnings, rest } = page;
      update((s) => prependEarlier(s, events, warnings));
      earlier = earlierFrom(rest);
      return events.length > 0 || warnings.length > 0;
    },
    openPanel(panel) {
      update((state) => (state.panel === panel ? state : { ...state, panel }));
    },
    closePanel() {
      update((state) => (state.panel === undefined ? state : { ...state, panel: undefined }));
    },
    rewind: createRewindActions(session, () => runActive || store.getState().running, (change) => {
      flush();
      update(change);
    }),
    mcpReconnect: (name) => mcp.reconnect(name),
    mcpSetEnabled: (name, enabled) => mcp.setEnabled(name, enabled),
    mcpTools: (name) => mcp.tools(name),
    mcpResources: (name) => mcp.resources(name),
    exit() {
      if (exited) return;
      exited = true;
      for (const listener of exitListeners) listener();
    },
    onExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notifyIdle();
      });
    },
    dispose() {
      flush();
      disposed = true;
      unsubscribe();
    },
  };
  return bridge;
}
