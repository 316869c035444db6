// End-to-end: `rein -p "/name args"` runs a custom command; a !`command` that would need approval is refused
// in a headless ask-mode run and nothing is sent.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shadowDirFor } from '../../source/checkpoints/shadowRepo.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-e2e-cmd-'));
  home = mkdtempSync(join(tmpdir(), 'rein-e2e-cmd-home-'));
  mkdirSync(join(repo, '.rein', 'commands', 'team'), { recursive: true });
  writeFileSync(join(repo, '.rein', 'commands', 'team', 'greet.md'), '---\nmodel: small-model\n---\nGreet $0 from the $1 team.');
  writeFileSync(join(repo, '.rein', 'commands', 'touchy.md'), 'Made: !`touch made.txt`');
  server = await startMockLlmServer({ turns: [{ text: 'Hello, Ada!' }] });
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
    // HOME too: ~/.claude is read from it.
    env: { REIN_HOME: home, HOME: home, ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '', OPENAI_API_KEY: 'sk-test' },
    extendEnv: true,
    timeout: 60_000,
  });

describe('rein -p with a custom command', () => {
  it('expands a namespaced command and uses its model', async () => {
    const run = await rein(['-p', '/team:greet Ada platform', '--output-format', 'json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: 'Hello, Ada!', is_error: false });
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0].body as { model: string; messages: Array<{ role: string; content: unknown }> };
    expect(body.model).toBe('small-model');
    expect(JSON.stringify(body.messages.filter((m) => m.role === 'user'))).toContain('Greet Ada from the platform team.');
  });

  it('refuses a !`command` that needs approval in ask mode and sends nothing', async () => {
    const run = await rein(['-p', '/touchy', '--permission-mode', 'ask']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('/touchy was not sent: its command `touch made.txt` was not run (denied: needs approval); this project is not trusted (trust it when rein asks at the start of a session, or run with --trust-project), so its shell lines are judged as in ask mode.');
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(repo, 'made.txt'))).toBe(false);
  });

  it("in a git repository, the message's checkpoint holds the files as they were before its !`command` changed them", async () => {
    // The snapshot before a message waits for the request to be written; a command's shell line runs before the
    // request, and must not run before that snapshot.
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    writeFileSync(join(repo, '.rein', 'commands', 'change.md'), 'Changed: !`echo two > a.txt`');
    await execa('git', ['init', '-q'], { cwd: repo });
    const run = await rein(['-p', '/change', '--permission-mode', 'yolo', '--trust-project']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(readFileSync(join(repo, 'a.txt'), 'utf8')).toBe('two\n');
    const sessions = join(home, 'sessions');
    const logs = readdirSync(sessions, { recursive: true }).map(String).filter((f) => f.endsWith('.jsonl'));
    expect(logs).toHaveLength(1);
    const points = readFileSync(join(sessions, logs[0]), 'utf8').split('\n').filter((l) => l.startsWith('{"kind":"checkpoint","point"'));
    const commit = (JSON.parse(points[0]) as { point: { commit?: string } }).point.commit;
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    const kept = await execa('git', [`--git-dir=${shadowDirFor(home, repo)}`, 'show', `${commit}:a.txt`]);
    expect(kept.stdout).toBe('one');
  });

  it('answers a name that is no command without calling the model, as claude -p does, and sends a path on', async () => {
    const unknown = await rein(['-p', '/deploy-everything now', '--output-format', 'json']);
    expect(unknown.exitCode).toBe(0);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ result: 'Unknown command: /deploy-everything', is_error: false });
    expect(server.requests).toHaveLength(0);
    const path = await rein(['-p', '/usr/bin/env is broken']);
    expect(path.exitCode).toBe(0);
    expect(JSON.stringify(server.requests[0].body)).toContain('/usr/bin/env is broken');
  });

  it('starts with plain files among the skill folders (project and ~/.claude) and runs /skill args', async () => {
    mkdirSync(join(repo, '.claude', 'skills', 'tidy'), { recursive: true });
    writeFileSync(join(repo, '.claude', 'skills', 'README.md'), 'About our skills.');
    writeFileSync(join(repo, '.claude', 'skills', 'tidy', 'SKILL.md'), '---\ndescription: tidies a file\n---\nTidy $ARGUMENTS now.\n');
    mkdirSync(join(home, '.claude', 'skills'), { recursive: true });
    writeFileSync(join(home, '.claude', 'skills', '.DS_Store'), '\u0000\u0000\u0000\u0001Bud1');
    const run = await rein(['-p', '/tidy src/app.ts']);
    expect(run.stderr).not.toContain('ENOTDIR');
    expect(run.exitCode).toBe(0);
    const users = JSON.stringify((server.requests[0].body as { messages: Array<{ role: string }> }).messages.filter((m) => m.role === 'user'));
    expect(users).toContain(`Base directory for this skill: ${join(repo, '.claude', 'skills', 'tidy')}\\n\\nTidy src/app.ts now.`);
  });
});
