// Builds a live session: the conversation, tool state, permissions, context and hooks, wired to the run gate, the
// event channel and the injected ports; facade.ts turns the parts into the session's capability objects.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addUsage, emptyUsage } from '../../protocol/messages.js';
import type { AgentEvent, PermissionMode } from '../../protocol/events.js';
import { newSessionId } from '../../protocol/ids.js';
import { BackgroundTasks } from '../../tools/background.js';
import { FileState } from '../../tools/fileState.js';
import { createMemoryTool } from '../../memory/tool.js';
import type { ToolSessionState } from '../../tools/types.js';
import { contextWindowFor, isKnownModel } from '../../providers/modelInfo.js';
import { PermissionPolicy } from '../../permissions/policy.js';
import { sandboxRun } from '../../permissions/sandbox.js';
import { skillsPromptSection } from '../../extensions/skills.js';
import { HookLifecycle } from '../../extensions/hookLifecycle.js';
import { ApprovalBroker, QuestionBroker } from '../approvals.js';
import { contextTuning } from '../../config/defaults.js';
import { ContextManager } from '../contextManager.js';
import { Conversation } from '../history.js';
import { outputBudget } from '../overflow.js';
import { buildSystemPrompt, systemPromptSections, type SystemPromptInput } from '../systemPrompt.js';
import { childEnvironmentFor } from './childEnvironment.js';
import { sessionCompat } from './compat.js';
import type { SessionCore } from './core.js';
import { sessionFacade } from './facade.js';
import { startNewConversation } from './newConversation.js';
import { hookPorts } from './hookPorts.js';
import { SessionMcp } from './mcp.js';
import type { EngineSession, SessionOptions } from './options.js';
import { createRecorder, EventChannel } from './recorder.js';
import { SessionReminders } from './reminders.js';
import { RunGate } from './runGate.js';
import { SessionTools } from './tools.js';
import type { SessionInfo } from './types.js';

