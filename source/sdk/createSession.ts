// createSession: a rein session in a folder, assembled as a headless run's is (config, trust, provider, tools, hooks,
// MCP servers, session log), with the program's hooks and canUseTool joined, driven through runs.subscribe and prompt.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { onExit } from 'signal-exit';
import { parseCliArgs } from '../cli/args.js';
import { permissionModeFor, permissionModeNames } from '../cli/compat.js';
import { openSession } from '../cli/openSession.js';
import { loadTrustedConfig } from '../cli/projectTrust.js';
import { apiKeyEnvVar, resolveApiKey, resolveReinHome } from '../config/index.js';
import { contextWindowFor } from '../providers/modelInfo.js';
import { killAllProcessGroupsNow } from '../tools/processRegistry.js';
import { addSecrets } from '../util/redact.js';
import { askFallbackOf, programHooks } from './hooks.js';
import { startRun } from './run.js';
import type { ModeName, ReinSession, SessionOptions } from './types.js';

declare const REIN_VERSION: string | undefined;

function version(): string {
  if (typeof REIN_VERSION === 'string') return REIN_VERSION;
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function modeOf(name: ModeName | undefined): { mode?: ReturnType<typeof permissionModeFor> } {
  if (name === undefined) return {};
  const mode = permissionModeFor(name);
  if (!mode) throw new Error(`mode must be one of ${permissionModeNames.join(', ')} (got "${String(name)}").`);
  return { mode };
}

function folderOf(cwd: string | undefined): string {
  const folder = resolve(cwd ?? process.cwd());
  let isDir = false;
  try {
    isDir = statSync(folder).isDirectory();
  } catch {
    // said below
  }
  if (!isDir) throw new Error(`cwd must be an existing folder; ${folder} is not one.`);
  return folder;
}

let exitHooked = false;

/** Whatever way the program ends, the processes rein started (commands, MCP servers) end with it. */
function killOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  onExit(() => {
    killAllProcessGroupsNow();
  }, { alwaysLast: true });
}

export async function createSession(options: SessionOptions = {}): Promise<ReinSession> {
  const cwd = folderOf(options.cwd);
  const named = modeOf(options.mode).mode;
  if (options.maxTurns !== undefined && !(Number.isInteger(options.maxTurns) && options.maxTurns >= 0)) {
    throw new Error(`maxTurns must be a whole number ≥ 0 (got ${String(options.maxTurns)}).`);
  }
  const hooks = programHooks(options.hooks);
  const env = process.env;
  const reinHome = options.reinHome === undefined ? resolveReinHome(env) : resolve(options.reinHome);
  const mcpConfig = options.mcpServers && Object.keys(options.mcpServers).length > 0 ? [JSON.stringify({ mcpServers: options.mcpServers })] : [];
  const args = {
    ...parseCliArgs(['-p', 'sdk']),
    provider: options.provider, model: options.model, baseUrl: options.baseUrl, maxTurns: options.maxTurns,
    permissionMode: named?.mode, dontAsk: named?.dontAsk === true,
    allowedTools: options.allowedTools ?? [], disallowedTools: options.disallowedTools ?? [], mcpConfig,
    systemPrompt: options.systemPrompt, appendSystemPrompt: options.appendSystemPrompt,
    trustProject: options.trustProject === true, sessionPersistence: options.persistSession !== false,
    ...(options.resume !== undefined ? { resume: options.resume } : {}),
  };
  const decided = await loadTrustedConfig({
    cwd, env, reinHome, args, interactive: false, asksByDefault: true,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode },
  });
  // Without an ask callback there is no question, so no quitting either.
  if (decided === 'quit') throw new Error('The project was not opened.');
  const { loaded, trust } = decided;
  const config = loaded.config;
  const key = options.apiKey !== undefined ? { ok: true as const, apiKey: options.apiKey, keyHint: apiKeyEnvVar(config) } : resolveApiKey(config, env);
  if (!key.ok) throw new Error(`${key.message.replace(/\.$/, '')}, or pass apiKey.`);
  addSecrets(key.apiKey);
  killOnExit();
  // A program asks nothing of a person: what would ask goes to canUseTool, else is denied; ask mode unless configured.
  const opened = openSession({
    loaded, args: { ...args, permissionMode: config.permissionMode ?? 'ask' }, key, interactive: false, reinHome, trust, version: version(), cwd,
    // No first frame to hurry for: a run's first request waits for the MCP servers (each has its start-up timeout).
    program: { hooks, waitForMcp: true, ...(options.canUseTool ? { canUseTool: askFallbackOf(options.canUseTool) } : {}) },
  });
  const session = opened.session;
  const context = () => ({
    sessionId: session.settings.info.sessionId, cwd: session.settings.info.cwd,
    modelFacts: (model: string) => ({ contextWindow: contextWindowFor(model), maxOutputTokens: config.maxTokens }),
  });
  let closed: Promise<void> | undefined;
  const send: ReinSession['send'] = (prompt, sendOptions) => {
    if (closed) throw new Error('This session is closed; create another one.');
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new Error('The prompt is empty; give the task as text.');
    return startRun({ runs: session.runs, context }, prompt, sendOptions);
  };
  return {
    get sessionId() { return session.settings.info.sessionId; },
    get cwd() { return session.settings.info.cwd; },
    get model() { return session.settings.info.model; },
    get mode() { return session.settings.info.mode; },
    send,
    prompt: send,
    subscribe: (listener) => session.runs.subscribe(listener),
    setMode: (mode) => {
      const found = modeOf(mode).mode;
      if (found) session.settings.setMode(found.mode);
    },
    setModel: (model) => session.settings.setModel(model),
    abort: () => session.runs.abort(),
    close: () => (closed ??= session.close('other')),
  };
}
