// End-to-end, headless: --resume of a session from another directory exits 2 naming it; a resumed session keeps its
// model unless --model names one; `-p "/clear"` leaves the resumed session's log whole.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let root: string;
let home: string;
let here: string;
let there: string;
let server: MockLlmServer;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'rein-e2e-resume-'));
  home = join(root, 'home');
  here = join(root, 'here');
  there = join(root, 'there');
  for (const dir of [home, here, there]) mkdirSync(dir);
  server = await startMockLlmServer({ respond: (_req: unknown, index: number) => ({ text: `Answer ${index + 1}.` }) });
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const rein = (cwd: string, args: string[]) =>
  execa('node', [cli, ...args, '--provider', 'openai', '--base-url', server.openaiBaseUrl], {
    cwd, reject: false, timeout: 60_000, extendEnv: true,
    env: { REIN_HOME: home, HOME: home, ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '', OPENAI_API_KEY: 'sk-test' },
  });

async function startSession(cwd: string, model: string): Promise<string> {
  const run = await rein(cwd, ['-p', 'the first task', '--model', model, '--output-format', 'json']);
  expect(run.exitCode).toBe(0);
  return (JSON.parse(run.stdout) as { session_id: string }).session_id;
}

const modelOf = (index: number) => (server.requests[index].body as { model: string }).model;

describe('rein --resume, headless', () => {
  it('exits 2 naming the directory when the session was started in another one; nothing is sent', async () => {
    const id = await startSession(there, 'model-there');
    const run = await rein(here, ['--resume', id, '-p', 'go on']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe(`rein: Session ${id} was started in ${there}; run rein there (cd ${there} && rein --resume ${id}), or add --fork-session to continue a copy here.`);
    expect(server.requests).toHaveLength(1);
    // Where it was started, it resumes.
    const again = await rein(there, ['--resume', id, '-p', 'go on']);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain('Answer 2.');
  });

  it('keeps the model the session used; --model given again overrides it', async () => {
    const id = await startSession(here, 'model-of-the-session');
    expect(modelOf(0)).toBe('model-of-the-session');
    expect((await rein(here, ['--resume', id, '-p', 'go on'])).exitCode).toBe(0);
    expect(modelOf(1)).toBe('model-of-the-session');
    expect((await rein(here, ['--continue', '-p', 'and on'])).exitCode).toBe(0);
    expect(modelOf(2)).toBe('model-of-the-session');
    expect((await rein(here, ['--resume', id, '-p', 'now elsewhere', '--model', 'another-model'])).exitCode).toBe(0);
    expect(modelOf(3)).toBe('another-model');
  });

  it('-p "/clear" on a resumed session leaves its log whole: resuming it again sends the whole conversation', async () => {
    const id = await startSession(here, 'test-model');
    const log = join(home, 'sessions', id, 'log.jsonl');
    const before = readFileSync(log, 'utf8');
    const cleared = await rein(here, ['--resume', id, '-p', '/clear']);
    expect(cleared.exitCode).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe(before);
    expect((await rein(here, ['--resume', id, '-p', 'what was the task?'])).exitCode).toBe(0);
    expect(JSON.stringify(server.requests[1].body)).toContain('the first task');
  });
});
