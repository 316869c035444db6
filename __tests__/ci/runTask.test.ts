// The container's task runner (deploy/run-task.mjs) as a Kubernetes Indexed Job pod runs it: a task list file, an
// index in JOB_COMPLETION_INDEX, the mock model server and the built CLI; the result JSON lands where expected.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';

const apiKey = 'sk-ant-fake-key-for-the-job-test';
let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A source repository to clone (one commit with notes.txt), a task list naming it, and empty work/results folders. */
async function setup(turns: MockTurn[]) {
  const root = mkdtempSync(join(tmpdir(), 'rein-job-'));
  const source = join(root, 'source');
  mkdirSync(source);
  writeFileSync(join(source, 'notes.txt'), 'hello\n');
  const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: source });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'start');
  const tasks = [
    { id: 'first', prompt: 'not this one' },
    { id: 'widgets/notes', repo: `file://${source}`, prompt: 'Write "world" into world.txt.' },
    { id: 'empty', prompt: '  ' },
    { id: 'gone', repo: `file://${join(root, 'missing')}`, prompt: 'anything' },
  ];
  writeFileSync(join(root, 'tasks.json'), JSON.stringify(tasks));
  const model = await startMockLlmServer({ turns, apiKey });
  cleanups.push(() => model.close(), () => rmSync(root, { recursive: true, force: true }));
  const run = (index: string | undefined, env: Record<string, string> = {}) =>
    execa(process.execPath, [resolve('deploy/run-task.mjs')], {
      cwd: root, reject: false, extendEnv: false, timeout: 120_000,
      env: {
        PATH: process.env.PATH!, HOME: join(root, 'home'), FORCE_COLOR: '0',
        TASKS_FILE: join(root, 'tasks.json'), RESULTS_DIR: join(root, 'results'), WORK_DIR: join(root, 'work'),
        REIN_PROVIDER: 'anthropic', REIN_BASE_URL: model.url, REIN_MODEL: 'claude-sonnet-4-5', ANTHROPIC_API_KEY: apiKey,
        ...(index === undefined ? {} : { JOB_COMPLETION_INDEX: index }), ...env,
      },
    });
  const summary = (id: string) => JSON.parse(readFileSync(join(root, 'results', `${id}.json`), 'utf8'));
  return { root, source, model, run, summary };
}

describe('deploy/run-task.mjs', () => {
  it('runs the task its index picks in a clone of its repository and writes the result JSON, the patch and the logs', async () => {
    const { root, source, model, run, summary } = await setup([
      { toolCalls: [{ name: 'write_file', input: { path: 'world.txt', content: 'world\n' } }, { name: 'bash', input: { command: 'touch ran.txt' } }] },
      { text: 'Added the line.' },
    ]);
    const result = await run('1');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.stringify(model.requests[0]!.body.messages[0].content)).toContain('Write \\"world\\" into world.txt.');

    const written = summary('widgets-notes');
    expect(written).toMatchObject({ index: 1, id: 'widgets-notes', exit_code: 0, error: null, patch: 'widgets-notes.patch', task: { repo: `file://${source}` } });
    expect(written.result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'Added the line.' });
    // Not yolo by default: the edit went through, the command was refused.
    expect(written.result.permission_denials.map((d: { tool_name: string }) => d.tool_name)).toEqual(['Bash']);
    expect(existsSync(join(root, 'work', 'widgets-notes', 'ran.txt'))).toBe(false);
    const patch = readFileSync(join(root, 'results', 'widgets-notes.patch'), 'utf8');
    expect(patch).toContain('+++ b/world.txt');
    expect(patch).toContain('+world');
    // The source repository is untouched: the task ran in its own clone.
    expect(existsSync(join(source, 'world.txt'))).toBe(false);
    expect(existsSync(join(root, 'results', 'widgets-notes', 'record.jsonl'))).toBe(true);
    expect(readFileSync(join(root, 'results', 'widgets-notes', 'session', 'log.jsonl'), 'utf8')).toContain('into world.txt');
    expect(JSON.parse(readFileSync(join(root, 'results', 'widgets-notes', 'result.json'), 'utf8')).session_id).toBe(written.result.session_id);
  });

  it('writes a failed run as a result with its error and exits with rein\'s code', async () => {
    const { run, summary } = await setup([{ fault: { kind: 'status', status: 400, message: 'the model is not available' } }]);
    const result = await run('0');
    expect(result.exitCode).toBe(1);
    const written = summary('first');
    expect(written).toMatchObject({ index: 0, exit_code: 1, patch: null });
    expect(written.error).toContain('the model is not available');
    expect(written.result).toMatchObject({ is_error: true });
  });

  it('refuses a missing index, an index past the list, a task without a prompt and a clone that fails, in one sentence each', async () => {
    const { model, run, summary } = await setup([{ text: 'never' }]);
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'JOB_COMPLETION_INDEX is not set; set it to the task\'s index'],
      ['abc', 'JOB_COMPLETION_INDEX is "abc"'],
      ['4', 'Index 4 is past the end of the task list (4 tasks); the Job\'s completions must equal the number of tasks.'],
      ['2', 'Task 2 has no "prompt"; every task needs one.'],
      ['3', 'git clone of file://'],
    ];
    for (const [index, sentence] of cases) {
      const result = await run(index);
      expect(result.exitCode, String(index)).toBe(2);
      expect(result.stderr).toContain(`run-task: ${sentence}`);
    }
    expect(summary('gone')).toMatchObject({ exit_code: 2, result: null });
    const unreadable = await run('0', { TASKS_FILE: '/nonexistent/tasks.json' });
    expect(unreadable.exitCode).toBe(2);
    expect(unreadable.stderr).toContain('could not be read as JSON (ENOENT); set TASKS_FILE');
    expect(model.requests).toHaveLength(0);
  });
});
