// Assembles a session from the loaded configuration: provider, tools, permissions, hooks, MCP servers, instructions
// and the session log, each told whether the project is trusted.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliArgs } from './args.js';
import { knownToolNames, type LoadedConfig, type ReinConfig } from '../config/index.js';
import { repairHistory } from '../engine/history.js';
import { newSessionId } from '../protocol/ids.js';
import { assembleSession } from './assembleSession.js';
import { findGitRoot, MemoryStore } from '../memory/store.js';
import { recordedTools } from '../replay/recordedTools.js';
import { forkSessionLog, SessionLog, sessionLogPath } from '../sessionLog/index.js';
import { builtinTools } from '../tools/builtins.js';
import { withFileAccess, type FileAccess } from '../tools/types.js';
import { addSecrets } from '../util/redact.js';
import { searchBackend } from '../tools/web/searchBackends.js';
import { webSearchTool } from '../tools/webSearch.js';
import { budgetFor, checkAddDirs, checkSessionId, compatOptions, flagNotes, initFactsOf, readSettingsFlag, sessionAgents } from './compatSetup.js';
import { openDebugLog } from './debugLog.js';
import { startMcpServers } from '../mcp/start.js';
import { describeProblem } from '../permissions/rules.js';
import { loadPermissionRules, readClaudeSettings } from '../permissions/ruleSources.js';
import { setupHooks } from '../extensions/hookSetup.js';
import { resolveStatusLine } from '../extensions/statusLineConfig.js';
import { findBwrap, missingBwrapMessage } from '../permissions/sandbox.js';
import { saveProjectRule } from '../permissions/projectSettings.js';
import { claudeRuleText } from '../permissions/toolNames.js';
import { loadFolders } from './extensionSetup.js';
import { defaultCheckpointSettings } from '../checkpoints/types.js';
import type { ProjectTrust } from '../trust/projectTrust.js';
import { instructionsFor } from './instructions.js';
import type { HookCommand } from '../extensions/hookTypes.js';
import type { AskFallback } from '../engine/askFallback.js';
import { relocated, sessionProvider, type OpenedReplay } from './replay.js';
import { findResumed, gitBranchOf, systemPromptFlags } from './sessionParts.js';
import { doctorFacts } from './doctorFacts.js';

/** The sandbox settings when it is on; fails at start, in one sentence, when bubblewrap is missing. */
function sandboxFor(config: ReinConfig, args: CliArgs, workspace: string, reinHome: string) {
  if (!args.sandbox && !config.sandbox?.enabled) return undefined;
  const bwrap = findBwrap();
  if (!bwrap) throw new UsageError(missingBwrapMessage);
  // The workspace's own steering files are the sandbox's to guard; these are the user's, wherever they live.
  const protectedFiles = [reinHome, join(homedir(), '.claude')];
  return { bwrap, network: config.sandbox?.network ?? false, protectedFiles };
}

export interface OpenSessionOptions {
  loaded: LoadedConfig;
  args: CliArgs;
  key: { apiKey: string; keyHint: string };
  interactive: boolean;
  reinHome: string;
  /** --replay: the recording read, and the fixture copy rein runs in when it names one. */
  replay?: OpenedReplay;
  /** Decided already: the TUI asked, or a headless run was given --trust-project (or not). */
  trust: ProjectTrust;
  version: string;
  /** --json-schema, checked: the run ends with an object of this shape. */
  jsonSchema?: Record<string, unknown>;
  /** The file tools read and write text through this (an editor's buffers over ACP) rather than the disk. */
  files?: FileAccess;
  /** The session's folder; unset = the process's working directory. */
  cwd?: string;
  /** A program's own (the SDK's): function hooks, the callback that answers what would ask, and no first request before MCP. */
  program?: { hooks?: HookCommand[]; canUseTool?: AskFallback; waitForMcp?: boolean };
}

