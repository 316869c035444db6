// Turns the session's parts into its capability objects, with close() and the set-up hooks beside them.
import type { ApprovalDecision } from '../../protocol/events.js';
import type { UserAnswer } from '../../protocol/tools.js';
import { contextWindowFor } from '../../providers/modelInfo.js';
import { outcomeOf, type SessionConversation, type SessionInspection, type SessionRuns, type SessionSettings, type SessionTasks } from './capabilities.js';
import type { SessionCore } from './core.js';
import { addDirectory } from './addDir.js';
import { contextBreakdown } from './contextBreakdown.js';
import { compactNow, shellRun, teamRun } from './entryPoints.js';
import type { EngineSession } from './options.js';
import { continueRun, promptRun } from './promptRun.js';
import { switchSession } from './switchSession.js';

export interface FacadeParts {
  learnedWindows: Map<string, number>;
  watchLog: () => void;
  reopenCheckpoints: () => void;
}

export function sessionFacade(core: SessionCore, parts: FacadeParts): EngineSession {
  const { o, info, state, gate } = core;
  const team = o.agents?.team;
  const runs: SessionRuns = {
    subscribe: (listener) => core.channel.subscribe(listener),
    prompt: (text, options = {}) => outcomeOf(promptRun(core, text, options)),
    continue: () => outcomeOf(continueRun(core)),
    shell: (command) => outcomeOf(shellRun(core, command)),
    ...(team ? { team: (task: string) => outcomeOf(teamRun(core, team, task)) } : {}),
    compact: (instructions) => compactNow(core, instructions),
    respond: (approvalId: string, decision: ApprovalDecision) => { core.broker.respond(approvalId, decision); },
    answer: (questionId: string, answer: UserAnswer) => { core.questions.respond(questionId, answer); },
    steer: (text) => {
      if (core.steering === undefined) return false;
      core.steering.push(text);
      return true;
    },
    abort: () => {
      gate.abort();
      // Esc stops background subagents too; background commands keep running until killed.
      void state.background.killSubagents();
    },
    isRunning: () => gate.running,
  };
  const rewinder = o.checkpoints?.rewinder({
    history: () => core.history.messages,
    running: () => gate.running,
    replaceHistory: (messages) => {
      core.atTurnLimit = false;
      core.context.replaceHistory(core.history, messages, core.system, core.toolSchemas);
    },
    rewound: (runId) => core.emit({ type: 'conversation_rewound', sessionId: info.sessionId, runId }),
  });
  const conversation: SessionConversation = {
    history: () => core.history.messages,
    todos: () => [...state.todos],
    clear() {
      // A running loop may still answer its pending calls after the abort: clear once it has ended.
      if (gate.running) {
        core.clearAfterRun = true;
        gate.abort();
        return;
      }
      core.clearNow();
    },
    switchSession: (idOrPrefix) => switchSession(core, idOrPrefix, parts),
    recentSessions: (limit = 10) => o.sessions?.recent(limit) ?? [],
    logFile: () => core.log?.file,
    rename(name) {
      if (!core.log) throw new Error('This session is not saved (it runs in memory only), so it cannot be named.');
      // A failed write is reported by the log itself, as a warning.
      core.log.append({ kind: 'name', name });
    },
    // With checkpoints off there is nothing to rewind: /rewind says so in one line.
    ...(rewinder ?? {}),
  };
  const settings: SessionSettings = {
    info,
    setMode: (mode) => core.setMode(mode),
    setModel(model) {
      info.model = model;
      info.contextWindow = parts.learnedWindows.get(model) ?? o.contextWindow ?? contextWindowFor(model);
      core.context.setWindow(info.contextWindow);
      core.emit({ type: 'model_change', ...core.ambientIds(), model, contextWindow: info.contextWindow });
    },
    addDir: (path) => addDirectory(core, path),
    async listModels() {
      if (!o.provider.listModels) return undefined;
      return o.provider.listModels(AbortSignal.timeout(5_000)).catch(() => undefined);
    },
    permissionRules: () => core.rules.list(),
    removeSessionRule: (text) => core.rules.removeSessionRule(text),
  };
  const tasks: SessionTasks = {
    backgroundTasks: () => state.background.list(),
    taskOutput: (taskId) => state.background.output(taskId),
    killTask: async (taskId) => { await state.background.kill(taskId); },
  };
  const inspection: SessionInspection = {
    totalUsage: () => core.total,
    contextTokens: () => core.context.estimate(core.system, core.toolSchemas, core.history.messages),
    contextBreakdown: () => contextBreakdown(core),
    diagnostics: () => o.diagnostics,
    mcpSettled: () => o.mcp?.whenReady() ?? Promise.resolve(),
    prefix: () => ({ system: core.system, tools: core.toolSchemas }),
    registry: () => core.tools.registry,
    memory: () => o.memory,
    skills: () => o.skills ?? [],
    ...(o.mcp ? { mcp: o.mcp } : {}),
  };
  return {
    runs, conversation, settings, tasks, inspection,
    runSetupHooks: async (trigger: 'init' | 'maintenance', sessionStart = false) => {
      await core.hooks?.setup(trigger);
      if (sessionStart) await core.hooks?.startOnly();
    },
    async close(reason = 'other') {
      gate.abort();
      core.context.stopAsking();
      await core.hooks?.closed(reason);
      // MCP servers first: they are expected to stop with the session, not "running commands rein had to stop".
      await o.mcp?.close();
      await state.background.killAll();
      // A snapshot under way finishes, so its record reaches the log.
      await core.checkpoints?.settled();
      core.log?.close();
    },
  };
}
