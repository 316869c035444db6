// rein's entry point and only wiring file: parses flags, loads config, then runs headless or opens the TUI (lazily).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { recordedTools } from './replay/recordedTools.js';
import { openReplay, relocated, removeCopy, replayLine, sessionProvider, type OpenedReplay } from './cli/replay.js';
import { launcherVariable, startCommand } from './cli/startCommand.js';
import { continueLine, findResumed, gitBranchOf, systemPromptFlags } from './cli/sessionParts.js';
import { join } from 'node:path';
import { helpText, parseCliArgs, UsageError, type CliArgs } from './cliArgs.js';
import { isKeyProblem, resolveKeyBindings } from './config/keys.js';
import { ConfigError, knownToolNames, loadConfig, resolveApiKey, resolveReinHome, type LoadedConfig, type ReinConfig } from './config/index.js';
import { repairHistory } from './engine/history.js';
import { newSessionId } from './engine/ids.js';
import { contextWindowFor } from './engine/modelInfo.js';
import { estimateTokens } from './engine/tokens.js';
import { createSession } from './engine/session.js';
import { runHeadless, streamJsonMessages } from './headless.js';
import { installShutdown } from './shutdown.js';
import { tuneCompiler } from './compilerTuning.js';
import { discoverInstructions } from './memory/instructions.js';
import { findGitRoot, MemoryStore } from './memory/store.js';
import { withoutFetch } from './withoutFetch.js';
import { forkSessionLog, removeUnusedSessionFolder, SessionLog, SessionLogError, sessionLogPath } from './session/index.js';
import { builtinTools } from './tools/builtins.js';
import { loadAgents } from './agents/loadAgents.js';
import { startMcpServers } from './mcp/start.js';
import { describeProblem } from './permissions/rules.js';
import { claudeSettingsFiles, loadPermissionRules, readClaudeSettings } from './permissions/ruleSources.js';
import { setupHooks } from './extensions/hookSetup.js';
import { findBwrap, missingBwrapMessage } from './permissions/sandbox.js';
import { saveProjectRule } from './permissions/projectSettings.js';
import { addSecrets } from './permissions/redact.js';
import { loadCustomCommands } from './extensions/commandFiles.js';
import { commandPromptOptions, customSlashCommand } from './extensions/commandPrompt.js';
import { loadSkills } from './extensions/skills.js';
import { parseSlashCommand } from './store/commands.js';
import { defaultCheckpointSettings } from './checkpoints/types.js';

declare const REIN_VERSION: string | undefined;

