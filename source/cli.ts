// rein's entry point and only wiring file: parses flags, loads config, then runs headless or opens the TUI (lazily).
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { execFileSync } from 'node:child_process';
import { readRecording, RecordingError, type Recording } from './replay/recording.js';
import { recordingProvider } from './replay/recordingProvider.js';
import { replayProvider } from './replay/replayProvider.js';
import { recordedTools } from './replay/recordedTools.js';
import type { Provider } from './providers/types.js';
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
import { createProvider } from './providers/index.js';
import { withoutFetch } from './withoutFetch.js';
import {
  findSession, forkSessionLog, listSessions, loadSession, readGitBranch, resumeLoadOptions, SessionLog, SessionLogError, sessionLogPath, type LoadedSession,
} from './session/index.js';
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
  const protectedFiles = [join(reinHome, 'agent.config.json'), join(workspace, 'agent.config.json'), join(workspace, '.claude'), ...claudeSettingsFiles(workspace)];
  return { bwrap, network: config.sandbox?.network ?? false, protectedFiles };
}

/** Rough token count for the instruction budget; exact counting is only worth its start-up cost near the limit. */

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

function openSession(loaded: LoadedConfig, args: CliArgs, key: { apiKey: string; keyHint: string }, interactive: boolean, reinHome: string, baseUrlFrom?: string, recording?: Recording) {
  const config: ReinConfig = loaded.config;
  const cwd = process.cwd();
  const sessionsDir = join(reinHome, 'sessions');
  const resumed = findResumed(args, sessionsDir, cwd);
  // A replay speaks as the recorded model did.
  const model = recording?.header.model ?? config.model;
  const window = config.context.maxContextTokens ?? contextWindowFor(model);
  const budget = config.context.instructionsBudgetTokens ?? Math.min(5000, Math.floor(window / 40));
  const instructions = discoverInstructions({ cwd, reinHome, budgetTokens: budget, countTokens: estimateTokens });
  const enabled = new Set(config.tools);
  const memory = enabled.has('memory') ? new MemoryStore({ root: config.memory.dir, projectDir: findGitRoot(cwd) ?? cwd }) : undefined;
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
  return { session, resumed, sessionsDir, commands: commands.commands, workspace };
}

/** The branch for the log's header, so /resume can filter by it; nothing outside a repository. */
function gitBranchOf(cwd: string): { gitBranch?: string } {
  const gitBranch = readGitBranch(cwd);
  return gitBranch === undefined ? {} : { gitBranch };
}

/**
 * The closing line naming the session and how to continue it; nothing while its log holds no prompt yet. The id is
 * read at the end: /resume may have switched to another session meanwhile.
 */
function continueLine(sessionId: string, sessionsDir: string): string | undefined {
  return existsSync(sessionLogPath(sessionsDir, sessionId)) ? `Session ${sessionId} saved. Continue with: rein --resume ${sessionId}` : undefined;
}

function readRecordingOrSay(file: string): Recording {
  try {
    return readRecording(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new UsageError(error.message);
    throw error;
  }
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
  const reinHome = resolveReinHome(process.env);
  const loaded = loadConfig({
    cwd: process.cwd(),
    env: process.env,
    reinHome,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode, thinking: args.thinking },
  });
  const { config, baseUrlFrom } = loaded;
  const recording = args.replay === undefined ? undefined : readRecordingOrSay(args.replay);
  // A replay needs no key: nothing is sent anywhere.
  const key: ReturnType<typeof resolveApiKey> = recording ? { ok: true, apiKey: '', keyHint: '' } : resolveApiKey(config, process.env);
  // The key may come from agent.config.json rather than the environment: it is hidden from logs too.
  if (key.ok) addSecrets(key.apiKey);
  // From here on every way out stops the processes rein started (see shutdown.ts).
  const shutdown = installShutdown({ write: (text) => process.stderr.write(text) });

  if (args.print !== undefined) {
    const streamed = args.inputFormat === 'stream-json';
    const prompt = streamed ? '' : args.print === '-' ? (await readStdin()).trim() : args.print;
    if (!streamed && !prompt) throw new UsageError('The prompt read from standard input is empty.');
    if (!key.ok) {
      process.stderr.write(`rein: ${key.message}\n`);
      return 2;
    }
    if (args.team && !config.tools.includes('task')) throw new UsageError('--team needs the task tool; add "task" to "tools" in agent.config.json.');
    const { session, resumed, sessionsDir, commands, workspace } = openSession(loaded, args, key, false, reinHome, baseUrlFrom, recording);
    // `rein -p "/name args"` (or such a stream-json message) runs a custom command; there are no built-in
    // commands in headless mode.
    const promptOptions = (text: string) => {
      const parsed = args.team ? undefined : parseSlashCommand(text);
      const command = parsed ? commands.find((c) => c.name === parsed.name) : undefined;
      return command && parsed ? commandPromptOptions(command, parsed.args, workspace) : undefined;
    };
    for (const warning of resumed?.warnings ?? []) process.stderr.write(`rein: ${warning}\n`);
    // JSON output carries session_id; a person at a terminal is told how to continue.
    if (args.outputFormat === 'text' && process.stderr.isTTY) shutdown.setFarewell(() => continueLine(session.info.sessionId, sessionsDir));
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
  const opened = key.ok ? openSession(loaded, args, key, true, reinHome, baseUrlFrom, recording) : undefined;
  if (opened) shutdown.setFarewell(() => continueLine(opened.session.info.sessionId, opened.sessionsDir));
  const result = await startTui({
    session: opened?.session,
    setupMessage: key.ok ? undefined : key.message,
    historyFile: join(reinHome, 'prompt-history.jsonl'),
    initialEvents: opened?.resumed?.events,
    earlierEvents: opened?.resumed?.earlier,
    notices: opened?.resumed?.warnings,
    customCommands: opened?.commands.map((c) => customSlashCommand(c, opened.workspace)),
    // A replay opens with the recorded first message sent, unless one is given.
    initialPrompt: args.prompt ?? recording?.prompts[0],
    version: version(),
    keys,
    mouse: config.mouse,
    turnLimitFrom: args.maxTurns !== undefined ? `the --max-turns flag` : process.env.REIN_MAX_TURNS !== undefined ? 'REIN_MAX_TURNS' : '"maxTurns" in agent.config.json (50 when not set; 0 removes it)',
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
