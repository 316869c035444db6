// Assembles a session from the loaded configuration: provider, tools, permissions, hooks, MCP servers, instructions
// and the session log, each told whether the project is trusted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliArgs } from '../cliArgs.js';
import { knownToolNames, type LoadedConfig, type ReinConfig } from '../config/index.js';
import { repairHistory } from '../engine/history.js';
import { newSessionId } from '../engine/ids.js';
import { createSession } from '../engine/session.js';
import { findGitRoot, MemoryStore } from '../memory/store.js';
import { createProvider } from '../providers/index.js';
import type { Provider } from '../providers/types.js';
import type { Recording } from '../replay/recording.js';
import { recordingProvider } from '../replay/recordingProvider.js';
import { replayProvider } from '../replay/replayProvider.js';
import { recordedTools } from '../replay/recordedTools.js';
import {
  findSession, forkSessionLog, listSessions, loadSession, readGitBranch, resumeLoadOptions, SessionLog, sessionLogPath, type LoadedSession,
} from '../session/index.js';
import { builtinTools } from '../tools/builtins.js';
import { loadAgents } from '../agents/loadAgents.js';
import { startMcpServers } from '../mcp/start.js';
import { describeProblem } from '../permissions/rules.js';
import { loadPermissionRules, readClaudeSettings } from '../permissions/ruleSources.js';
import { setupHooks } from '../extensions/hookSetup.js';
import { resolveStatusLine } from '../extensions/statusLineConfig.js';
import { findBwrap, missingBwrapMessage } from '../permissions/sandbox.js';
import { saveProjectRule } from '../permissions/projectSettings.js';
import { claudeRuleText } from '../permissions/toolNames.js';
import { loadCustomCommands } from '../extensions/commandFiles.js';
import { loadSkills } from '../extensions/skills.js';
import { defaultCheckpointSettings } from '../checkpoints/types.js';
import type { ProjectTrust } from '../trust/projectTrust.js';
import { instructionsFor } from './instructions.js';

/** The saved session that --continue or --resume names, loaded; undefined for a new session. */
function findResumed(args: CliArgs, sessionsDir: string, cwd: string): LoadedSession | undefined {
  if (!args.continue && args.resume === undefined) return undefined;
  // Only the file is needed: counting prompts would read a long log once more before the first frame.
  const summary =
    args.resume !== undefined
      ? findSession(sessionsDir, args.resume, { countMessages: false })
      : listSessions(sessionsDir, { cwd, limit: 1, countMessages: false })[0];
  if (!summary) {
    throw new UsageError(args.resume !== undefined
      ? `No saved session matches "${args.resume}"; run rein and type /resume to list recent sessions.`
      : 'There is no earlier session in this directory to continue; start one with rein.');
  }
  return loadSession(summary.file, resumeLoadOptions);
}

