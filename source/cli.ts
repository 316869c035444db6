// rein's entry point and only wiring file: parses flags, loads config, then runs headless or opens the TUI (lazily).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpText, parseCliArgs, UsageError, type CliArgs } from './cliArgs.js';
import { ConfigError, loadConfig, resolveApiKey, resolveReinHome, type ReinConfig } from './config/index.js';
import { createSession } from './engine/session.js';
import { runHeadless } from './headless.js';
import { createProvider } from './providers/index.js';
import { builtinTools } from './tools/builtins.js';

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

function buildSession(config: ReinConfig, args: CliArgs, apiKey: string, keyHint: string, interactive: boolean, reinHome: string) {
  const provider = createProvider({ provider: config.provider, apiKey, baseUrl: config.baseUrl, maxRetries: config.maxRetries, keyHint });
  const enabled = new Set(config.tools);
  return createSession({
    provider,
    providerName: config.provider,
    model: config.model,
    tools: builtinTools.filter((t) => enabled.has(t.name)),
    cwd: process.cwd(),
    workspace: config.security.workspace,
    mode: args.permissionMode ?? config.permissionMode ?? (interactive ? 'ask' : 'yolo'),
    interactive,
    maxTokens: config.maxTokens,
    maxTurns: config.maxTurns,
    temperature: config.temperature,
    sessionsDir: join(reinHome, 'sessions'),
  });
}

async function main(argv: string[]): Promise<number> {
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
  const { config } = loadConfig({
    cwd: process.cwd(),
    env: process.env,
    reinHome,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode },
  });
  const key = resolveApiKey(config, process.env);

  if (args.print !== undefined) {
    const prompt = args.print === '-' ? (await readStdin()).trim() : args.print;
    if (!prompt) throw new UsageError('The prompt read from standard input is empty.');
    if (!key.ok) {
      process.stderr.write(`rein: ${key.message}\n`);
      return 2;
    }
    const session = buildSession(config, args, key.apiKey, key.keyHint, false, reinHome);
    return runHeadless({ session, prompt, format: args.outputFormat, stdout: process.stdout, stderr: process.stderr });
  }

  const { startTui } = await import('../components/tui.js');
  const session = key.ok ? buildSession(config, args, key.apiKey, key.keyHint, true, reinHome) : undefined;
  const result = await startTui({
    session,
    setupMessage: key.ok ? undefined : key.message,
    historyFile: join(reinHome, 'prompt-history.jsonl'),
  });
  if (result.usageLine) process.stdout.write(`${result.usageLine}\n`);
  return result.exitCode;
}

/** Exits once stdout has drained, so idle keep-alive sockets of the HTTP clients cannot hold the process open. */
function exitWith(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

main(process.argv.slice(2)).then(exitWith, (error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`rein: ${error.message}\n`);
    exitWith(2);
    return;
  }
  process.stderr.write(`rein: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitWith(1);
});
