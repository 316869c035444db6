// --record and --replay on the built CLI: a session recorded against the mock server replays with the server
// stopped, no key and no network; the event stream is the recorded one apart from ids and times; a changed
// system prompt is reported at the first model call; a damaged or short recording is one plain sentence.
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
const fixture = resolve('__tests__/e2e/fixtures/buggy-repo');

let repo: string;
let home: string;
let server: MockLlmServer | undefined;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-replay-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-replay-home-'));
  cpSync(fixture, repo, { recursive: true });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const rein = (args: string[], env: Record<string, string> = {}) =>
  execa('node', [cli, ...args], { cwd: repo, reject: false, env: { REIN_HOME: home, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', DEEPSEEK_API_KEY: '', ...env }, timeout: 60_000 });

/** The rein-events lines without what differs between two runs of the same session: ids and times. */
function comparable(stdout: string): unknown[] {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).filter(([k]) => !/(Id|_id|^id|^uuid|durationMs|duration_ms|duration_api_ms|startedAt)$/.test(k)).map(([k, v]) => [k, strip(v)]));
  };
  return stdout.trim().split('\n').map((line) => strip(JSON.parse(line)));
}

async function record(): Promise<{ file: string; stdout: string }> {
  server = await startMockLlmServer({ turns: [
    { text: 'Let me look.', toolCalls: [{ name: 'read_file', input: { path: 'math.js' } }] },
    { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
    { toolCalls: [{ name: 'bash', input: { command: 'node test.js' } }] },
    { text: 'Fixed: add subtracted.' },
  ] });
  const file = join(home, 'fix.rec.jsonl');
  const run = await rein(['-p', 'fix the bug', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', '--output-format', 'rein-events', '--record', file], { OPENAI_API_KEY: 'sk-secret-recorded-key' });
  expect(run.exitCode).toBe(0);
  await server.close();
  server = undefined;
  // The workspace as it was before the session.
  cpSync(join(fixture, 'math.js'), join(repo, 'math.js'));
  return { file, stdout: run.stdout };
}

describe('--record and --replay', () => {
  it('replays with the server gone and no key: the same events, and the tools run for real again', async () => {
    const { file, stdout } = await record();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('sk-secret-recorded-key');
    expect(text.split('\n')[0]).toMatch(/^\{"type":"header","version":2,"provider":"openai","model":"test-model","facts":\{"date":"/);
    expect(JSON.parse(text.split('\n')[0]).places.workspace).toBe(realpathSync(repo));
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toContain('return a - b;');
    const replay = await rein(['-p', 'fix the bug', '--output-format', 'rein-events', '--replay', file, '--replay-speed', '0']);
    expect(replay.stderr).toBe('');
    expect(replay.exitCode).toBe(0);
    expect(comparable(replay.stdout)).toEqual(comparable(stdout));
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toContain('return a + b;');
  });

  it('a recording made in a git repository names the commit checked out, and none outside git', async () => {
    await execa('git', ['init', '-q'], { cwd: repo });
    await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'commit.gpgSign=false', 'commit', '-q', '--allow-empty', '-m', 'start'], { cwd: repo });
    const head = (await execa('git', ['rev-parse', 'HEAD'], { cwd: repo })).stdout.trim();
    server = await startMockLlmServer({ turns: [{ text: 'Hello.' }, { text: 'Hello.' }] });
    const header = async (name: string) => {
      const file = join(home, name);
      const run = await rein(['-p', 'hi', '--provider', 'openai', '--base-url', server!.openaiBaseUrl, '--model', 'test-model', '--record', file], { OPENAI_API_KEY: 'sk-test' });
      expect(run.exitCode).toBe(0);
      return JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as { facts: { gitHead?: string } };
    };
    expect((await header('in-git.rec.jsonl')).facts.gitHead).toBe(head);
    rmSync(join(repo, '.git'), { recursive: true, force: true });
    expect((await header('no-git.rec.jsonl')).facts.gitHead).toBeUndefined();
  });

  it('--replay-tools recorded runs no command and touches no file: the results come from the recording', async () => {
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'bash', input: { command: 'touch ran-marker && echo made-it' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
      { text: 'Done.' },
    ] });
    const file = join(home, 'tools.rec.jsonl');
    // The edit is refused (math.js was not read first): the recording keeps that refusal as it was.
    const recorded = await rein(['-p', 'go', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', '--output-format', 'rein-events', '--record', file], { OPENAI_API_KEY: 'sk-test' });
    expect(recorded.exitCode).toBe(0);
    await server.close();
    server = undefined;
    rmSync(join(repo, 'ran-marker'));
    const before = readFileSync(join(repo, 'math.js'), 'utf8');
    const replay = await rein(['-p', 'go', '--output-format', 'rein-events', '--replay', file, '--replay-speed', '0', '--replay-tools', 'recorded']);
    expect(replay.exitCode).toBe(0);
    expect(existsSync(join(repo, 'ran-marker'))).toBe(false);
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toBe(before);
    const ends = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.type === 'tool_end').map((e) => [e.name, e.result.content, e.result.isError]);
    expect(ends(replay.stdout)).toEqual(ends(recorded.stdout));
    expect(ends(replay.stdout)[0]).toEqual(['bash', expect.stringContaining('made-it'), false]);
  });

  it('rein sessions export <id> --record turns a session log into a recording that replays its answers', async () => {
    server = await startMockLlmServer({ turns: [
      { text: 'Checking.', toolCalls: [{ name: 'bash', input: { command: 'echo from-the-log' } }] },
      { text: 'The log says from-the-log.' },
    ] });
    const run = await rein(['-p', 'what does it say?', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', '--output-format', 'rein-events'], { OPENAI_API_KEY: 'sk-test' });
    expect(run.exitCode).toBe(0);
    await server.close();
    server = undefined;
    const sessionId = (JSON.parse(run.stdout.split('\n')[0]) as { sessionId: string }).sessionId;
    const file = join(home, 'from-log.jsonl');
    const exported = await rein(['sessions', 'export', sessionId, '--record', file]);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).toBe(`Wrote ${file}: 2 model calls of session ${sessionId}. The log keeps answers whole, so the replay has no timing and compares no requests.`);
    const replay = await rein(['-p', 'what does it say?', '--output-format', 'rein-events', '--replay', file, '--replay-tools', 'recorded', '--replay-speed', '0']);
    expect(replay.stderr).toBe('');
    expect(replay.exitCode).toBe(0);
    const pick = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.type === 'tool_end' || e.type === 'run_end').map((e) => e.type === 'run_end' ? e.text : e.result.content);
    expect(pick(replay.stdout)).toEqual(pick(run.stdout));
  });

  it('a changed system prompt is reported once, at model call 1, and the recorded answers play on', async () => {
    const { file } = await record();
    const replay = await rein(['-p', 'fix the bug', '--replay', file, '--replay-speed', '0', '--append-system-prompt', 'Be brief.']);
    expect(replay.exitCode).toBe(0);
    expect(replay.stdout.trim()).toBe('Fixed: add subtracted.');
    expect(replay.stderr.trim()).toBe('rein: The replay differs from the recording at model call 1: the system prompt is not the recorded one; the recorded answers play on.');
  });

  it('a recording that ends early stops the run with one sentence; a file that is not a recording is exit 2', async () => {
    const { file } = await record();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const short = join(home, 'short.jsonl');
    writeFileSync(short, `${lines.filter((l) => !/"turn":[34]/.test(l)).join('\n')}\n`);
    const cut = await rein(['-p', 'fix the bug', '--replay', short, '--replay-speed', '0']);
    expect(cut.exitCode).toBe(1);
    expect(cut.stderr).toContain('The recording has no answer for model call 3: it ends after 2 calls.');
    writeFileSync(join(home, 'bad.jsonl'), '{"hello": 1}\n');
    const bad = await rein(['-p', 'x', '--replay', join(home, 'bad.jsonl')]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim()).toBe(`rein: ${join(home, 'bad.jsonl')} is not a rein recording; make one with rein --record <file>.`);
  });
});
