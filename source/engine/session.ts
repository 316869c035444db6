// One conversation with the model: owns the history, tool state, permissions and context, and runs the loop per prompt.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MemoryStore } from '../memory/store.js';
import { type Provider } from '../providers/types.js';
import { addUsage, emptyUsage, type Message, type Usage } from '../protocol/messages.js';
import { findSession, listSessions } from '../sessionLog/listSessions.js';
import { loadSession, resumeLoadOptions } from '../sessionLog/loadSession.js';
import { SessionLog } from '../sessionLog/sessionLog.js';
import { sessionLogPath } from '../sessionLog/records.js';
import { repairHistory } from './historyRepair.js';
import { BackgroundTasks } from '../tools/background.js';
import { FileState } from '../tools/fileState.js';
import { createMemoryTool } from '../tools/memory.js';
import type { ToolRegistry } from '../tools/runner.js';
import type { McpSessionSource } from '../mcp/types.js';
import { SessionMcp } from './sessionMcp.js';
import { SessionTools } from './sessionTools.js';
import type { AnyTool, ToolSessionState } from '../tools/types.js';
import type { TodoItem, UserAnswer } from '../protocol/tools.js';
import { ApprovalBroker, QuestionBroker } from './approvals.js';
import { ContextManager } from './contextManager.js';
import type { AgentEvent, ApprovalDecision, PermissionMode } from '../protocol/events.js';
import { Conversation } from './history.js';
import { newId, newSessionId } from '../protocol/ids.js';
import { runAgentLoop } from './loop.js';
import { contextWindowFor, isKnownModel } from '../providers/modelInfo.js';
import { outputBudget } from './overflow.js';
import { PermissionPolicy, type PolicyOptions } from '../permissions/policy.js';
import { sandboxRun } from '../permissions/sandbox.js';
import { SessionReminders } from './sessionReminders.js';
import type { AgentSession, PromptOptions, SessionInfo, SwitchedSession } from './sessionTypes.js';
import { EventQueue } from './eventQueue.js';
import { preparedCallRunner } from './preparedCalls.js';
import { skillsPromptSection, type SkillInfo } from '../extensions/skills.js';
import { buildSystemPrompt } from './systemPrompt.js';
import { attachMentions, attachmentText } from './mentions.js';
import { runToolRound } from './toolRound.js';
import { createTaskTool } from '../agents/taskTool.js';
import type { AgentDefinition } from '../agents/types.js';
import type { ChildEnvironment } from '../agents/childRunner.js';
import { runTeamRun } from '../agents/teamRun.js';
import { resolveModel } from '../agents/agentModel.js';
import type { SessionHooks } from '../extensions/sessionHooks.js';
import type { LoopHooks } from '../extensions/hookTypes.js';
import { untrustedProject } from '../extensions/projectTrust.js';
import { HookLifecycle, type LoadedInstructionFile } from '../extensions/hookLifecycle.js';
import { hookPorts, typedCommand } from './sessionHookPorts.js';
import type { WatchedConfig } from '../extensions/configWatch.js';
import { wrapReminder } from './reminders.js';
import { SessionCheckpoints } from '../checkpoints/sessionCheckpoints.js';
import { pointFor, sessionRewind } from '../checkpoints/sessionRewind.js';
import type { CheckpointSettings } from '../checkpoints/types.js';
import { sessionCompat, type CompatOptions } from './sessionCompat.js';

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
  /** Executed tool calls failing in a row that stop a run (default 8; 0 = no limit). */
  maxConsecutiveToolErrors?: number;
  temperature?: number;
  /** Where this session keeps its files (log, saved outputs). */
  sessionsDir: string;
  sessionId?: string;
  /** The model's window; unset = a known default for the model. */
  contextWindow?: number;
  context?: { dangerRatio?: number; keepRecentToolResults?: number; keepRecentRatio?: number };
  /** Project instructions (AGENTS.md / CLAUDE.md), already cut to their budget. */
  instructions?: string;
  /** --system-prompt(-file) replaces the built-in instructions; --append-system-prompt goes last. */
  systemPrompt?: { replace?: string; append?: string };
  /** Markdown memory: adds the memory tool, its index to the prompt, and its folders to the readable roots. */
  memory?: MemoryStore;
  /** Skills: named in the system prompt, their folders readable by the file tools. */
  skills?: SkillInfo[];
  /** Append-only log of this session; every change is written before it is shown. */
  log?: SessionLog;
  /** Subagent types for the task tool; unset or empty = no task tool. */
  agents?: { definitions: AgentDefinition[]; maxParallel: number; maxTurns: number; team?: { plannerModel?: string; workerModel?: string; reviewerModel?: string } };
  /** Permission rules from every settings file, protected paths, and where "always, this project" saves. */
  permissions?: Omit<PolicyOptions, 'workspace'>;
  /** Runs bash commands under bubblewrap; they then run without asking in ask and auto-edit mode. */
  sandbox?: { bwrap: string; network: boolean; protectedFiles: string[] };
  /** Problems found while starting (skipped agent files): shown as warnings when the first run starts. */
  startupWarnings?: string[];
  /** MCP servers (started by the caller, in the background); their tools join the registry between runs. */
  mcp?: McpSessionSource;
  /** User-configured hooks (project ones only once the project is trusted). */
  hooks?: SessionHooks;
  /** Whether the user trusts the project now; a project agent file's own hooks run only then. Unset = not trusted. */
  projectTrusted?: () => boolean;
  /** How long an interactive session waits after a run before the "waiting for your input" Notification (default 60 s). */
  idleNotifyMs?: number;
  /** How long an approval waits before the permission_prompt Notification (default 6 s). */
  approvalNotifyMs?: number;
  /** The instruction files in the system prompt, for InstructionsLoaded. */
  instructionFiles?: LoadedInstructionFile[];
  /** A --fork-session continuation: SessionStart says "fork". */
  forked?: boolean;
  /** Each run's first request waits for MCP servers still starting (MCP_CONNECTION_NONBLOCKING=false, as in Claude Code). */
  waitForMcp?: boolean;
  /** Settings files (and the skills folder) whose changes ConfigChange hooks hear of. */
  configFiles?: readonly WatchedConfig[];
  /** A resumed session's history and todo list. */
  resume?: { history: Message[]; todos: TodoItem[] };
  /** Sees every event first, as it is recorded (the --debug log). */
  observe?: (event: AgentEvent) => void;
  /** Folders the file tools may read and write besides the workspace (--add-dir). */
  addDirs?: string[];
  /** What the flags of `claude -p` ask beyond rein's own: dontAsk, a permission prompt tool, a schema, fallbacks, a budget. */
  compat?: CompatOptions;
  /** Workspace checkpoints for /rewind; the shadow repository lives under `reinHome`. Unset = none. */
  checkpoints?: { settings: CheckpointSettings; reinHome: string };
  now?: () => Date;
  /** The platform the system prompt names; a replay names the recorded one, as it keeps the recorded date. */
  platform?: string;
}