function version(): string {
  if (typeof REIN_VERSION === 'string') return REIN_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The sandbox settings when it is on; fails at start, in one sentence, when bubblewrap is missing. */
function sandboxFor(config: ReinConfig, args: CliArgs, workspace: string, reinHome: string) {
  if (!args.sandbox && !config.sandbox?.enabled) return undefined;
  const bwrap = findBwrap();
  if (!bwrap) throw new UsageError(missingBwrapMessage);
  const protectedFiles = [join(reinHome, 'agent.config.json'), join(workspace, 'agent.config.json'), join(workspace, '.claude'), ...claudeSettingsFiles(workspace)];
  return { bwrap, network: config.sandbox?.network ?? false, protectedFiles };
}

function openSession(
  loaded: LoadedConfig, args: CliArgs, key: { apiKey: string; keyHint: string }, interactive: boolean, reinHome: string, baseUrlFrom?: string, replay?: OpenedReplay,
) {
  const config: ReinConfig = loaded.config;
  const cwd = process.cwd();
  const sessionsDir = join(reinHome, 'sessions');
  const resumed = findResumed(args, sessionsDir, cwd);
  // A replay speaks as the recorded model did.
  const model = replay?.recording.header.model ?? config.model;
  const window = config.context.maxContextTokens ?? contextWindowFor(model);
  const budget = config.context.instructionsBudgetTokens ?? Math.min(5000, Math.floor(window / 40));
  const instructions = discoverInstructions({ cwd, reinHome, budgetTokens: budget, countTokens: estimateTokens });
  const enabled = new Set(config.tools);
  const memory = enabled.has('memory') ? new MemoryStore({ root: config.memory.dir, projectDir: findGitRoot(cwd) ?? cwd }) : undefined;
  const places = { workspace: config.security.workspace, memory: memory?.globalDir, projectMemory: memory?.projectDir };
  const recording = relocated(replay, places);
  const agents = enabled.has('task') ? loadAgents({ cwd: config.security.workspace, reinHome }) : undefined;
  // A fork continues the resumed conversation under a new id; the old log is only read.
  const sessionId = resumed && !args.forkSession ? resumed.meta.sessionId : newSessionId();
  // Started now, connecting in the background: the first frame and the prompt never wait for them.
  const mcp = startMcpServers({
    cwd, workspace: config.security.workspace, env: process.env, reinHome, sessionDir: join(sessionsDir, sessionId),
    layers: loaded.mcpServers, flagFile: args.mcpConfig, trustProject: args.trustMcp || args.trustProject, interactive, timeouts: config.mcp,
    clientVersion: version(), reservedNames: new Set(knownToolNames),
  });
  const workspace = config.security.workspace;
  const commands = loadCustomCommands({ workspace, reinHome });
  const skills = loadSkills({ workspace, reinHome });
  const sandbox = sandboxFor(config, args, workspace, reinHome);
  const claudeSettings = readClaudeSettings(workspace);
  const loadedRules = loadPermissionRules({ workspace, configLayers: loaded.permissionLayers, allowedTools: args.allowedTools, disallowedTools: args.disallowedTools, settings: claudeSettings });
  const hooks = setupHooks({
    layers: loaded.hookLayers, settings: claudeSettings, projectDir: workspace, cwd, reinHome, sessionId,
    transcriptPath: sessionLogPath(sessionsDir, sessionId), trustProject: args.trustProject, interactive,
  });
  const meta = { sessionId, cwd, provider: config.provider, model, startedAt: new Date().toISOString(), ...gitBranchOf(cwd) };
  const history = resumed ? repairHistory(resumed.history) : undefined;
  // A $REIN_HOME that cannot be written does not stop a new session: it runs in memory, with one warning.
  const { log, warning: logWarning } = resumed && history
    ? {
      log: args.forkSession ? forkSessionLog({ sessionsDir, source: resumed, history, meta }) : SessionLog.reopen(sessionLogPath(sessionsDir, sessionId)),
      warning: undefined,
    }
    // A replay in a fixture copy is a show, not a session to come back to: it keeps no log.
    : replay?.copy === undefined ? SessionLog.createOrWarn({ sessionsDir, lazy: true, meta }) : { log: undefined, warning: undefined };
  const session = createSession({
    provider: sessionProvider(config, args, key, recording, model, cwd, places, baseUrlFrom),
    providerName: recording?.header.provider ?? config.provider,
    // A replay keeps the recorded date and platform, so the date reminder and the prompt are the recorded ones.
    ...(recording ? { now: () => new Date(recording.header.facts.date), platform: recording.header.facts.platform } : {}),
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
      ...instructions.warnings, ...(agents?.warnings ?? []), ...commands.warnings, ...skills.warnings, ...loadedRules.problems.map(describeProblem),
      ...hooks.warnings,
    ],
    hooks: hooks.hooks,
    sandbox,
    permissions: {
      rules: loadedRules.rules,
      protectedPaths: config.permissions?.protectedPaths,
      protectedWritePaths: config.permissions?.protectedWritePaths,
      saveProjectRule: (rule) => saveProjectRule(workspace, rule),
    },
    log,
    mcp,
    resume: resumed && history ? { history, todos: resumed.todos } : undefined,
    checkpoints: { settings: config.checkpoints ?? defaultCheckpointSettings, reinHome },
  });
  return { session, resumed, sessionsDir, commands: commands.commands, workspace, recording };
}

