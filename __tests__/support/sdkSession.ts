// A session on a real provider SDK (openai or anthropic) against the mock server, in a new workspace and home, and
// the clean-up after each test: the test's server closed, the folders removed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleSession, type AssembledSession, type SessionSetup } from '../../source/cli/assembleSession.js';
import { createProvider } from '../../source/providers/index.js';
import { builtinTools } from '../../source/tools/builtins.js';
import type { MockLlmServer } from './mockLlmServer.js';

const dirs: string[] = [];

export interface SdkSessionOptions extends Partial<SessionSetup> {
  /** The wire format (default openai). */
  format?: 'openai' | 'anthropic';
  /** Files written into the workspace first, by name. */
  files?: Record<string, string>;
  /** The SDK's own retries (default 2). */
  maxRetries?: number;
}

/** A headless yolo session with the built-in tools (unless `setup` says otherwise). */
export function sdkSession(server: MockLlmServer, { format = 'openai', files = {}, maxRetries = 2, ...setup }: SdkSessionOptions = {}): AssembledSession {
  const workspace = mkdtempSync(join(tmpdir(), 'rein-ws-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-home-'));
  dirs.push(workspace, home);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(workspace, name), text);
  return assembleSession({
    provider: createProvider({ provider: format, apiKey: 'sk-test', baseUrl: format === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl, maxRetries, keyHint: 'KEY' }),
    providerName: format, model: 'local-model', tools: builtinTools, cwd: workspace, workspace, mode: 'yolo', interactive: false,
    maxTokens: 1000, maxTurns: 10, sessionsDir: join(home, 'sessions'),
    ...setup,
  });
}

/** For afterEach: closes the test's server and removes every folder sdkSession made. */
export async function closeSdkSessions(server: MockLlmServer | undefined): Promise<void> {
  await server?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
