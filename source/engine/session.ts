// One conversation with the model: owns the history, tool state and permissions, and runs the loop per prompt.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addUsage, emptyUsage, type Message, type Provider, type Usage } from '../providers/types.js';
import { BackgroundTasks } from '../tools/background.js';
import { FileState } from '../tools/fileState.js';
import { ToolRegistry } from '../tools/runner.js';
import type { AnyTool, ToolSessionState } from '../tools/types.js';
import { ApprovalBroker } from './approvals.js';
import { Conversation } from './history.js';
import type { AgentEvent, ApprovalDecision, PermissionMode } from './events.js';
import { newId, newSessionId } from './ids.js';
import { runAgentLoop } from './loop.js';
import { contextWindowFor } from './modelInfo.js';
import { AlwaysRules } from './permissions.js';
import { backgroundResults, TodoNudge, wrapReminder } from './reminders.js';
import type { AgentSession, SessionInfo } from './sessionTypes.js';
import { buildSystemPrompt, modeChangeReminder } from './systemPrompt.js';

export interface SessionOptions {
  provider: Provider;
  providerName: string;
  model: string;
  tools: AnyTool[];
  cwd: string;
  workspace: string;
  mode: PermissionMode;
  /** False for headless runs: calls that need approval are denied instead of asked. */
  interactive: boolean;
  maxTokens: number;
  maxTurns: number;
  temperature?: number;
  /** Where this session keeps its files (saved outputs); created on demand. */
  sessionsDir: string;
  sessionId?: string;
  contextWindow?: number;
  /** Readable roots outside the workspace (memory folders). */
  extraReadableRoots?: string[];
  now?: () => Date;
}

/** The session as the engine's own wiring sees it: the public face plus read access to the history. */
export interface EngineSession extends AgentSession {
  history(): readonly Message[];
  /** The live conversation (for wiring the session log and compaction). */
  conversation(): Conversation;
}

export function createSession(o: SessionOptions): EngineSession {
  const sessionId = o.sessionId ?? newSessionId();
  const sessionDir = join(o.sessionsDir, sessionId);
  const registry = new ToolRegistry(o.tools);
  const toolSchemas = registry.schemas();
  const system = buildSystemPrompt({ cwd: o.cwd, workspace: o.workspace, platform: process.platform, mode: o.mode });
  const broker = new ApprovalBroker();
  const rules = new AlwaysRules();
  const listeners = new Set<(event: AgentEvent) => void>();
  const state: ToolSessionState = {
    files: new FileState(),
    todos: [],
    background: new BackgroundTasks(),
    sessionDir,
    extraReadableRoots: o.extraReadableRoots ?? [],
  };
  mkdirSync(sessionDir, { recursive: true });
  const info: SessionInfo = {
    sessionId, cwd: o.cwd, provider: o.providerName, model: o.model, mode: o.mode,
    contextWindow: o.contextWindow ?? contextWindowFor(o.model),
  };
  let history = new Conversation();
  let total: Usage = emptyUsage();
  let controller: AbortController | undefined;
  let pendingModeReminder: PermissionMode | undefined;
  let todoNudge = new TodoNudge();

  const emit = (event: AgentEvent) => {
    for (const listener of listeners) listener(event);
  };
  state.background.onChange((task) => emit({ type: 'background_task', task }));

  const reminders = (): string[] => {
    const out: string[] = [];
    const isFirstRequest = history.length === 1;
    if (isFirstRequest) {
      const now = (o.now ?? (() => new Date()))();
      out.push(wrapReminder(`Today's date is ${now.toISOString().slice(0, 10)}.`));
    }
    if (pendingModeReminder) {
      out.push(wrapReminder(modeChangeReminder(pendingModeReminder)));
      pendingModeReminder = undefined;
    }
    const finished = backgroundResults(state.background.takeFinished());
    if (finished) out.push(finished);
    const nudge = todoNudge.beforeRequest(state.todos);
    if (nudge) out.push(nudge);
    return out;
  };

  let clearAfterRun = false;
  const clearNow = () => {
    clearAfterRun = false;
    history.replace([]);
    state.todos = [];
    rules.clear();
    todoNudge = new TodoNudge();
    emit({ type: 'conversation_cleared', sessionId });
  };

  async function* prompt(text: string): AsyncGenerator<AgentEvent> {
    if (controller) throw new Error('A run is already active; wait for it to end or abort it first.');
    const runController = new AbortController();
    controller = runController;
    const runId = newId('run');
    try {
      yield { type: 'run_start', sessionId, runId, prompt: text };
      const loop = runAgentLoop({
        runId, prompt: text, provider: o.provider, system, tools: toolSchemas, registry, history,
        model: info.model, maxTokens: o.maxTokens, temperature: o.temperature, maxTurns: o.maxTurns,
        contextWindow: info.contextWindow, mode: () => info.mode, rules, broker, interactive: o.interactive,
        cwd: o.cwd, workspace: o.workspace, state, signal: runController.signal, reminders,
        onUsage: (usage) => (total = addUsage(total, usage)),
      });
      for await (const event of loop) {
        if (event.type === 'tool_end' && event.name === 'todo_write') todoNudge.wrote();
        yield event;
      }
    } finally {
      if (controller === runController) controller = undefined;
      if (clearAfterRun) clearNow();
    }
  }

  return {
    info,
    prompt,
    history: () => history.messages,
    conversation: () => history,
    respond: (approvalId: string, decision: ApprovalDecision) => { broker.respond(approvalId, decision); },
    abort: () => controller?.abort(),
    isRunning: () => controller !== undefined,
    setMode(mode) {
      if (mode === info.mode) return;
      info.mode = mode;
      pendingModeReminder = mode;
      emit({ type: 'mode_change', mode });
    },
    setModel(model) {
      info.model = model;
      info.contextWindow = o.contextWindow ?? contextWindowFor(model);
      emit({ type: 'model_change', model });
    },
    clear() {
      // A running loop may still answer its pending calls after the abort: clear once it has ended.
      if (controller) {
        clearAfterRun = true;
        controller.abort();
        return;
      }
      clearNow();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    todos: () => [...state.todos],
    backgroundTasks: () => state.background.list(),
    taskOutput: (taskId) => state.background.output(taskId),
    killTask: async (taskId) => { await state.background.kill(taskId); },
    totalUsage: () => total,
    async close() {
      controller?.abort();
      await state.background.killAll();
    },
  };
}