/** --system-prompt, --system-prompt-file and --append-system-prompt, read once: the prefix stays byte-stable. */
function systemPromptFlags(args: CliArgs): { replace?: string; append?: string } | undefined {
  let replace = args.systemPrompt;
  if (args.systemPromptFile !== undefined) {
    try {
      replace = readFileSync(args.systemPromptFile, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read --system-prompt-file ${args.systemPromptFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check the path.`);
    }
    if (replace.trim() === '') throw new UsageError(`--system-prompt-file ${args.systemPromptFile} is empty.`);
  }
  const append = args.appendSystemPrompt;
  if (replace === undefined && append === undefined) return undefined;
  return { replace: replace?.trim() || undefined, append: append?.trim() || undefined };
}

/** The sandbox settings when it is on; fails at start, in one sentence, when bubblewrap is missing. */
function sandboxFor(config: ReinConfig, args: CliArgs, workspace: string, reinHome: string) {
  if (!args.sandbox && !config.sandbox?.enabled) return undefined;
  const bwrap = findBwrap();
  if (!bwrap) throw new UsageError(missingBwrapMessage);
  // The workspace's own steering files are the sandbox's to guard; these are the user's, wherever they live.
  const protectedFiles = [reinHome, join(homedir(), '.claude')];
  return { bwrap, network: config.sandbox?.network ?? false, protectedFiles };
}

/** The commit checked out in `cwd`, for a recording's facts; undefined outside git. */
function gitHeadOf(cwd: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The model calls of the session: the configured provider, a recording replayed (--replay), either recorded (--record). */
function sessionProvider(config: ReinConfig, args: CliArgs, key: { apiKey: string; keyHint: string }, recording: Recording | undefined, model: string, cwd: string, baseUrlFrom?: string): Provider {
  const real = recording
    ? replayProvider(recording, args.replaySpeed, cwd)
    : createProvider({
      provider: config.provider, apiKey: key.apiKey, baseUrl: config.baseUrl, baseUrlFrom, maxRetries: config.maxRetries, keyHint: key.keyHint,
      requestTimeoutMs: config.requestTimeoutMs, streamIdleTimeoutMs: config.streamIdleTimeoutMs, thinking: config.thinking,
    });
  if (args.record === undefined) return real;
  return recordingProvider(real, args.record, { model, facts: { date: new Date().toISOString(), cwd, platform: process.platform, gitHead: gitHeadOf(cwd) } });
}

export interface OpenSessionOptions {
  loaded: LoadedConfig;
  args: CliArgs;
  key: { apiKey: string; keyHint: string };
  interactive: boolean;
  reinHome: string;
  recording?: Recording;
  /** Decided already: the TUI asked, or a headless run was given --trust-project (or not). */
  trust: ProjectTrust;
  version: string;
}

export function openSession({ loaded, args, key, interactive, reinHome, recording, trust, version }: OpenSessionOptions) {
  const config: ReinConfig = loaded.config;
  const baseUrlFrom = loaded.baseUrlFrom;
  const cwd = process.cwd();
  const sessionsDir = join(reinHome, 'sessions');
  const resumed = findResumed(args, sessionsDir, cwd);
  // A replay speaks as the recorded model did.
  const model = recording?.header.model ?? config.model;
  const enabled = new Set(config.tools);
  const memory = enabled.has('memory') ? new MemoryStore({ root: config.memory.dir, projectDir: findGitRoot(cwd) ?? cwd }) : undefined;
  const agents = enabled.has('task') ? loadAgents({ cwd: config.security.workspace, reinHome }) : undefined;
  // A fork continues the resumed conversation under a new id; the old log is only read.
  const sessionId = resumed && !args.forkSession ? resumed.meta.sessionId : newSessionId();
  // Started now, connecting in the background: the first frame and the prompt never wait for them.
  const mcp = startMcpServers({
    cwd, workspace: config.security.workspace, env: process.env, reinHome, sessionDir: join(sessionsDir, sessionId),
    layers: loaded.mcpServers, flagFile: args.mcpConfig, projectTrusted: trust.trusted || args.trustMcp, interactive, timeouts: config.mcp,
    clientVersion: version, reservedNames: new Set(knownToolNames),
  });
  const workspace = config.security.workspace;
  const commands = loadCustomCommands({ workspace, reinHome });
  const skills = loadSkills({ workspace, reinHome });
  const sandbox = sandboxFor(config, args, workspace, reinHome);
  const claudeSettings = readClaudeSettings(workspace);
  const loadedRules = loadPermissionRules({
    workspace, configLayers: loaded.permissionLayers, allowedTools: args.allowedTools, disallowedTools: args.disallowedTools, settings: claudeSettings,
    projectTrusted: trust.trusted,
  });
  const instructions = instructionsFor({ cwd, reinHome, config, model, rules: loadedRules.rules, projectTrusted: trust.trusted });
  const hooks = setupHooks({
    layers: loaded.hookLayers, settings: claudeSettings, projectDir: workspace, cwd, reinHome, sessionId,
    transcriptPath: sessionLogPath(sessionsDir, sessionId), projectTrusted: trust.trusted,
  });
  const reinHomeReal = join(reinHome);
  const instructionFiles = instructions.files.map((f) => ({
    path: f.path,
    memoryType: f.path.startsWith(join(homedir(), '.claude')) || f.path.startsWith(reinHomeReal) ? 'User' as const : f.path.endsWith('CLAUDE.local.md') ? 'Local' as const : 'Project' as const,
  }));
  // Only the full-screen session has a status line to show.
  const statusLine = interactive ? resolveStatusLine(claudeSettings, trust.trusted) : { warnings: [] };
  const meta = { sessionId, cwd, provider: config.provider, model, startedAt: new Date().toISOString(), ...gitBranchOf(cwd) };
  const history = resumed ? repairHistory(resumed.history) : undefined;
  // A $REIN_HOME that cannot be written does not stop a new session: it runs in memory, with one warning.
  const { log, warning: logWarning } = resumed && history
    ? {
      log: args.forkSession ? forkSessionLog({ sessionsDir, source: resumed, history, meta }) : SessionLog.reopen(sessionLogPath(sessionsDir, sessionId)),
      warning: undefined,
    }
    : SessionLog.createOrWarn({ sessionsDir, lazy: true, meta });
  const session = createSession({
    provider: sessionProvider(config, args, key, recording, model, cwd, baseUrlFrom),
    providerName: recording?.header.provider ?? config.provider,
    // A replay keeps the recorded date, so the date reminder is the recorded one.
    ...(recording ? { now: () => new Date(recording.header.facts.date) } : {}),
    model,
    tools: recording && args.replayTools === 'recorded'
      ? recordedTools(builtinTools.filter((t) => enabled.has(t.name)), recording)
      : builtinTools.filter((t) => enabled.has(t.name)),
    cwd,
    workspace: config.security.workspace,
    // Recorded tool results touch nothing, so a replay of them asks nothing unless a mode is given.
    mode: args.permissionMode ?? (recording && args.replayTools === 'recorded' ? 'yolo' : config.permissionMode ?? (interactive ? 'ask' : 'yolo')),
    interactive,
    maxTokens: config.maxTokens,
    maxTurns: config.maxTurns,
    maxConsecutiveToolErrors: config.maxConsecutiveToolErrors,
    temperature: config.temperature,
    sessionsDir,
    sessionId,
    // Only a configured window is fixed; otherwise the window follows the model, /model included.
    contextWindow: config.context.maxContextTokens,
    context: {
      dangerRatio: config.context.contextDangerRatio,
      keepRecentToolResults: config.context.keepRecentToolResults,
      keepRecentRatio: config.context.keepRecentRatio,
    },
    instructions: instructions.text,
    systemPrompt: systemPromptFlags(args),
    memory,
    skills: skills.skills,
    agents: agents ? { definitions: agents.agents, maxParallel: config.agents.maxParallel, maxTurns: config.agents.maxTurns, team: config.team } : undefined,
    startupWarnings: [
      ...(logWarning ? [logWarning] : []),
      ...loaded.projectRefused, ...trust.notices(),
      ...instructions.warnings, ...(agents?.warnings ?? []), ...commands.warnings, ...skills.warnings, ...loadedRules.problems.map(describeProblem),
      ...hooks.warnings, ...statusLine.warnings,
    ],
    hooks: hooks.hooks,
    instructionFiles,
    configFiles: [
      { path: join(homedir(), '.claude', 'settings.json'), source: 'user_settings' },
      { path: join(reinHome, 'agent.config.json'), source: 'user_settings' },
      { path: join(workspace, '.claude', 'settings.json'), source: 'project_settings' },
      { path: join(workspace, 'agent.config.json'), source: 'project_settings' },
      { path: join(workspace, '.claude', 'settings.local.json'), source: 'local_settings' },
      { path: join(workspace, '.claude', 'skills'), source: 'skills' },
    ],
    forked: args.forkSession && resumed !== undefined,
    // Claude Code's switch back to waiting for MCP servers before the first request.
    waitForMcp: /^(0|false|no|off)$/i.test(process.env.MCP_CONNECTION_NONBLOCKING ?? ''),
    sandbox,
    permissions: {
      rules: loadedRules.rules,
      protectedPaths: config.permissions?.protectedPaths,
      protectedWritePaths: config.permissions?.protectedWritePaths,
      // Saving an "always, this project" rule trusts the project; a project the user declined gets session rules only.
      ...(trust.state === 'denied' && interactive ? {} : {
        saveProjectRule: (rule: string) => {
          const file = saveProjectRule(workspace, rule);
          trust.trustWith([{ kind: 'setting', name: 'permissions.allow', file, definition: `allow ${claudeRuleText(rule)}` }]);
          return file;
        },
      }),
    },
    log,
    mcp,
    resume: resumed && history ? { history, todos: resumed.todos } : undefined,
    checkpoints: { settings: config.checkpoints ?? defaultCheckpointSettings, reinHome },
  });
  return { session, resumed, sessionsDir, commands: commands.commands, workspace, statusLine: statusLine.setting };
}

/** The branch for the log's header, so /resume can filter by it; nothing outside a repository. */
function gitBranchOf(cwd: string): { gitBranch?: string } {
  const gitBranch = readGitBranch(cwd);
  return gitBranch === undefined ? {} : { gitBranch };
}
