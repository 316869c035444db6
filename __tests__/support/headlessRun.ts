// Runs the built CLI headless in a scratch repository against the mock LLM server, for the claude -p flag tests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import type { MockLlmServer } from './mockLlmServer.js';

export const cli = resolve('dist/cli.js');

export interface Scratch {
  repo: string;
  home: string;
  remove(): void;
}

/** A repository with notes.txt and an empty $REIN_HOME (also used as HOME, so no real ~/.claude is read). */
export function scratch(): Scratch {
  const repo = mkdtempSync(join(tmpdir(), 'rein-flags-repo-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-flags-home-'));
  writeFileSync(join(repo, 'notes.txt'), 'hello\n');
  return { repo, home, remove: () => { rmSync(repo, { recursive: true, force: true }); rmSync(home, { recursive: true, force: true }); } };
}

export const anthropicArgs = (server: MockLlmServer, model = 'claude-sonnet-4-5') => ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', model];
export const openaiArgs = (server: MockLlmServer, model = 'test-model') => ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', model];

export function runRein(s: Scratch, args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return execa('node', [cli, ...args], {
    cwd: s.repo, reject: false, input: options.input ?? '',
    env: { REIN_HOME: s.home, HOME: s.home, ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test', DEEPSEEK_API_KEY: '', ...options.env },
    extendEnv: true, timeout: 90_000,
  });
}

export const jsonLines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);

/** The tool names a recorded request offered, in either provider's format. */
export const offeredTools = (body: any): string[] => (body.tools ?? []).map((t: any) => t.name ?? t.function?.name);
