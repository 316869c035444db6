// End-to-end: headless runs get the built-in slash commands (`rein -p "/cost"`, `/compact`, `/mode plan`); the
// ones that need the full screen say so in one sentence and exit 2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-e2e-builtin-'));
  home = mkdtempSync(join(tmpdir(), 'rein-e2e-builtin-home-'));
  const answers = [1, 2, 3, 4].map((n) => ({ text: `Hello there (${n}).` }));
  server = await startMockLlmServer({ turns: [...answers, { text: 'The user said hi four times; the model greeted back.' }] });
});
afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const rein = (args: string[]) =>
  execa('node', [cli, ...args, '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'], {
    cwd: repo,
    reject: false,
    env: { REIN_HOME: home, HOME: home, ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '', OPENAI_API_KEY: 'sk-test' },
    extendEnv: true,
    timeout: 60_000,
  });

describe('rein -p with a built-in command', () => {
  it('/cost prints the session figures and calls no model', async () => {
    const run = await rein(['-p', '/cost']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Tokens in:  0');
    expect(run.stdout).toContain('Tokens out: 0');
    expect(server.requests).toHaveLength(0);
  });

  it('/compact summarises a continued conversation (and says when there is nothing older yet)', async () => {
    const first = await rein(['-p', 'hi']);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain('Hello there (1).');
    const early = await rein(['-p', '/compact', '--continue']);
    // The session reports it as an error event: the command failed, with the session's sentence.
    expect(early.exitCode).toBe(1);
    expect(early.stderr.trim()).toBe('rein: There is no older history to compact yet.');
    for (const n of [2, 3, 4]) expect((await rein(['-p', `hi ${n}`, '--continue'])).stdout).toContain(`Hello there (${n}).`);
    const compact = await rein(['-p', '/compact', '--continue']);
    expect(compact.stderr).toBe('');
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout).toContain('Compacting the conversation…');
    expect(compact.stdout).not.toContain('Esc');
    expect(compact.stdout).toMatch(/Compacted the conversation \(\w+\): \d+ → \d+ tokens\./);
    expect(server.requests).toHaveLength(5);
  });

  it('/mode plan answers as one JSON result', async () => {
    const run = await rein(['-p', '/mode plan', '--output-format', 'json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', is_error: false, result: 'Mode set to plan: read-only: the model plans and changes nothing.' });
    expect(server.requests).toHaveLength(0);
  });

  it('a command that needs the screen says so in one sentence and exits 2; a bad argument exits 1', async () => {
    const panel = await rein(['-p', '/mcp']);
    expect(panel.exitCode).toBe(2);
    expect(panel.stdout).toBe('');
    expect(panel.stderr.trim()).toBe('rein: /mcp needs the full screen: run rein without -p to use it.');
    const bad = await rein(['-p', '/mode sideways']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.trim()).toBe('rein: Unknown mode sideways: use one of ask, auto-edit, plan, yolo.');
    expect(server.requests).toHaveLength(0);
  });

  it('/init starts a run with its prompt', async () => {
    const run = await rein(['-p', '/init']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Hello there (1).');
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0].body)).toContain('write an AGENTS.md');
  });
});
