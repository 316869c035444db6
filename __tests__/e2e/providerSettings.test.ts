// End-to-end: the built CLI takes the stall timeouts and thinking from agent.config.json and the flags, and reports a
// refused connection once, naming the flag that set the URL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let dir: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rein-e2e-settings-'));
  home = mkdtempSync(join(tmpdir(), 'rein-e2e-home-'));
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const rein = (args: string[], env: Record<string, string>) =>
  execa('node', [cli, ...args], {
    cwd: dir, reject: false, timeout: 60_000, extendEnv: true,
    env: { REIN_HOME: home, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', DEEPSEEK_API_KEY: '', ...env },
  });

const result = (stdout: string) => JSON.parse(stdout) as { result: string; is_error: boolean };

it('a stalled Anthropic stream is retried under the timeouts of agent.config.json, with its thinking budget', async () => {
  writeFileSync(join(dir, 'agent.config.json'), JSON.stringify({ requestTimeoutMs: 2000, streamIdleTimeoutMs: 300, thinking: 'low' }));
  server.push({ text: 'this one stalls halfway', fault: { kind: 'hang' } }, { thinking: 'Short thought.', text: 'Recovered.' });
  const run = await rein(['-p', 'hi', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-haiku-4-5', '--output-format', 'json'], { ANTHROPIC_API_KEY: 'sk-test' });
  expect(run.exitCode).toBe(0);
  expect(result(run.stdout)).toMatchObject({ result: 'Recovered.', is_error: false });
  expect(server.requests).toHaveLength(2);
  expect(server.requests[1]!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 4000 });
});

it('a server that never answers is retried under requestTimeoutMs; --thinking sets reasoning_effort', async () => {
  writeFileSync(join(dir, 'agent.config.json'), JSON.stringify({ requestTimeoutMs: 300 }));
  server.push({ fault: { kind: 'no_headers' } }, { text: 'Answered.' });
  const run = await rein(['-p', 'hi', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'o4-mini', '--thinking', 'high', '--output-format', 'json'], {});
  expect(run.exitCode).toBe(0);
  expect(result(run.stdout).result).toBe('Answered.');
  expect(server.requests.map((r) => r.body.reasoning_effort)).toEqual(['high', 'high']);
});

it('a refused connection ends the run with one sentence that names --base-url', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
  await new Promise<void>((r) => closed.close(() => r()));
  const run = await rein(['-p', 'hi', '--provider', 'openai', '--base-url', url, '--model', 'm'], {});
  expect(run.exitCode).toBe(1);
  const sentence = `Nothing is listening at ${url} (connection refused); start the server or correct the --base-url flag.`;
  expect(run.stderr.split(sentence).length - 1).toBe(1);
});
