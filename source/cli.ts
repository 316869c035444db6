// rein's entry point and only wiring file: parses flags, loads config, then runs headless or opens the TUI (lazily).
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { readRecording, RecordingError, type Recording } from './replay/recording.js';
import { helpText, parseCliArgs, UsageError } from './cliArgs.js';
import { isKeyProblem, resolveKeyBindings } from './config/keys.js';
import { ConfigError, resolveApiKey, resolveReinHome } from './config/index.js';
import { runHeadless, streamJsonMessages } from './headless.js';
import { installShutdown } from './shutdown.js';
import { tuneCompiler } from './compilerTuning.js';
import { withoutFetch } from './withoutFetch.js';
import { SessionLogError, sessionLogPath } from './session/index.js';
import { addSecrets } from './permissions/redact.js';
import { commandPromptOptions, customSlashCommand } from './extensions/commandPrompt.js';
import { parseSlashCommand } from './store/commands.js';
import { openSession } from './cli/openSession.js';
import { loadTrustedConfig } from './cli/projectTrust.js';
import { takeSetupFlags } from './cli/setupFlags.js';

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

async function main(rawArgv: string[]): Promise<number> {
  tuneCompiler();
  const setup = rawArgv[0] === 'mcp' || rawArgv[0] === 'sessions' ? { argv: rawArgv, initOnly: false, trigger: undefined } : takeSetupFlags(rawArgv);
  const argv = setup.argv;
  if (argv[0] === 'mcp') {
    const { runMcpCommand } = await import('./mcp/mcpCommand.js');
    const { mcpHealth } = await import('./cli/mcpHealth.js');
    const reinHome = resolveReinHome(process.env);
    return runMcpCommand(argv.slice(1), {
      projectDir: process.cwd(), reinHome, write: (text) => process.stdout.write(text),
      check: () => mcpHealth({ cwd: process.cwd(), env: process.env, reinHome, version: version() }),
    });
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
  // --init-only opens no conversation: like a headless run, it trusts the project only with --trust-project.
  const interactive = args.print === undefined && !setup.initOnly;
  // What the project asks for is decided before any of it is used: the TUI asks on a screen of its own.
  const decided = await loadTrustedConfig({
    cwd: process.cwd(), env: process.env, reinHome, args, interactive,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode, thinking: args.thinking },
    ask: async (request) => (await withoutFetch(() => import('../components/tui.js'))).askProjectTrust(request),
  });
  if (decided === 'quit') return 0;
  const { loaded, trust } = decided;
  const { config } = loaded;
  const recording = args.replay === undefined ? undefined : readRecordingOrSay(args.replay);
  // A replay needs no key: nothing is sent anywhere.
  const key: ReturnType<typeof resolveApiKey> = recording ? { ok: true, apiKey: '', keyHint: '' } : resolveApiKey(config, process.env);
  // The key may come from agent.config.json rather than the environment: it is hidden from logs too.
  if (key.ok) addSecrets(key.apiKey);
  // From here on every way out stops the processes rein started (see shutdown.ts).
  const shutdown = installShutdown({ write: (text) => process.stderr.write(text) });

  if (setup.initOnly) {
    // Setup and SessionStart hooks, then out: nothing is asked of a model, so no key is needed.
    const { session } = openSession({ loaded, args, key: key.ok ? key : { apiKey: '', keyHint: '' }, interactive, reinHome, recording, trust, version: version() });
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
    const { session, resumed, sessionsDir, commands, workspace } = openSession({ loaded, args, key, interactive, reinHome, recording, trust, version: version() });
    if (setup.trigger) await session.runSetupHooks(setup.trigger);
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
  const opened = key.ok ? openSession({ loaded, args, key, interactive, reinHome, recording, trust, version: version() }) : undefined;
  if (opened && setup.trigger) await opened.session.runSetupHooks(setup.trigger);
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
    ...(opened?.statusLine ? { statusLine: { setting: opened.statusLine, projectDir: opened.workspace } } : {}),
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