export function createSession(o: SessionOptions): EngineSession {
  const sessionId = o.sessionId ?? newSessionId();
  const sessionDir = join(o.sessionsDir, sessionId);
  // Late-bound: the registry exists once the tools (these among them) are put together.
  const compat = sessionCompat(o.compat ?? {}, {
    registry: () => core.tools.current(), whenReady: () => o.mcp?.whenReady() ?? Promise.resolve(),
    context: { cwd: o.cwd, workspace: o.workspace, get state() { return state; } },
  });
  const baseTools = [...(o.memory ? [...o.tools, createMemoryTool(o.memory)] : o.tools), ...compat.tools];
  // The window when the user set it or the model is known: the skills list and MCP tool search are sized by it.
  const knownWindow = o.contextWindow ?? (isKnownModel(o.model) ? contextWindowFor(o.model) : undefined);
  const promptInput: SystemPromptInput = {
    cwd: o.cwd, workspace: o.workspace, platform: o.platform ?? process.platform, mode: o.mode,
    instructions: o.instructions, memoryIndex: o.memory?.indexText(), memoryTool: o.memory !== undefined,
    replaceInstructions: o.systemPrompt?.replace, append: o.systemPrompt?.append,
    skills: skillsPromptSection(o.skills ?? [], knownWindow), addedDirs: o.addDirs,
  };
  const system = buildSystemPrompt(promptInput);
  const rules = new PermissionPolicy({ rules: [], ...o.permissions, workspace: o.workspace, sandboxed: o.sandbox !== undefined });
  const sandboxSettings = o.sandbox;
  const state: ToolSessionState = {
    files: new FileState(),
    todos: o.resume ? [...o.resume.todos] : [],
    // Finished tasks' output is saved next to the log; only a tail stays in memory once reported.
    background: new BackgroundTasks({ outputDir: join(sessionDir, 'outputs') }),
    sessionDir,
    // Memory and skills live outside the workspace; the model reads them with the file tools.
    extraReadableRoots: [...(o.memory ? [o.memory.globalDir, o.memory.projectDir] : []), ...(o.skills ?? []).map((skill) => skill.dir)],
    addedDirs: [...(o.addDirs ?? [])],
    // Read at each command, so a folder added with /add-dir is writable from then on.
    sandbox: sandboxSettings ? () => sandboxRun({ ...sandboxSettings, workspace: o.workspace, writable: state.addedDirs ?? [] }) : undefined,
    readRefusal: (absPath) => rules.readRefusal(absPath),
    mayReachPrivateHost: (host) => rules.allowsPrivateHost(host),
  };
  try {
    mkdirSync(sessionDir, { recursive: true });
  } catch {
    // $REIN_HOME cannot be written: the session runs in memory (the log already said so), long outputs go unsaved.
  }
  const info: SessionInfo = {
    sessionId, cwd: o.cwd, provider: o.providerName, model: o.model, mode: o.mode,
    contextWindow: o.contextWindow ?? contextWindowFor(o.model),
  };
  const learnedWindows = new Map<string, number>();
  const context = new ContextManager(
    {
      window: info.contextWindow,
      ...contextTuning(o.context),
      fixedWindow: o.contextWindow !== undefined,
    },
    () => ({ provider: o.provider, model: info.model, maxTokens: outputBudget(Math.min(o.maxTokens, 8192), info.contextWindow) }),
    (window) => {
      // Kept for the session, per model: the window follows the model, and a learned one is the real one.
      learnedWindows.set(info.model, window);
      info.contextWindow = window;
    },
  );
  // A local server is asked for the window it serves while the rest of the session is put together.
  context.askAhead();
  const gate = new RunGate();
  let hooks: HookLifecycle | undefined = undefined;
  const channel = new EventChannel(createRecorder({
    observe: (event) => {
      hooks?.observe(event);
      o.observe?.(event);
    },
    log: () => core.log,
  }));
  const ambientIds = () => (gate.runId === undefined ? { sessionId: info.sessionId } : { sessionId: info.sessionId, runId: gate.runId });
  const emit = (event: AgentEvent) => channel.ambient(event);
  const mcp = new SessionMcp(o.mcp, {
    runActive: () => gate.runId !== undefined,
    hasListeners: () => channel.hasListeners,
    warn: (message) => emit({ type: 'warning', message }),
    status: (servers) => emit({ type: 'mcp_status', sessionId: info.sessionId, servers }),
  });
  // Late-bound: the task tool among them is lent the children's environment, which lends the tools.
  let sessionTools: SessionTools | undefined = undefined;
  const core: SessionCore = {
    o, info, state, system, systemSections: systemPromptSections(promptInput), toolSchemas: [], compat, mcp,
    get tools(): SessionTools {
      if (!sessionTools) throw new Error('The session\'s tools were asked for before they were put together.');
      return sessionTools;
    },
    rules, context, gate, channel,
    broker: new ApprovalBroker(), questions: new QuestionBroker(),
    history: new Conversation((change) => {
      const log = core.log;
      if (!log) return;
      log.append({ kind: 'history', ...change });
      // A rewrite is followed by the todo list and the model, so resume can stop reading the log there.
      if (change.op === 'replace') log.append({ kind: 'state', todos: state.todos, model: info.model });
    }, o.resume?.history ?? []),
    reminders: new SessionReminders({ state, memory: o.memory, now: o.now }),
    get hooks() { return hooks; },
    resolveModel: o.resolveModel ?? ((requested, _provider, current) => ({ model: requested ?? current })),
    log: o.log, checkpoints: undefined, total: emptyUsage(),
    resumed: o.resume !== undefined, announced: false, startupWarned: false, clearAfterRun: false, atTurnLimit: false, limitedRun: {}, steering: undefined,
    record: (event) => channel.inRun(event),
    emit,
    ambientIds,
    setMode(mode: PermissionMode) {
      if (mode === info.mode) return;
      info.mode = mode;
      core.reminders.modeChanged(mode);
      emit({ type: 'mode_change', ...ambientIds(), mode });
    },
    clearNow: () => startNewConversation(core, { watchLog, reopenCheckpoints: openCheckpoints }),
    childEnvironment: () => childEnvironmentFor(core, (usage) => { core.total = addUsage(core.total, usage); }),
    takeMcpNotices: () => core.mcp.take().map((message) => core.record({ type: 'warning', runId: gate.runId, message })),
    refreshTools() {
      if (!core.tools.refresh()) return false;
      core.toolSchemas = core.tools.schemas;
      return true;
    },
  };
  const taskTool = o.agents?.taskTool?.(core.childEnvironment(), (event) => emit(event));
  // Child events reach the same consumers as the session's own (the store, stream-json, the log).
  sessionTools = new SessionTools(taskTool ? [...baseTools, taskTool] : baseTools, o.mcp, knownWindow);
  core.toolSchemas = core.tools.schemas;
  if (o.resume) context.anchorResumed(system, core.toolSchemas, core.history.messages);
  const openCheckpoints = () => {
    core.checkpoints = o.checkpoints?.open({
      sessionId: info.sessionId, append: (record) => core.log?.append(record), warn: (message) => emit({ type: 'warning', ...ambientIds(), message }),
    });
  };
  openCheckpoints();
  state.checkpoints = {
    beforeCall: async () => { await core.checkpoints?.settled(); },
    beforeWrite: async (absPath) => { await core.checkpoints?.beforeWrite(absPath); },
    afterCall: async (toolName, toolCallId) => { await core.checkpoints?.afterCall(toolName, toolCallId); },
  };
  const transcriptPath = (id: string) => o.sessions?.transcriptPath(id) ?? join(o.sessionsDir, id, 'log.jsonl');
  o.hooks?.bindMode(() => info.mode);
  o.hooks?.bindSession(() => ({ sessionId: info.sessionId, transcriptPath: transcriptPath(info.sessionId) }));
  // What SessionStart and Setup hooks write to CLAUDE_ENV_FILE holds for every bash command of the session.
  if (o.hooks) Object.defineProperty(state, 'envFile', { get: () => o.hooks?.envFile(), enumerable: true, configurable: true });
  hooks = o.hooks
    ? new HookLifecycle({
        hooks: o.hooks, resumed: o.resume !== undefined, forked: o.forked, interactive: o.interactive, idleNotifyMs: o.idleNotifyMs, approvalNotifyMs: o.approvalNotifyMs,
        model: () => info.model, instructions: o.instructionFiles, configFiles: o.configFiles, emit, record: (e) => core.record(e), activeRunId: () => gate.runId,
      })
    : undefined;
  o.hooks?.bindPorts(hookPorts({
    provider: o.provider, providerName: o.providerName, model: () => info.model, mcp: o.mcp, backgroundTasks: () => state.background.list(),
    childEnvironment: () => core.childEnvironment(), agents: o.agents, resolveModel: core.resolveModel,
  }));
  if (o.hooks) {
    o.hooks.warn = (message) => emit({ type: 'warning', ...ambientIds(), message });
    o.hooks.setMode = (mode) => core.setMode(mode);
  }
  const lifecycle = hooks;
  if (lifecycle) context.beforeCompact = (trigger, instructions, signal) => lifecycle.beforeCompact(trigger, instructions, signal);
  state.background.onChange((task) => emit({ type: 'background_task', ...ambientIds(), task }));
  const watchLog = () => {
    if (core.log) core.log.onError = (message) => emit({ type: 'warning', message: `The session log could not be written (${message}); this session may not be resumable.` });
  };
  watchLog();
  return sessionFacade(core, { learnedWindows, watchLog, reopenCheckpoints: openCheckpoints });
}
