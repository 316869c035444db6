// rein's entry point and only wiring file: parses flags, loads config, then runs headless or opens the TUI (lazily).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openReplay, removeCopy, replayLine } from './replay.js';
import { launcherVariable, startCommand } from './startCommand.js';
import { continueLine } from './sessionParts.js';
import { helpText, parseCliArgs, UsageError } from './args.js';
import { isKeyProblem, resolveKeyBindings } from '../config/keys.js';
import { ConfigError, resolveApiKey, resolveReinHome } from '../config/index.js';
import { runHeadless, streamJsonMessages } from '../headless/runHeadless.js';
import { installShutdown } from './shutdown.js';
import { withoutFetch } from './withoutFetch.js';
import { removeUnusedSessionFolder, SessionLogError } from '../sessionLog/index.js';
import { addSecrets } from '../util/redact.js';
import { customSlashCommand } from '../commands/commandPrompt.js';
import { builtinCommands } from '../commands/builtins.js';
import { headlessPromptOptions } from './extensionSetup.js';
import { openSession } from './openSession.js';
import { tuiPorts } from './tuiPorts.js';
import { loadTrustedConfig } from './projectTrust.js';
import { checkJsonSchema } from './compatSetup.js';
import { contextWindowFor } from '../providers/modelInfo.js';
import { takeSetupFlags } from './setupFlags.js';
import { resumePlace } from './resumeDirectory.js';

declare const REIN_VERSION: string | undefined;

