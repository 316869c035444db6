// Assembles a live session from the engine and the rooms it is lent: subagents and team mode, checkpoints, and the
// session log with the saved sessions of this directory, each injected into the engine as a port.
import type { AgentDefinition } from '../agents/types.js';
import { runChild } from '../agents/childRunner.js';
import { createTaskTool } from '../agents/taskTool.js';
import { runTeamRun } from '../agents/teamRun.js';
import { resolveModel } from '../agents/agentModel.js';
import { SessionCheckpoints } from '../checkpoints/sessionCheckpoints.js';
import { pointFor, sessionRewind } from '../checkpoints/sessionRewind.js';
import type { CheckpointSettings } from '../checkpoints/types.js';
import { createSession, type EngineSession, type SessionOptions } from '../engine/session/index.js';
import type { AgentsPort, CheckpointsPort, SessionStorePort } from '../engine/session/ports.js';
import { newId } from '../protocol/ids.js';
import { findSession, listSessions } from '../sessionLog/listSessions.js';
import { loadSession, resumeLoadOptions } from '../sessionLog/loadSession.js';
import { sessionLogPath } from '../sessionLog/records.js';
import { SessionLog } from '../sessionLog/sessionLog.js';
import { gitBranchOf } from './sessionParts.js';

/** Subagent types for the task tool and team mode; unset or empty definitions = no task tool. */
export interface AgentSetup {
  definitions: AgentDefinition[];
  maxParallel: number;
  maxTurns: number;
  team?: { plannerModel?: string; workerModel?: string; reviewerModel?: string };
}

/** What a session is built from: the engine's options, with subagents, checkpoints and saved sessions as settings. */
export type SessionSetup = Omit<SessionOptions, 'agents' | 'checkpoints' | 'sessions' | 'resolveModel'> & {
  agents?: AgentSetup;
  /** Workspace checkpoints for /rewind; the shadow repository lives under `reinHome`. Unset = none. */
  checkpoints?: { settings: CheckpointSettings; reinHome: string };
};

export type AssembledSession = EngineSession;

function agentsPort(setup: AgentSetup | undefined): AgentsPort {
  const team = setup?.team ?? {};
  return {
    maxTurns: setup?.maxTurns ?? 30,
    ...(setup && setup.definitions.length > 0 ? {
      taskTool: (environment, emit) => createTaskTool({ agents: setup.definitions, maxParallel: setup.maxParallel, emit, environment }),
    } : {}),
    ...(setup ? {
      team: (input) => runTeamRun({
        sessionId: input.sessionId, runId: input.runId, task: input.task, history: input.history,
        // The session records the team's events as they pass.
        record: (event) => event,
        options: {
          environment: input.environment, signal: input.signal, maxParallel: setup.maxParallel, emit: input.emit,
          models: { planner: team.plannerModel, worker: team.workerModel, reviewer: team.reviewerModel },
        },
      }),
    } : {}),
    async runVerifier(environment, request, signal) {
      const outcome = await runChild(environment, {
        agent: { name: 'hook-verifier', description: 'Checks a hook condition', tools: ['read_file', 'grep', 'glob'], model: request.model, systemPrompt: request.system, source: 'built-in' },
        prompt: request.prompt, parentToolCallId: newId('hook'), signal, emit: () => {},
      });
      if (outcome.reason !== 'done') throw new Error(outcome.error ?? `the verifier ended with ${outcome.reason}`);
      return outcome.text;
    },
  };
}

function checkpointsPort(o: { settings: CheckpointSettings; reinHome: string; workspace: string; sessionsDir: string; now?: () => Date; interactive: boolean }): CheckpointsPort {
  let current: SessionCheckpoints | undefined;
  return {
    open(session) {
      const checkpoints = new SessionCheckpoints({
        workspace: o.workspace, reinHome: o.reinHome, sessionsDir: o.sessionsDir, sessionId: session.sessionId, settings: o.settings,
        append: session.append, logFile: sessionLogPath(o.sessionsDir, session.sessionId), warn: session.warn, now: o.now ?? (() => new Date()),
        holdUntilRequest: !o.interactive,
      });
      current = checkpoints;
      return {
        beforeRun: () => checkpoints.beforeRun(),
        beforeWrite: (absPath) => checkpoints.beforeWrite(absPath),
        afterCall: (toolName, toolCallId) => checkpoints.afterCall(toolName, toolCallId),
        addPoint: (runId, text, sent, history) => checkpoints.addPoint(pointFor(runId, text, sent, history)),
        settled: () => checkpoints.settled(),
        release: () => checkpoints.release(),
      };
    },
    rewinder: (deps) => sessionRewind({ ...deps, checkpoints: () => current }),
  };
}

function sessionStorePort(sessionsDir: string, cwd: string): SessionStorePort {
  return {
    transcriptPath: (sessionId) => sessionLogPath(sessionsDir, sessionId),
    recent: (limit) => listSessions(sessionsDir, { cwd, limit }),
    find: (idOrPrefix) => findSession(sessionsDir, idOrPrefix, { countMessages: false }),
    load(file) {
      const loaded = loadSession(file, resumeLoadOptions);
      return { sessionId: loaded.meta.sessionId, history: loaded.history, todos: loaded.todos, events: loaded.events, warnings: loaded.warnings, ...(loaded.earlier ? { earlier: loaded.earlier } : {}) };
    },
    reopen: (file) => SessionLog.reopen(file),
    create: ({ sessionId, provider, model }) => SessionLog.createOrWarn({
      sessionsDir, lazy: true, meta: { sessionId, cwd, provider, model, startedAt: new Date().toISOString(), ...gitBranchOf(cwd) },
    }),
  };
}

export function assembleSession(setup: SessionSetup): AssembledSession {
  const { agents, checkpoints, ...options } = setup;
  return createSession({
    ...options,
    agents: agentsPort(agents),
    resolveModel,
    // With checkpoints off there is nothing to rewind: the session has no rewind methods.
    ...(checkpoints?.settings.enabled
      ? { checkpoints: checkpointsPort({ ...checkpoints, workspace: setup.workspace, sessionsDir: setup.sessionsDir, now: setup.now, interactive: setup.interactive }) }
      : {}),
    sessions: sessionStorePort(setup.sessionsDir, setup.cwd),
  });
}