/** The session as the engine's own wiring sees it: the public face plus read access to the history. */
export interface EngineSession extends AgentSession {
  continueRun(): AsyncGenerator<AgentEvent>;
  switchSession(idOrPrefix: string): SwitchedSession;
  history(): readonly Message[];
  /** The request prefix this session sends: system prompt and tool schemas (byte-stable for its lifetime). */
  prefix(): { system: string; tools: ReturnType<ToolRegistry['schemas']> };
  /** The registry the next run uses (MCP tools included once their servers are up). */
  registry(): ToolRegistry;
  /** Runs the Setup hooks (`--init`, `--init-only`, `--maintenance`); `sessionStart` runs SessionStart "startup" too. */
  runSetupHooks(trigger: 'init' | 'maintenance', sessionStart?: boolean): Promise<void>;
}

/** Streamed pieces are not logged: the message_end and tool_end that follow carry them whole. */
const unloggedEvents = new Set<AgentEvent['type']>(['text_delta', 'thinking_delta', 'tool_call_delta', 'tool_progress', 'mcp_status']);

export function createSession(o: SessionOptions): EngineSession {
  // Both change when /resume switches to another saved session in place.
  let sessionId = o.sessionId ?? newSessionId();
  const sessionDir = join(o.sessionsDir, sessionId);
  // Late-bound: the registry exists once the tools (these among them) are put together.
  const compat = sessionCompat(o.compat ?? {}, {
    registry: () => sessionTools.registry, whenReady: () => o.mcp?.whenReady() ?? Promise.resolve(),
    context: { cwd: o.cwd, workspace: o.workspace, get state() { return state; } },
  });
  const baseTools = [...(o.memory ? [...o.tools, createMemoryTool(o.memory)] : o.tools), ...compat.tools];
  const system = buildSystemPrompt({
    cwd: o.cwd, workspace: o.workspace, platform: o.platform ?? process.platform, mode: o.mode,
    instructions: o.instructions, memoryIndex: o.memory?.indexText(), memoryTool: o.memory !== undefined,
    replaceInstructions: o.systemPrompt?.replace, append: o.systemPrompt?.append,
    skills: skillsPromptSection(o.skills ?? [], o.contextWindow ?? (isKnownModel(o.model) ? contextWindowFor(o.model) : undefined)), addedDirs: o.addDirs,
  });
  const broker = new ApprovalBroker();
  const questions = new QuestionBroker();
  const rules = new PermissionPolicy({ rules: [], ...o.permissions, workspace: o.workspace, sandboxed: o.sandbox !== undefined });
  const listeners = new Set<(event: AgentEvent) => void>();
  const sandboxSettings = o.sandbox;
  let log = o.log;
  let resumed = o.resume !== undefined;
  const state: ToolSessionState = {
    files: new FileState(),
    todos: o.resume ? [...o.resume.todos] : [],
    // Finished tasks' output is saved next to the log; only a tail stays in memory once reported.
    background: new BackgroundTasks({ outputDir: join(sessionDir, 'outputs') }),
    sessionDir,
    // Memory and skills live outside the workspace; the model reads them with the file tools.
    extraReadableRoots: [...(o.memory ? [o.memory.globalDir, o.memory.projectDir] : []), ...(o.skills ?? []).map((skill) => skill.dir)],
    addedDirs: o.addDirs ?? [],
    sandbox: sandboxSettings ? () => sandboxRun({ ...sandboxSettings, workspace: o.workspace, writable: o.addDirs ?? [] }) : undefined,
    readRefusal: (absPath) => rules.readRefusal(absPath),
    mayReachPrivateHost: (host) => rules.allowsPrivateHost(host),
  };
  try {
    mkdirSync(sessionDir, { recursive: true });
  } catch {
    // $REIN_HOME cannot be written: the session runs in memory (the log already said so), long outputs go unsaved.
  }
  const makeCheckpoints = () => (o.checkpoints?.settings.enabled
    ? new SessionCheckpoints({
        workspace: o.workspace, reinHome: o.checkpoints.reinHome, sessionsDir: o.sessionsDir, sessionId, settings: o.checkpoints.settings,
        append: (record) => log?.append(record), logFile: sessionLogPath(o.sessionsDir, sessionId),
        warn: (message) => emit({ type: 'warning', ...ambientIds(), message }), now: o.now ?? (() => new Date()),
      })
    : undefined);
  let checkpoints = makeCheckpoints();
  state.checkpoints = {
    beforeWrite: async (absPath) => { await checkpoints?.beforeWrite(absPath); },
    afterCall: async (toolName, toolCallId) => { await checkpoints?.afterCall(toolName, toolCallId); },
  };
  const info: SessionInfo = {
    sessionId, cwd: o.cwd, provider: o.providerName, model: o.model, mode: o.mode,
    contextWindow: o.contextWindow ?? contextWindowFor(o.model),
  };
  const childEnvironment = (): ChildEnvironment => ({
    provider: o.provider, model: () => info.model, maxTokens: o.maxTokens, temperature: o.temperature,
    // StructuredOutput answers for the session's own run; a subagent's answer is its text.
    tools: () => sessionTools.all().filter((t) => !compat.tools.includes(t)), broker, rules, mode: () => info.mode, interactive: o.interactive,
    cwd: o.cwd, workspace: o.workspace, state, maxTurns: o.agents?.maxTurns ?? 30, contextWindow: o.contextWindow,
    onUsage: (usage, model) => {
      total = addUsage(total, usage);
      compat.spent(usage, model);
    },
    askFallback: compat.askFallback,
    overBudget: compat.overBudget,
    now: o.now,
    // Read when a subagent starts: after a switch, its log goes with the session now open.
    get logDir() { return log ? join(state.sessionDir, 'agents') : undefined; },
    providerName: o.providerName,
    hooks: o.hooks?.forLoop(true),
    hooksFor: (agent) => agentHooks(agent),
  });
  /** A child's hooks: the session's, and its agent file's own while it runs (a project's once trusted). */
  const agentHooks = (agent: AgentDefinition): { hooks?: LoopHooks; warning?: string } => {
    const own = agent.hooks ?? [];
    if (own.length === 0 || !o.hooks) return { hooks: o.hooks?.forLoop(true) };
    if (agent.scope === 'project' && !(o.projectTrusted?.() ?? false)) {
      return { hooks: o.hooks.forLoop(true), warning: `its hooks were not run: ${untrustedProject}.` };
    }
    return { hooks: o.hooks.forLoop(true, own) };
  };
  const tools = o.agents && o.agents.definitions.length > 0
    ? [...baseTools, createTaskTool({
        agents: o.agents.definitions,
        maxParallel: o.agents.maxParallel,
        // Child events reach the same consumers as the session's own (the store, stream-json, the log).
        emit: (event) => emit(event),
        environment: childEnvironment(),
      })]
    : baseTools;
  const sessionTools = new SessionTools(tools, o.mcp, o.contextWindow ?? (isKnownModel(o.model) ? contextWindowFor(o.model) : undefined));
  let toolSchemas = sessionTools.schemas;
  const learnedWindows = new Map<string, number>();
  const history = new Conversation((change) => {
    if (!log) return;
    log.append({ kind: 'history', ...change });
    // A rewrite is followed by the todo list, so resume can stop reading the log there.
    if (change.op === 'replace') log.append({ kind: 'state', todos: state.todos });
  }, o.resume?.history ?? []);
  const context = new ContextManager(
    {
      window: info.contextWindow,
      dangerRatio: o.context?.dangerRatio ?? 0.9,
      keepRecentToolResults: o.context?.keepRecentToolResults ?? 10,
      keepRecentRatio: o.context?.keepRecentRatio ?? 0.3,
    },
    () => ({ provider: o.provider, model: info.model, maxTokens: outputBudget(Math.min(o.maxTokens, 8192), info.contextWindow) }),
    (window) => {
      // Kept for the session, per model: the window follows the model, and a learned one is the real one.
      learnedWindows.set(info.model, window);
      info.contextWindow = window;
    },
  );
  if (o.resume) context.anchorResumed(system, toolSchemas, history.messages);
  const reminders = new SessionReminders({ state, memory: o.memory, now: o.now });
  let total: Usage = emptyUsage();
  let controller: AbortController | undefined;
  let activeRunId: string | undefined;
  /** Set when the last run stopped at the turn limit: `continueRun` may go on with it, with the same model and rules. */
  let atTurnLimit = false;
  let limitedRun: Pick<PromptOptions, 'allowedTools' | 'model'> = {};

  o.hooks?.bindMode(() => info.mode);
  o.hooks?.bindSession(() => ({ sessionId, transcriptPath: sessionLogPath(o.sessionsDir, sessionId) }));
  // What SessionStart and Setup hooks write to CLAUDE_ENV_FILE holds for every bash command of the session.
  if (o.hooks) Object.defineProperty(state, 'envFile', { get: () => o.hooks?.envFile(), enumerable: true, configurable: true });
  const hooks = o.hooks
    ? new HookLifecycle({
        hooks: o.hooks, resumed: o.resume !== undefined, forked: o.forked, interactive: o.interactive, idleNotifyMs: o.idleNotifyMs, approvalNotifyMs: o.approvalNotifyMs,
        model: () => info.model, instructions: o.instructionFiles, configFiles: o.configFiles, emit: (e) => emit(e), record: (e) => record(e), activeRunId: () => activeRunId,
      })
    : undefined;
  o.hooks?.bindPorts(hookPorts({
    provider: o.provider, providerName: o.providerName, model: () => info.model, mcp: o.mcp, backgroundTasks: () => state.background.list(), childEnvironment,
  }));
  if (o.hooks) {
    o.hooks.warn = (message) => emit({ type: 'warning', ...ambientIds(), message });
    o.hooks.setMode = (mode) => setMode(mode);
  }
  if (hooks) context.beforeCompact = (trigger, instructions, signal) => hooks.beforeCompact(trigger, instructions, signal);

  function setMode(mode: PermissionMode): void {
    if (mode === info.mode) return;
    info.mode = mode;
    reminders.modeChanged(mode);
    emit({ type: 'mode_change', ...ambientIds(), mode });
  }

  /** Logs an event before anyone sees it, then hands it on. */
  const record = (event: AgentEvent): AgentEvent => {
    hooks?.observe(event);
    o.observe?.(event);
    if (log && !unloggedEvents.has(event.type)) {
      log.append({ kind: 'event', event });
      if (event.type === 'todos') log.append({ kind: 'state', todos: event.todos });
    }
    return event;
  };
  const emit = (event: AgentEvent) => {
    record(event);
    for (const listener of listeners) listener(event);
  };
  /** Ids for events outside a run's own stream: the session's, and the run active at the time, if any. */
  const ambientIds = () => (activeRunId === undefined ? { sessionId } : { sessionId, runId: activeRunId });
  state.background.onChange((task) => emit({ type: 'background_task', ...ambientIds(), task }));
  const sessionMcp = new SessionMcp(o.mcp, {
    runActive: () => activeRunId !== undefined,
    hasListeners: () => listeners.size > 0,
    warn: (message) => emit({ type: 'warning', message }),
    status: (servers) => emit({ type: 'mcp_status', sessionId, servers }),
  });
  const takeMcpNotices = (): AgentEvent[] => sessionMcp.take().map((message) => record({ type: 'warning', runId: activeRunId, message }));
  const watchLog = (target: SessionLog | undefined) => {
    if (target) target.onError = (message) => emit({ type: 'warning', message: `The session log could not be written (${message}); this session may not be resumable.` });
  };
  watchLog(log);

  let announced = false;
  let startupWarned = false;
  let clearAfterRun = false;
  const clearNow = () => {
    clearAfterRun = false;
    atTurnLimit = false;
    state.todos = [];
    history.replace([]);
    rules.clearSession();
    reminders.reset();
    context.reset();
    hooks?.cleared();
    emit({ type: 'conversation_cleared', sessionId });
  };

  /** A command's message: its shell commands and file reads run first, through the permission check, as part of the run. */
  async function* expandPrompt(runId: string, signal: AbortSignal, expand: NonNullable<PromptOptions['expand']>): AsyncGenerator<AgentEvent, string | undefined> {
    const queue = new EventQueue<AgentEvent>();
    const tools = preparedCallRunner({
      registry: sessionTools.registry, rules, broker, interactive: o.interactive, askFallback: compat.askFallback, cwd: o.cwd, workspace: o.workspace, state, signal,
      runId, mode: info.mode, emit: (event) => queue.push(event), sessionId,
    });
    const expanding = expand(tools);
    for await (const event of queue.drainUntil(expanding)) yield record(event);
    const outcome = await expanding.catch((error: unknown) => ({ ok: false as const, problem: `The command could not be prepared (${error instanceof Error ? error.message : String(error)}).` }));
    if (outcome.ok) return outcome.text;
    const aborted = signal.aborted;
    if (!aborted) yield record({ type: 'error', runId, message: outcome.problem });
    yield record({ type: 'run_end', runId, reason: aborted ? 'aborted' : 'error', text: '', turns: 0, usage: emptyUsage(), durationMs: 0, error: aborted ? undefined : outcome.problem });
    return undefined;
  }

  const prompt = (text: string, options: PromptOptions = {}): AsyncGenerator<AgentEvent> => run(text, options);

  /** Goes on with the run that stopped at the turn limit: the same task, no new user message, a fresh allowance of turns. */
  async function* continueRun(): AsyncGenerator<AgentEvent> {
    if (controller) throw new Error('A run is already active; wait for it to end or abort it first.');
    if (!atTurnLimit) throw new Error('There is no run stopped at the turn limit to continue; send a message instead.');
    yield* run(undefined, limitedRun);
  }

  /**
   * The loop's events as the session hands them on, recorded. Every streamed delta passes through here, so it is a
   * function of its own: run() only delegates to it, and is optimized once per stream instead of two or three times.
   */
  async function* forwardRun(loop: AsyncGenerator<AgentEvent>, runId: string, options: PromptOptions): AsyncGenerator<AgentEvent> {
    for await (const event of loop) {
      yield* takeMcpNotices();
      if (event.type === 'tool_end') reminders.toolFinished(event.name);
      if (event.type === 'compaction' && event.level !== 'micro') reminders.compacted();
      if (event.type === 'run_end' && event.runId === runId) {
        atTurnLimit = event.reason === 'max_turns' && o.interactive;
        // A custom command's model and allowed tools hold for its continuation too.
        limitedRun = { allowedTools: options.allowedTools, model: options.model };
      }
      yield record(event);
    }
  }

  /** One run: for a user message, or (text undefined) continuing the conversation as it stands. */
  async function* run(text: string | undefined, options: PromptOptions): AsyncGenerator<AgentEvent> {
    if (controller) throw new Error('A run is already active; wait for it to end or abort it first.');
    atTurnLimit = false;
    const runController = new AbortController();
    controller = runController;
    const runId = newId('run');
    activeRunId = runId;
    let revokeGrant: (() => void) | undefined;
    try {
      if (!announced) {
        // Once per process: stream-json readers learn the session id (to --resume it) and what runs it.
        announced = true;
        yield record({ type: 'session_start', sessionId, cwd: o.cwd, provider: info.provider, model: info.model, mode: info.mode, resumed });
        // Once per process, even when /resume switched logs since.
        if (!startupWarned) for (const message of o.startupWarnings ?? []) yield record({ type: 'warning', message });
        startupWarned = true;
      }
      yield record(text === undefined
        // `continued` right after the type, so listings can tell these lines apart by their first bytes.
        ? { type: 'run_start', continued: true, sessionId, runId, prompt: '' }
        : { type: 'run_start', sessionId, runId, prompt: options.display ?? text });
      if (options.reply !== undefined) {
        yield record({ type: 'run_end', runId, reason: 'done', text: options.reply, turns: 0, usage: emptyUsage(), durationMs: 0 });
        return;
      }
      for (const message of options.notices ?? []) yield record({ type: 'warning', runId, message });
      // A command's own hooks join before UserPromptSubmit, which they may include (Claude Code's order).
      if (options.hooks && options.hooks.length > 0) o.hooks?.addHooks(options.hooks);
      if (hooks && text !== undefined) {
        // Hooks see the message as it was typed ("/review 12" for a custom command).
        const refused = yield* hooks.beforePrompt(options.display ?? text, runId, runController.signal, typedCommand(text, options.display, options.expand !== undefined));
        if (refused) {
          yield record({ type: 'run_end', runId, reason: runController.signal.aborted ? 'aborted' : 'blocked', text: '', turns: 0, usage: emptyUsage(), durationMs: 0, error: refused });
          return;
        }
      }
      if (text !== undefined) await checkpoints?.beforeRun();
      // MCP servers still starting are not waited for: their tools join at a turn boundary once they are up.
      if (o.waitForMcp) await sessionMcp.ready(runController.signal);
      if (sessionTools.refresh()) toolSchemas = sessionTools.schemas;
      yield* takeMcpNotices();
      if (options.allowedTools && options.allowedTools.length > 0) revokeGrant = rules.grantForRun(options.allowedTools);
      let message: string | undefined = text;
      if (options.expand && text !== undefined) message = yield* expandPrompt(runId, runController.signal, options.expand);
      if (message === undefined && text !== undefined) return;
      if (message !== undefined) {
        // MCP resources (@server:uri) and server prompts (/mcp__server__prompt).
        const expanded = await sessionMcp.expand(message, runController.signal);
        for (const warning of expanded.warnings) yield record({ type: 'warning', runId, message: warning });
        if (expanded.error !== undefined) {
          yield record({ type: 'error', runId, message: expanded.error });
          yield record({ type: 'run_end', runId, reason: 'error', text: '', turns: 0, usage: emptyUsage(), durationMs: 0, error: expanded.error });
          return;
        }
        message = expanded.text;
      }
      // A custom command's body has its own @path expansion; the user's own words get theirs here.
      const mentioned = options.expand || message === undefined
        ? { attachments: [], notes: [] }
        : await attachMentions({
            text: message, rules, mode: info.mode,
            ctx: { cwd: o.cwd, workspace: o.workspace, signal: runController.signal, onProgress: () => {}, state, toolCallId: `${runId}-mentions` },
          });
      for (const note of mentioned.notes) yield record({ type: 'warning', runId, message: note });
      if (mentioned.attachments.length > 0) yield record({ type: 'attachments', runId, items: mentioned.attachments.map((a) => a.summary) });
      if (message !== undefined) checkpoints?.addPoint(pointFor(runId, options.display ?? text ?? message, message, history.messages));
      const chosen = resolveModel(options.model, o.providerName, info.model);
      if (chosen.note) yield record({ type: 'warning', runId, message: chosen.note });
      const loop = runAgentLoop({
        runId, prompt: message, attached: mentioned.attachments.length > 0 ? [attachmentText(mentioned.attachments)] : undefined,
        provider: o.provider, system, tools: toolSchemas, registry: sessionTools.registry, history,
        // Claude Code's aliases (haiku, sonnet, opus) as for agent files: the Anthropic model, or the session's elsewhere.
        model: chosen.model, maxTokens: o.maxTokens, temperature: o.temperature, maxTurns: o.maxTurns,
        maxConsecutiveToolErrors: o.maxConsecutiveToolErrors,
        askAtTurnLimit: o.interactive, context, mode: () => info.mode, rules, broker, questions, setMode, interactive: o.interactive,
        cwd: o.cwd, workspace: o.workspace, state, signal: runController.signal,
        reminders: () => [...(hooks?.takeContext() ?? []).map(wrapReminder), ...reminders.collect(history.length === 1)],
        onUsage: (usage, model) => {
          compat.spent(usage, model);
          return (total = addUsage(total, usage));
        },
        hooks: o.hooks?.forLoop(false),
        ...compat.forRun(),
        refreshTools: () => (sessionTools.refresh() ? { tools: (toolSchemas = sessionTools.schemas), registry: sessionTools.registry } : undefined),
      });
      yield* forwardRun(loop, runId, options);
    } finally {
      revokeGrant?.();
      if (controller === runController) {
        controller = undefined;
        activeRunId = undefined;
      }
      if (clearAfterRun) clearNow();
    }
  }

  async function compact(instructions?: string): Promise<void> {
    if (controller) {
      emit({ type: 'warning', message: 'Wait for the running task to finish (or press Esc) before compacting.' });
      return;
    }
    const compactController = new AbortController();
    controller = compactController;
    try {
      const outcome = await context.compact(history, system, toolSchemas, 'manual', instructions, compactController.signal);
      if (outcome.event) {
        reminders.compacted();
        emit(outcome.event);
      }
      if (outcome.error) emit({ type: outcome.ok ? 'warning' : 'error', message: outcome.error });
    } finally {
      controller = undefined;
    }
  }

  async function* team(task: string): AsyncGenerator<AgentEvent> {
    if (controller) throw new Error('A run is already active; wait for it to end or abort it first.');
    const runController = new AbortController();
    controller = runController;
    try {
      if (!announced) {
        announced = true;
        yield record({ type: 'session_start', sessionId, cwd: o.cwd, provider: info.provider, model: info.model, mode: info.mode, resumed });
      }
      // The team's agents take the session's tools when they start: MCP servers still connecting are waited for.
      await sessionMcp.ready(runController.signal);
      yield* takeMcpNotices();
      const team = o.agents?.team ?? {};
      yield* runTeamRun({
        sessionId, task, history, record,
        options: {
          environment: childEnvironment(), signal: runController.signal, maxParallel: o.agents?.maxParallel ?? 4,
          models: { planner: team.plannerModel, worker: team.workerModel, reviewer: team.reviewerModel },
          emit,
        },
      });
    } finally {
      if (controller === runController) controller = undefined;
      if (clearAfterRun) clearNow();
    }
  }

  /**
   * `!command` typed by the user: runs it in the workspace as a bash call through the permission check (deny
   * rules, ask rules, the destructive guard and protected paths hold; the mode's own "ask" does not, since the
   * user typed it), and adds the command and its output to the conversation for the next message.
   */
  async function* shell(command: string): AsyncGenerator<AgentEvent> {
    if (controller) throw new Error('A run is already active; wait for it to end or abort it first.');
    const runController = new AbortController();
    controller = runController;
    const runId = newId('run');
    activeRunId = runId;
    const started = Date.now();
    try {
      if (!announced) {
        announced = true;
        yield record({ type: 'session_start', sessionId, cwd: o.cwd, provider: info.provider, model: info.model, mode: info.mode, resumed });
      }
      yield record({ type: 'run_start', sessionId, runId, prompt: `!${command}` });
      const queue = new EventQueue<AgentEvent>();
      const call = { type: 'tool_use' as const, id: `${runId}-shell`, name: 'bash', input: { command } };
      const round = runToolRound({
        runId, calls: [call], registry: sessionTools.registry, mode: 'yolo', rules, broker, interactive: o.interactive,
        cwd: o.cwd, workspace: o.workspace, state, signal: runController.signal, emit: (e) => queue.push(e),
      });
      for await (const event of queue.drainUntil(round)) yield record(event);
      const [result] = await round;
      const output = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
      history.appendUserText(`<bash-input>${command}</bash-input>\n<bash-output>${output}</bash-output>\n(The user ran this command in the shell themselves; its output is for context.)`);
      const reason = runController.signal.aborted ? 'aborted' : 'done';
      yield record({ type: 'run_end', runId, reason, text: '', turns: 0, usage: emptyUsage(), durationMs: Date.now() - started });
    } finally {
      if (controller === runController) {
        controller = undefined;
        activeRunId = undefined;
      }
      if (clearAfterRun) clearNow();
    }
  }

  /**
   * Opens another saved session of this directory in place (`/resume`): its history, todo list and log replace the
   * current ones, and the next request carries its history. MCP servers and background tasks keep running.
   */
  function switchSession(idOrPrefix: string): SwitchedSession {
    if (controller) throw new Error('Wait for the running task to finish (or press Esc) before switching sessions.');
    const summary = findSession(o.sessionsDir, idOrPrefix, { countMessages: false });
    if (!summary) throw new Error(`No saved session matches "${idOrPrefix}"; /resume lists them.`);
    if (summary.sessionId === sessionId) throw new Error(`Session ${sessionId} is the one already open.`);
    // Everything that can fail comes first, so a log that cannot be read leaves the current session as it was.
    const loaded = loadSession(summary.file, resumeLoadOptions);
    const nextLog = log ? SessionLog.reopen(summary.file) : undefined;
    // SessionEnd "resume" for the session being left (its id and log), SessionStart "resume" with the next message.
    hooks?.switched();
    log?.close();
    log = nextLog;
    watchLog(log);
    sessionId = loaded.meta.sessionId;
    info.sessionId = sessionId;
    state.sessionDir = join(o.sessionsDir, sessionId);
    mkdirSync(state.sessionDir, { recursive: true });
    history.load(repairHistory(loaded.history));
    state.todos = [...loaded.todos];
    // Files read in the other conversation were not read in this one: edits need a fresh read.
    state.files = new FileState();
    rules.clearSession();
    reminders.reset();
    context.reset();
    context.anchorResumed(system, toolSchemas, history.messages);
    checkpoints = makeCheckpoints();
    atTurnLimit = false;
    clearAfterRun = false;
    resumed = true;
    // The next run announces itself in the log it now writes to.
    announced = false;
    return { sessionId, events: loaded.events, ...(loaded.earlier ? { earlier: loaded.earlier } : {}), warnings: loaded.warnings };
  }

  const rewinder = sessionRewind({
    checkpoints: () => checkpoints,
    history: () => history.messages,
    running: () => controller !== undefined,
    replaceHistory: (messages) => {
      atTurnLimit = false;
      context.replaceHistory(history, messages, system, toolSchemas);
    },
    rewound: (runId) => emit({ type: 'conversation_rewound', sessionId, runId }),
  });


  return {
    info,
    prompt,
    // With checkpoints off there is nothing to rewind: /rewind says so in one line.
    ...(o.checkpoints?.settings.enabled ? rewinder : {}),
    continueRun,
    switchSession,
    shell,
    ...(o.agents ? { team } : {}),
    compact,
    history: () => history.messages,
    prefix: () => ({ system, tools: toolSchemas }),
    registry: () => sessionTools.registry,
    runSetupHooks: async (trigger: 'init' | 'maintenance', sessionStart = false) => {
      await hooks?.setup(trigger);
      if (sessionStart) await hooks?.startOnly();
    },
    respond: (approvalId: string, decision: ApprovalDecision) => { broker.respond(approvalId, decision); },
    answer: (questionId: string, answer: UserAnswer) => { questions.respond(questionId, answer); },
    abort: () => {
      controller?.abort();
      // Esc stops background subagents too; background commands keep running until killed.
      void state.background.killSubagents();
    },
    isRunning: () => controller !== undefined,
    setMode,
    async listModels() {
      if (!o.provider.listModels) return undefined;
      return o.provider.listModels(AbortSignal.timeout(5_000)).catch(() => undefined);
    },
    setModel(model) {
      info.model = model;
      info.contextWindow = learnedWindows.get(model) ?? o.contextWindow ?? contextWindowFor(model);
      context.setWindow(info.contextWindow);
      emit({ type: 'model_change', ...ambientIds(), model, contextWindow: info.contextWindow });
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
    memory: () => o.memory,
    skills: () => o.skills ?? [],
    permissionRules: () => rules.list(),
    removeSessionRule: (text) => rules.removeSessionRule(text),
    logFile: () => log?.file,
    recentSessions: (limit = 10) => listSessions(o.sessionsDir, { cwd: o.cwd, limit }),
    contextTokens: () => context.estimate(system, toolSchemas, history.messages),
    ...(o.mcp ? { mcp: o.mcp } : {}),
    async close(reason = 'other') {
      controller?.abort();
      await hooks?.closed(reason);
      // MCP servers first: they are expected to stop with the session, not "running commands rein had to stop".
      await o.mcp?.close();
      await state.background.killAll();
      // A snapshot under way finishes, so its record reaches the log.
      await checkpoints?.settled();
      log?.close();
    },
  };
}

