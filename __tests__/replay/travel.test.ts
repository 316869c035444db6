// Recordings that travel: made in one folder, replayed in another (absolute paths and all) to the same fixed result
// with no divergence; a recording that names a fixture plays in a fresh copy of it; old and future versions.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
const fixture = resolve('__tests__/e2e/fixtures/buggy-repo');
const fixed = 'return a + b;';

let first: string;
let second: string;
let home: string;
let server: MockLlmServer | undefined;

beforeEach(() => {
  first = realpathSync(mkdtempSync(join(tmpdir(), 'rein-travel-a-')));
  second = realpathSync(mkdtempSync(join(tmpdir(), 'rein-travel-b-')));
  home = mkdtempSync(join(tmpdir(), 'rein-travel-home-'));
  cpSync(fixture, first, { recursive: true });
  cpSync(fixture, second, { recursive: true });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of [first, second, home]) rmSync(dir, { recursive: true, force: true });
});

const rein = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  execa('node', [cli, ...args], { cwd, reject: false, env: { HOME: home, REIN_HOME: home, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', DEEPSEEK_API_KEY: '', ...env }, timeout: 60_000 });

/** Records, in `first`, a fix whose tool calls name the files by absolute path, as models often do. */
async function recordWithAbsolutePaths(file: string, prompt = `fix the bug in ${first}`): Promise<string> {
  server = await startMockLlmServer({ turns: [
    { text: `Reading ${first}/math.js.`, toolCalls: [{ name: 'read_file', input: { path: join(first, 'math.js') } }] },
    { toolCalls: [{ name: 'edit_file', input: { path: join(first, 'math.js'), old_string: 'return a - b;', new_string: fixed } }] },
    { toolCalls: [{ name: 'bash', input: { command: `cd ${first} && node test.js` } }] },
    { text: `Fixed ${first}/math.js.` },
  ] });
  const run = await rein(first, ['-p', prompt, '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', '--record', file], { OPENAI_API_KEY: 'sk-test' });
  expect(run.exitCode).toBe(0);
  await server.close();
  server = undefined;
  expect(readFileSync(join(first, 'math.js'), 'utf8')).toContain(fixed);
  cpSync(join(fixture, 'math.js'), join(first, 'math.js'));
  return run.stdout;
}

describe('a recording replayed in another folder', () => {
  it('reproduces the fix there, with its paths mapped and no divergence reported; the recording folder is untouched', async () => {
    const file = join(home, 'fix.jsonl');
    const recorded = await recordWithAbsolutePaths(file);
    expect(readFileSync(file, 'utf8')).toContain(`${first}/math.js`);
    const replay = await rein(second, ['-p', `fix the bug in ${second}`, '--replay', file, '--replay-speed', '0', '--output-format', 'rein-events']);
    expect(replay.stderr).toBe('');
    expect(replay.exitCode).toBe(0);
    expect(readFileSync(join(second, 'math.js'), 'utf8')).toContain(fixed);
    expect(readFileSync(join(first, 'math.js'), 'utf8')).toContain('return a - b;');
    const events = replay.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; name?: string; result?: { content: string; isError: boolean }; text?: string });
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
    const ends = events.filter((e) => e.type === 'tool_end');
    expect(ends.map((e) => [e.name, e.result?.isError])).toEqual([['read_file', false], ['edit_file', false], ['bash', false]]);
    expect(ends[2].result?.content).toContain('all tests passed');
    expect(events.find((e) => e.type === 'run_end')?.text).toBe(`Fixed ${second}/math.js.`);
    expect(recorded.trim()).toBe(`Fixed ${first}/math.js.`);
  });

  it('a prompt that really differs is still a divergence', async () => {
    const file = join(home, 'fix.jsonl');
    await recordWithAbsolutePaths(file);
    const replay = await rein(second, ['-p', 'fix some other bug', '--replay', file, '--replay-speed', '0']);
    expect(replay.exitCode).toBe(0);
    expect(replay.stderr.trim()).toBe('rein: The replay differs from the recording at model call 1: message 1 is not the recorded one; the recorded answers play on.');
  });
});

describe('a recording that names its fixture folder', () => {
  it('plays in a fresh temporary copy of it with a fresh home, all gone afterwards, leaving the fixture and the current folder as they were', async () => {
    const file = join(home, 'fix.jsonl');
    await recordWithAbsolutePaths(file, 'fix the bug');
    const lines = readFileSync(file, 'utf8').split('\n');
    cpSync(fixture, join(home, 'start'), { recursive: true });
    writeFileSync(file, [JSON.stringify({ ...JSON.parse(lines[0]), fixture: 'start' }), ...lines.slice(1)].join('\n'));
    const sessions = join(home, 'sessions');
    const before = readdirSync(sessions);
    // Your own instructions would change the prompt: the show runs with a fresh home instead.
    writeFileSync(join(home, 'AGENTS.md'), 'Always answer in French.\n');
    const replay = await rein(second, ['-p', 'fix the bug', '--replay', file, '--replay-speed', '0', '--output-format', 'rein-events', '--permission-mode', 'yolo']);
    expect(replay.exitCode).toBe(0);
    const events = replay.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; cwd?: string; result?: { content: string } });
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
    const ran = events.find((e) => e.type === 'session_start')?.cwd ?? '';
    expect(ran).toMatch(/rein-replay-/);
    expect(events.filter((e) => e.type === 'tool_end')[2].result?.content).toContain('all tests passed');
    expect(existsSync(ran)).toBe(false);
    expect(readFileSync(join(home, 'start', 'math.js'), 'utf8')).toContain('return a - b;');
    expect(readFileSync(join(second, 'math.js'), 'utf8')).toContain('return a - b;');
    // A show, not a session: nothing more is kept under $REIN_HOME/sessions.
    expect(readdirSync(sessions)).toEqual(before);
  });

  it('whose fixture folder is missing is one sentence and exit 2', async () => {
    const file = join(home, 'fix.jsonl');
    writeFileSync(file, `${JSON.stringify({ type: 'header', version: 2, provider: 'openai', model: 'm', facts: { date: '2026-01-01T00:00:00Z', cwd: '/x', platform: 'linux' }, places: { workspace: '/x' }, fixture: 'gone' })}\n`);
    const replay = await rein(second, ['-p', 'x', '--replay', file]);
    expect(replay.exitCode).toBe(2);
    expect(replay.stderr.trim()).toBe(`rein: The recording ${file} plays in its fixture folder ${join(home, 'gone')}, which is not there; keep the folder beside the recording.`);
  });
});

describe('recording versions', () => {
  it('a version 1 recording (made before recordings named their folders) still replays, its folder named in the warning', async () => {
    const replay = await rein(second, ['-p', 'The test fails. Find the bug and fix it.', '--replay', resolve('__tests__/replay/fixtures/v1-fix-add.jsonl'), '--replay-speed', '0', '--replay-tools', 'recorded']);
    expect(replay.exitCode).toBe(0);
    expect(replay.stdout.trim()).toBe('Fixed. `add` in `math.js` returned `a - b`; it now returns `a + b`, and `node test.js` passes.');
    expect(replay.stderr).toContain('(it was recorded in /tmp/rein-demo-tt8c66)');
  });

  it('a recording from a newer rein is one sentence and exit 2', async () => {
    const file = join(home, 'future.jsonl');
    writeFileSync(file, `${JSON.stringify({ type: 'header', version: 3, provider: 'openai', model: 'm', facts: {} })}\n`);
    const replay = await rein(second, ['-p', 'x', '--replay', file]);
    expect(replay.exitCode).toBe(2);
    expect(replay.stderr.trim()).toBe(`rein: ${file} is a version 3 recording, which this rein (versions 1 and 2) cannot replay; update rein.`);
  });
});