function version(): string {
  if (typeof REIN_VERSION === 'string') return REIN_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(rawArgv: string[]): Promise<number> {
  const setup = rawArgv[0] === 'mcp' || rawArgv[0] === 'sessions' || rawArgv[0] === 'acp' ? { argv: rawArgv, initOnly: false, trigger: undefined } : takeSetupFlags(rawArgv);
  const argv = setup.argv;
  if (argv[0] === 'mcp' && argv[1] === 'serve') {
    const { runMcpServe } = await import('./mcpServe.js');
    return runMcpServe(argv.slice(2), {
      cwd: process.cwd(), env: process.env, reinHome: resolveReinHome(process.env), version: version(),
      stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text),
    });
  }
  if (argv[0] === 'mcp') {
    const { runMcpCommand } = await import('./mcpCommand.js');
    const { mcpHealth } = await import('./mcpHealth.js');
    const reinHome = resolveReinHome(process.env);
    return runMcpCommand(argv.slice(1), {
      projectDir: process.cwd(), reinHome, write: (text) => process.stdout.write(text),
      check: () => mcpHealth({ cwd: process.cwd(), env: process.env, reinHome, version: version() }),
    });
  }
  if (argv[0] === 'sessions') {
    const { runSessionsCommand } = await import('./sessionsCommand.js');
    return runSessionsCommand(argv.slice(1), { sessionsDir: join(resolveReinHome(process.env), 'sessions'), cwd: process.cwd(), write: (text) => process.stdout.write(text) });
  }
  if (argv[0] === 'acp') {
    const { runAcp } = await import('./acp/acpCommand.js');
    return runAcp(argv.slice(1), { version: version() });
  }
  let args = parseCliArgs(argv);
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
  // --init-only opens no conversation: like a headless run, it trusts the project only with --trust-project.
  const interactive = args.print === undefined && !setup.initOnly;
  // A session of another directory runs there or not at all: settled before that directory's settings are read.
  const placed = await resumePlace({
    args, sessionsDir: join(reinHome, 'sessions'), cwd: process.cwd(), interactive, chdir: (dir) => process.chdir(dir),
    say: (line) => process.stderr.write(`rein: ${line}\n`),
    ask: async (question) => (await withoutFetch(() => import('../../components/tui.js'))).askResumeDirectory(question),
  });
  if (placed === 'quit') return 0;
  args = placed;
  // What the project asks for is decided before any of it is used: the TUI asks on a screen of its own.
  const decided = await loadTrustedConfig({
    cwd: process.cwd(), env: process.env, reinHome, args, interactive,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode, thinking: args.thinking },
    ask: async (request) => (await withoutFetch(() => import('../../components/tui.js'))).askProjectTrust(request),
  });
  if (decided === 'quit') return 0;
  const { loaded, trust } = decided;
  const { config } = loaded;
  // A replay needs no key: nothing is sent anywhere.
  const key: ReturnType<typeof resolveApiKey> = replay ? { ok: true, apiKey: '', keyHint: '' } : resolveApiKey(config, process.env);
  // The key may come from agent.config.json rather than the environment: it is hidden from logs too.
  if (key.ok) addSecrets(key.apiKey);
  // From here on every way out stops the processes rein started (see shutdown.ts).
  const shutdown = installShutdown({ write: (text) => process.stderr.write(text) });
  if (replay?.copy !== undefined) shutdown.addCleanup(() => removeCopy(replay));
  const farewell = (session: { settings: { info: { sessionId: string } } }, sessionsDir: string) => () =>
    (replay?.copy !== undefined ? replayLine(replay, started, args.replayTools === 'recorded') : continueLine(session.settings.info.sessionId, sessionsDir, started));

  if (setup.initOnly) {
    // Setup and SessionStart hooks, then out: nothing is asked of a model, so no key is needed.
    const { session } = openSession({ loaded, args, key: key.ok ? key : { apiKey: '', keyHint: '' }, interactive, reinHome, replay, trust, version: version() });
    for (const notice of trust.notices()) process.stderr.write(`rein: ${notice}\n`);
    await session.runSetupHooks('init', true);
    await session.close('other');
    await shutdown.finish();
    return 0;
  }

  if (args.print !== undefined) {
    const streamed = args.inputFormat === 'stream-json';
    const prompt = streamed ? '' : args.print === '-' ? (await readStdin()).trim() : args.print;
    if (!streamed && !prompt) throw new UsageError('The prompt read from standard input is empty.');
    if (!key.ok) {
      process.stderr.write(`rein: ${key.message}\n`);
      return 2;
    }
    if (args.team && !config.tools.includes('task')) throw new UsageError('--team needs the task tool; add "task" to "tools" in agent.config.json.');
    const jsonSchema = await checkJsonSchema(args.jsonSchema);
    const { session, resumed, sessionsDir, commands, run, initFacts, debugFile } = openSession({ loaded, args, key, interactive, reinHome, replay, trust, version: version(), jsonSchema });
    // One turn of the event loop sends the questions the session asks its server as it opens (see
    // ContextManager.askAhead): the server answers them while the run is set up.
    await new Promise((resolve) => setImmediate(resolve));
    if (debugFile) process.stderr.write(`rein: debug log: ${debugFile}\n`);
    if (setup.trigger) await session.runSetupHooks(setup.trigger);
    // `rein -p "/name args"` (or such a stream-json message) runs a built-in command, a custom command or a skill.
    const promptOptions = (text: string) => (args.team ? undefined : headlessPromptOptions(text, commands, { ...run, mcp: session.inspection.mcp !== undefined }));
    for (const warning of resumed?.warnings ?? []) process.stderr.write(`rein: ${warning}\n`);
    // JSON output carries session_id; a person at a terminal is told how to continue.
    if (args.outputFormat === 'text' && process.stderr.isTTY) shutdown.setFarewell(farewell(session, sessionsDir));
    // readline is loaded only for stream-json input, not on every start.
    const input = streamed
      ? streamJsonMessages((await import('node:readline')).createInterface({ input: process.stdin, crlfDelay: Infinity }), (message) => process.stderr.write(`rein: ${message}\n`))
      : prompt;
    const code = await runHeadless({
      session, prompt: input, promptOptions, commands: builtinCommands(), team: args.team, format: args.outputFormat, stdout: process.stdout, stderr: process.stderr,
      verbose: args.verbose, includePartialMessages: args.includePartialMessages,
      describe: { init: initFacts, modelFacts: (model) => ({ contextWindow: contextWindowFor(model), maxOutputTokens: config.maxTokens }) },
    });
    await shutdown.finish();
    return code;
  }

  // Each file's keys were checked as it was read; the merged layers can still bind one key twice.
  const keys = resolveKeyBindings(config.keys);
  if (isKeyProblem(keys)) throw new ConfigError(`Invalid config at /keys/${keys.path}: ${keys.problem}; change the keys section of agent.config.json.`);
  const { startTui } = await withoutFetch(() => import('../../components/tui.js'));
  const opened = key.ok ? openSession({ loaded, args, key, interactive, reinHome, replay, trust, version: version() }) : undefined;
  if (opened) {
    shutdown.setFarewell(farewell(opened.session, opened.sessionsDir));
    shutdown.addCleanup(() => removeUnusedSessionFolder(opened.sessionsDir, opened.session.settings.info.sessionId));
    if (setup.trigger) await opened.session.runSetupHooks(setup.trigger);
  }
  const result = await startTui({
    session: opened?.session,
    setupMessage: key.ok ? undefined : key.message,
    historyFile: join(reinHome, 'prompt-history.jsonl'),
    initialEvents: opened?.resumed?.events,
    earlierEvents: opened?.resumed?.earlier,
    notices: opened?.resumed?.warnings,
    customCommands: opened?.commands.map((c) => customSlashCommand(c, opened.run)),
    // A replay opens with the recorded first message sent, unless one is given.
    initialPrompt: args.prompt ?? opened?.recording?.prompts[0],
    version: version(),
    keys,
    mouse: config.mouse,
    notifications: config.notifications,
    ...tuiPorts,
    ...(opened?.statusLine ? { statusLine: { setting: opened.statusLine, projectDir: opened.run.workspace } } : {}),
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