async function main(argv: string[]): Promise<number> {
  tuneCompiler();
  if (argv[0] === 'mcp') {
    const { runMcpCommand } = await import('./mcp/mcpCommand.js');
    return runMcpCommand(argv.slice(1), { projectDir: process.cwd(), reinHome: resolveReinHome(process.env), write: (text) => process.stdout.write(text) });
  }
  if (argv[0] === 'sessions') {
    const { runSessionsCommand } = await import('./session/sessionsCommand.js');
    return runSessionsCommand(argv.slice(1), { sessionsDir: join(resolveReinHome(process.env), 'sessions'), cwd: process.cwd(), write: (text) => process.stdout.write(text) });
  }
  const args = parseCliArgs(argv);
  if (args.help) {
    process.stdout.write(`${helpText}\n`);
    return 0;
  }
  if (args.version) {
    process.stdout.write(`rein ${version()}\n`);
    return 0;
  }
  // How to start rein again, for the closing lines; npm start's note is not passed on to the commands rein runs.
  const started = startCommand(process.argv[1] ?? 'rein', process.env);
  delete process.env[launcherVariable];
  // Before any configuration is read: a recording with a fixture runs in a copy of it.
  const replay = args.replay === undefined ? undefined : openReplay(args.replay);
  const reinHome = resolveReinHome(process.env);
  const loaded = loadConfig({
    cwd: process.cwd(),
    env: process.env,
    reinHome,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode, thinking: args.thinking },
  });
  const { config, baseUrlFrom } = loaded;
  // A replay needs no key: nothing is sent anywhere.
  const key: ReturnType<typeof resolveApiKey> = replay ? { ok: true, apiKey: '', keyHint: '' } : resolveApiKey(config, process.env);
  // The key may come from agent.config.json rather than the environment: it is hidden from logs too.
  if (key.ok) addSecrets(key.apiKey);
  // From here on every way out stops the processes rein started (see shutdown.ts).
  const shutdown = installShutdown({ write: (text) => process.stderr.write(text) });
  if (replay?.copy !== undefined) shutdown.addCleanup(() => removeCopy(replay));
  const farewell = (session: { info: { sessionId: string } }, sessionsDir: string) => () =>
    (replay?.copy !== undefined ? replayLine(replay, started, args.replayTools === 'recorded') : continueLine(session.info.sessionId, sessionsDir, started));

  if (args.print !== undefined) {
    const streamed = args.inputFormat === 'stream-json';
    const prompt = streamed ? '' : args.print === '-' ? (await readStdin()).trim() : args.print;
    if (!streamed && !prompt) throw new UsageError('The prompt read from standard input is empty.');
    if (!key.ok) {
      process.stderr.write(`rein: ${key.message}\n`);
      return 2;
    }
    if (args.team && !config.tools.includes('task')) throw new UsageError('--team needs the task tool; add "task" to "tools" in agent.config.json.');
    const { session, resumed, sessionsDir, commands, workspace } = openSession(loaded, args, key, false, reinHome, baseUrlFrom, replay);
    // `rein -p "/name args"` (or such a stream-json message) runs a custom command; there are no built-in
    // commands in headless mode.
    const promptOptions = (text: string) => {
      const parsed = args.team ? undefined : parseSlashCommand(text);
      const command = parsed ? commands.find((c) => c.name === parsed.name) : undefined;
      return command && parsed ? commandPromptOptions(command, parsed.args, workspace) : undefined;
    };
    for (const warning of resumed?.warnings ?? []) process.stderr.write(`rein: ${warning}\n`);
    // JSON output carries session_id; a person at a terminal is told how to continue.
    if (args.outputFormat === 'text' && process.stderr.isTTY) shutdown.setFarewell(farewell(session, sessionsDir));
    const input = streamed
      ? streamJsonMessages(createInterface({ input: process.stdin, crlfDelay: Infinity }), (message) => process.stderr.write(`rein: ${message}\n`))
      : prompt;
    const code = await runHeadless({ session, prompt: input, promptOptions, team: args.team, format: args.outputFormat, stdout: process.stdout, stderr: process.stderr });
    await shutdown.finish();
    return code;
  }

  // Each file's keys were checked as it was read; the merged layers can still bind one key twice.
  const keys = resolveKeyBindings(config.keys);
  if (isKeyProblem(keys)) throw new ConfigError(`Invalid config at /keys/${keys.path}: ${keys.problem}; change the keys section of agent.config.json.`);
  const { startTui } = await withoutFetch(() => import('../components/tui.js'));
  const opened = key.ok ? openSession(loaded, args, key, true, reinHome, baseUrlFrom, replay) : undefined;
  if (opened) {
    shutdown.setFarewell(farewell(opened.session, opened.sessionsDir));
    shutdown.addCleanup(() => removeUnusedSessionFolder(opened.sessionsDir, opened.session.info.sessionId));
  }
  const result = await startTui({
    session: opened?.session,
    setupMessage: key.ok ? undefined : key.message,
    historyFile: join(reinHome, 'prompt-history.jsonl'),
    initialEvents: opened?.resumed?.events,
    earlierEvents: opened?.resumed?.earlier,
    notices: opened?.resumed?.warnings,
    customCommands: opened?.commands.map((c) => customSlashCommand(c, opened.workspace)),
    // A replay opens with the recorded first message sent, unless one is given.
    initialPrompt: args.prompt ?? opened?.recording?.prompts[0],
    version: version(),
    keys,
    mouse: config.mouse,
  });
  if (result.usageLine) process.stdout.write(`${result.usageLine}\n`);
  await shutdown.finish();
  return result.exitCode;
}

/** Exits once stdout has drained, so idle keep-alive sockets of the HTTP clients cannot hold the process open. */
function exitWith(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

main(process.argv.slice(2)).then(exitWith, (error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof SessionLogError) {
    process.stderr.write(`rein: ${error.message}\n`);
    exitWith(2);
    return;
  }
  process.stderr.write(`rein: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitWith(1);
});