export function openSession({ loaded, args, key, interactive, reinHome, replay, trust, version, jsonSchema, files, program, ...o }: OpenSessionOptions) {
  const config: ReinConfig = loaded.config;
  const baseUrlFrom = loaded.baseUrlFrom;
  const cwd = o.cwd ?? process.cwd();
  const sessionsDir = join(reinHome, 'sessions');
  const resumed = findResumed(args, sessionsDir, cwd);
  // A replay speaks as the recorded model did; a resumed session goes on with the model it used, unless --model names one
  // (another provider's model would not be served, so the configured one is used then).
  const model = replay?.recording.header.model
    ?? (resumed && args.model === undefined && resumed.meta.provider === config.provider ? resumed.model : config.model);
  const enabled = new Set(config.tools);
  // web_search is offered only with a backend; one configured wrongly is said once at start.
  const searchSetup = config.webSearch ? searchBackend(config.webSearch, process.env) : undefined;
  const search = typeof searchSetup === 'object' ? searchSetup : undefined;
  addSecrets(config.webSearch?.apiKey);
  const memory = enabled.has('memory') ? new MemoryStore({ root: config.memory.dir, projectDir: findGitRoot(cwd) ?? cwd }) : undefined;
  const places = { workspace: config.security.workspace, memory: memory?.globalDir, projectMemory: memory?.projectDir };
  const recording = relocated(replay, places);
  const workspace = config.security.workspace;
  // Commands, skills and agents from .claude/ and .rein/; what a project's files may widen waits for its trust.
  const folders = loadFolders({ workspace, cwd, reinHome, projectTrusted: () => trust.trusted, tools: config.tools });
  const agents = folders.agents ? sessionAgents(args, folders.agents, config.tools.filter((t) => t !== 'task')) : undefined;
  // A fork continues the resumed conversation under a new id; the old log is only read.
  checkSessionId(args.sessionId, sessionsDir);
  const sessionId = resumed && !args.forkSession ? resumed.meta.sessionId : (args.sessionId ?? newSessionId());
  const addDirs = checkAddDirs(args.addDirs, cwd);
  const spendCap = budgetFor(args, [model, ...args.fallbackModels]);
  const debug = args.debug ? openDebugLog({ reinHome, sessionId, filter: args.debug.filter }) : undefined;
  // Started now, connecting in the background: the first frame and the prompt never wait for them.
  const mcp = startMcpServers({
    cwd, workspace: config.security.workspace, env: process.env, reinHome, sessionDir: join(sessionsDir, sessionId),
    layers: args.strictMcpConfig ? [] : loaded.mcpServers, flagConfigs: args.mcpConfig, flagOnly: args.strictMcpConfig,
    projectTrusted: trust.trusted || args.trustMcp, interactive, timeouts: config.mcp,
    clientVersion: version, reservedNames: new Set(knownToolNames),
  });
  const sandbox = sandboxFor(config, args, workspace, reinHome);
  // --settings is the user's own file or JSON: trusted like ~/.claude/settings.json.
  const claudeSettings = [...readClaudeSettings(workspace), ...readSettingsFlag(args.settings, cwd)];
  const loadedRules = loadPermissionRules({
    workspace, configLayers: loaded.permissionLayers, allowedTools: args.allowedTools, disallowedTools: args.disallowedTools, settings: claudeSettings,
    projectTrusted: trust.trusted,
  });
  const instructions = instructionsFor({ cwd, reinHome, config, model, rules: loadedRules.rules, projectTrusted: trust.trusted });
  const hooks = setupHooks({
    layers: loaded.hookLayers, settings: claudeSettings, projectDir: workspace, cwd, reinHome, sessionId,
    transcriptPath: sessionLogPath(sessionsDir, sessionId), projectTrusted: trust.trusted, always: folders.bringsHooks, programHooks: program?.hooks,
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
  // --no-session-persistence: nothing is written, so nothing can be resumed.
  const { log, warning: logWarning } = !args.sessionPersistence
    ? { log: undefined, warning: undefined }
    : resumed && history
    ? {
      log: args.forkSession ? forkSessionLog({ sessionsDir, source: resumed, history, meta }) : SessionLog.reopen(sessionLogPath(sessionsDir, sessionId)),
      warning: undefined,
    }
    // A replay in a fixture copy is a show, not a session to come back to: it keeps no log.
    : replay?.copy === undefined ? SessionLog.createOrWarn({ sessionsDir, lazy: true, meta }) : { log: undefined, warning: undefined };
  const session = assembleSession({
    provider: sessionProvider(config, args, key, recording, model, cwd, places, baseUrlFrom),
    providerName: recording?.header.provider ?? config.provider,
    // A replay keeps the recorded date and platform, so the date reminder and the prompt are the recorded ones.
    ...(recording ? { now: () => new Date(recording.header.facts.date), platform: recording.header.facts.platform } : {}),
    model,
    tools: ((tools) => (files ? withFileAccess(tools, files) : tools))(recording && args.replayTools === 'recorded'
      ? recordedTools(builtinTools.filter((t) => enabled.has(t.name)), recording)
      : [...builtinTools.filter((t) => enabled.has(t.name)), ...(search && enabled.has('web_search') ? [webSearchTool(search)] : [])]),
    cwd,
    workspace: config.security.workspace,
    // Recorded tool results touch nothing, so a replay of them asks nothing unless a mode is given.
    // A permission prompt tool has something to decide only when calls ask: it brings Claude Code's default mode along.
    mode: args.permissionMode ?? (recording && args.replayTools === 'recorded' ? 'yolo' : config.permissionMode ?? (interactive || args.permissionPromptTool ? 'ask' : 'yolo')),
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
    skills: folders.skills,
    agents: agents ? { definitions: agents.agents, maxParallel: config.agents.maxParallel, maxTurns: config.agents.maxTurns, team: config.team } : undefined,
    startupWarnings: [
      ...(logWarning ? [logWarning] : []), ...flagNotes(args, interactive),
      ...loaded.projectRefused, ...trust.notices(), ...(typeof searchSetup === 'string' ? [searchSetup] : []),
      ...instructions.warnings, ...folders.warnings, ...(agents?.warnings ?? []), ...loadedRules.problems.map(describeProblem),
      ...hooks.warnings, ...statusLine.warnings,
    ],
    hooks: hooks.hooks,
    projectTrusted: () => trust.trusted,
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
    waitForMcp: program?.waitForMcp ?? /^(0|false|no|off)$/i.test(process.env.MCP_CONNECTION_NONBLOCKING ?? ''),
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
    addDirs,
    diagnostics: doctorFacts({
      loaded, key, env: process.env, reinHome, settings: claudeSettings, hooks: hooks.hooks, projectTrusted: trust.trusted,
      startupProblems: [...loaded.projectRefused, ...loadedRules.problems.map(describeProblem), ...hooks.warnings],
    }),
    compat: { ...compatOptions(args, { budget: spendCap, jsonSchema }), ...(program?.canUseTool ? { canUseTool: program.canUseTool } : {}) },
    observe: debug?.observe,
  });
  const initFacts = initFactsOf({
    session, cwd, dontAsk: args.dontAsk, version,
    commands: folders.commands.map((c) => c.name), agents: (agents?.agents ?? []).map((a) => a.name), skills: folders.skills.map((skill) => skill.name),
  });
  return { session, resumed, sessionsDir, commands: folders.commands, run: { workspace, projectTrusted: () => trust.trusted }, recording, initFacts, debugFile: debug?.file, statusLine: statusLine.setting };
}
