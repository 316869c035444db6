// Shared checks of the fault suite: a session on the real SDK clients and the mock server, run headless, then
// checked for what every case promises (valid requests, a log that replays, one plain message, the exit code).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { assembleSession, type AssembledSession as EngineSession, type SessionSetup as SessionOptions } from '../../source/cli/assembleSession.js';
import { runHeadless } from '../../source/headless/runHeadless.js';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import type { ProviderConnectionOptions } from '../../source/providers/retry.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { builtinTools } from '../../source/tools/builtins.js';
import type { MockLlmServer } from '../support/mockLlmServer.js';
import { fromAnthropicRequest, fromOpenAIRequest } from '../support/requestHistory.js';

export type Sdk = 'anthropic' | 'openai';
export const sdks: readonly Sdk[] = ['anthropic', 'openai'];

const dirs: string[] = [];
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  session: EngineSession;
  logFile: string;
  workspace: string;
  /** Every wait between retries the provider asked for, in ms. */
  waits: number[];
}

export function providerFor(sdk: Sdk, server: MockLlmServer | { anthropicBaseUrl: string; openaiBaseUrl: string }, extra: Partial<ProviderConnectionOptions> = {}) {
  const common: ProviderConnectionOptions = { apiKey: 'sk-test', keyHint: 'TEST_API_KEY', random: () => 0.5, ...extra };
  return sdk === 'anthropic'
    ? createAnthropicProvider({ ...common, baseUrl: server.anthropicBaseUrl })
    : createOpenAIProvider({ ...common, baseUrl: server.openaiBaseUrl, providerLabel: 'the test server' });
}

/** Runs `prompt` headless (text output) on a fresh session, its log in a temp $REIN_HOME. */
export async function runCase(
  sdk: Sdk,
  server: MockLlmServer | { anthropicBaseUrl: string; openaiBaseUrl: string },
  prompt: string,
  opts: { provider?: Partial<ProviderConnectionOptions>; session?: Partial<SessionOptions>; workspace?: string } = {},
): Promise<Outcome> {
  const workspace = opts.workspace ?? tempDir('rein-fault-ws-');
  const home = tempDir('rein-fault-home-');
  const sessionsDir = join(home, 'sessions');
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  const sessionId = 'fault-case';
  const log = SessionLog.create({ sessionsDir, meta: { sessionId, cwd: workspace, provider: sdk, model: 'mock-model', startedAt: '2026-12-01T00:00:00.000Z' } });
  const session = assembleSession({
    provider: providerFor(sdk, server, { sleep, ...opts.provider }),
    providerName: sdk,
    model: 'mock-model',
    tools: builtinTools,
    cwd: workspace,
    workspace,
    mode: 'yolo',
    interactive: false,
    maxTokens: 1000,
    maxTurns: 20,
    sessionsDir,
    sessionId,
    log,
    contextWindow: 200_000,
    ...opts.session,
  });
  let stdout = '';
  let stderr = '';
  const code = await runHeadless({ session, prompt, format: 'text', stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  return { code, stdout, stderr, session, logFile: log.file, workspace, waits };
}

/** The history each request carried, in rein's shape. */
export const sentHistories = (server: MockLlmServer) =>
  server.requests.filter((r) => typeof r.body === 'object').map((r) => (r.format === 'anthropic' ? fromAnthropicRequest(r.body) : fromOpenAIRequest(r.body)));

/** Every request valid, and the session log replaying to the history the session holds. */
export function expectConsistent(outcome: Outcome, server?: MockLlmServer): void {
  if (server) for (const history of sentHistories(server)) expect(validateHistory(history)).toBeUndefined();
  expect(validateHistory(outcome.session.conversation.history())).toBeUndefined();
  expect(loadSession(outcome.logFile).history).toEqual(outcome.session.conversation.history());
}

/** The run succeeded: exit code 0, the answer on stdout, nothing for the user to read on stderr. */
export function expectRecovered(outcome: Outcome, answer: string | RegExp): void {
  expect(outcome.stderr).toBe('');
  expect(outcome.code).toBe(0);
  if (typeof answer === 'string') expect(outcome.stdout).toBe(`${answer}\n`);
  else expect(outcome.stdout).toMatch(answer);
}

/** The run failed: exit code 1 and exactly one plain line for the user, matching `pattern`. */
export function expectOneMessage(outcome: Outcome, pattern: RegExp): void {
  expect(outcome.code).toBe(1);
  const lines = outcome.stderr.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^rein: [A-Z].*[.)]$/);
  expect(lines[0]).not.toMatch(/<html|\bat .*\(.*:\d+:\d+\)|\{"/i);
  expect(lines[0]).toMatch(pattern);
}
