import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundTaskInfo } from '../../source/protocol/events.js';
import { BackgroundTasks } from '../../source/tools/background.js';
import { bashOutputTool } from '../../source/tools/bashOutput.js';
import { killTaskTool } from '../../source/tools/killTask.js';
import { isAlive, makeWorkspace, waitUntil, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
let tasks: BackgroundTasks;
beforeEach(async () => {
  ws = await makeWorkspace();
  tasks = ws.state.background;
});
afterEach(() => ws.cleanup());

const finished = (id: string) => () => tasks.get(id)?.status !== 'running';

describe('BackgroundTasks', () => {
  it('runs a command, keeps its output and reports the exit once', async () => {
    const changes: BackgroundTaskInfo[] = [];
    tasks.onChange((info) => changes.push(info));
    const info = tasks.start('echo one; echo two >&2; exit 3', ws.dir);
    expect(info).toMatchObject({ taskId: 'bg1', status: 'running', lastLine: '' });
    await waitUntil(finished('bg1'));
    expect(tasks.get('bg1')).toMatchObject({ status: 'failed', exitCode: 3, lastLine: 'two' });
    expect(tasks.output('bg1')).toBe('one\ntwo\n');
    expect(changes[0]).toMatchObject({ taskId: 'bg1', status: 'running' });
    expect(changes.at(-1)).toMatchObject({ status: 'failed', exitCode: 3 });
    expect(tasks.takeFinished().map((t) => t.taskId)).toEqual(['bg1']);
    expect(tasks.takeFinished()).toEqual([]);
  });

  it('returns only new output from readNew, and a read of a finished task counts as seen', async () => {
    tasks.start('echo a; sleep 0.5; echo b', ws.dir);
    await waitUntil(() => tasks.output('bg1').includes('a'));
    expect(tasks.readNew('bg1')?.output).toBe('a\n');
    await waitUntil(finished('bg1'));
    const read = tasks.readNew('bg1');
    expect(read).toMatchObject({ output: 'b\n', info: { status: 'exited', exitCode: 0 } });
    expect(tasks.readNew('bg1')?.output).toBe('');
    expect(tasks.takeFinished()).toEqual([]);
    expect(tasks.readNew('bg9')).toBeUndefined();
  });

  it('kills the whole process group', async () => {
    tasks.start('sleep 30 & echo pid=$!; wait', ws.dir);
    await waitUntil(() => tasks.output('bg1').includes('pid='));
    const child = Number(/pid=(\d+)/.exec(tasks.output('bg1'))?.[1]);
    expect(await tasks.kill('bg1')).toBe(true);
    expect(tasks.get('bg1')?.status).toBe('killed');
    await waitUntil(() => !isAlive(child));
    expect(await tasks.kill('bg1')).toBe(false);
    expect(await tasks.kill('nope')).toBe(false);
  });

  it('drops the oldest output past its cap and says so on the next read', async () => {
    const small = new BackgroundTasks({ maxOutputChars: 100 });
    small.start('seq 1 1000', ws.dir);
    await waitUntil(() => small.get('bg1')?.status !== 'running');
    expect(small.output('bg1')).toHaveLength(100);
    expect(small.output('bg1').endsWith('999\n1000\n')).toBe(true);
    expect(small.readNew('bg1')?.output).toMatch(/^\[… [\d,]+ earlier characters were dropped …\]\n/);
  });

  it('keeps only a tail of a finished task once it was reported, with the full output saved in the session folder', async () => {
    const outputDir = path.join(ws.dir, 'session', 'outputs');
    const saving = new BackgroundTasks({ outputDir, keptTailChars: 100 });
    saving.start('seq 1 3000', ws.dir);
    await waitUntil(() => saving.get('bg1')?.status !== 'running');
    const full = Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join('');
    // Until the model has been told, everything is kept.
    expect(saving.output('bg1')).toBe(full);
    expect(saving.takeFinished().map((t) => t.taskId)).toEqual(['bg1']);
    expect(saving.output('bg1')).toHaveLength(100);
    expect(full.endsWith(saving.output('bg1'))).toBe(true);
    const read = saving.readNew('bg1')?.output ?? '';
    const file = /the full output is in (\S+) …\]\n/.exec(read)?.[1];
    expect(file).toBeDefined();
    expect(path.dirname(file!)).toBe(outputDir);
    expect(readFileSync(file!, 'utf8')).toBe(full);
    expect(read.endsWith(saving.output('bg1'))).toBe(true);
  });

  it('throttles output notifications per task', async () => {
    const clocked = new BackgroundTasks({ now: () => 0, notifyIntervalMs: 1_000_000 });
    const changes: BackgroundTaskInfo[] = [];
    clocked.onChange((info) => changes.push(info));
    clocked.start('for i in $(seq 1 50); do echo line$i; sleep 0.01; done', ws.dir);
    await waitUntil(() => clocked.get('bg1')?.status !== 'running');
    // The clock never reaches the interval: start, exit and at most one output notification get through.
    expect(changes.length).toBeLessThanOrEqual(3);
    expect(changes.at(-1)).toMatchObject({ status: 'exited', lastLine: 'line50' });
  });

  it('marks a task that cannot start as failed, with the reason in its output', async () => {
    tasks.start('echo hi', `${ws.dir}/gone`);
    await waitUntil(finished('bg1'));
    expect(tasks.get('bg1')).toMatchObject({ status: 'failed', exitCode: undefined });
    expect(tasks.output('bg1')).toMatch(/cwd|ENOENT/);
    expect(tasks.takeFinished().map((t) => t.taskId)).toEqual(['bg1']);
  });

  it('lists tasks and kills all of them', async () => {
    tasks.start('sleep 30', ws.dir);
    tasks.start('sleep 30', ws.dir);
    expect(tasks.list().map((t) => t.taskId)).toEqual(['bg1', 'bg2']);
    await tasks.killAll();
    expect(tasks.list().map((t) => t.status)).toEqual(['killed', 'killed']);
  });
});

describe('bash_output and kill_task', () => {
  it('shows new output with the status, then no new output', async () => {
    tasks.start('echo ready; sleep 30', ws.dir);
    await waitUntil(() => tasks.output('bg1').includes('ready'));
    const first = await bashOutputTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(first).toMatchObject({ isError: false, content: 'bg1 running: echo ready; sleep 30\nready' });
    const second = await bashOutputTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(second.content).toBe('bg1 running: echo ready; sleep 30\n(no new output)');
  });

  it('lists the known ids for an unknown id', async () => {
    const none = await bashOutputTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(none).toMatchObject({ isError: true, content: 'There is no background task `bg1`; none has been started in this session.' });
    tasks.start('exit 0', ws.dir);
    await waitUntil(finished('bg1'));
    const unknown = await killTaskTool.execute({ task_id: 'bg7' }, ws.ctx());
    expect(unknown).toMatchObject({ isError: true, content: 'There is no background task `bg7`; known tasks: bg1 (exited with code 0).' });
  });

  it('kills a running task, shows its last output and does not report it again', async () => {
    tasks.start('echo working; sleep 30', ws.dir);
    await waitUntil(() => tasks.output('bg1').includes('working'));
    const r = await killTaskTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: 'Killed bg1: echo working; sleep 30\nLast output:\nworking' });
    expect(tasks.get('bg1')?.status).toBe('killed');
    expect(tasks.takeFinished()).toEqual([]);
    const again = await killTaskTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(again.content).toBe('bg1 had already ended (killed): echo working; sleep 30');
  });

  it('reports a finished task through bash_output, which marks it seen', async () => {
    tasks.start('echo done; exit 1', ws.dir);
    await waitUntil(finished('bg1'));
    const r = await bashOutputTool.execute({ task_id: 'bg1' }, ws.ctx());
    expect(r.content).toBe('bg1 failed with exit code 1: echo done; exit 1\ndone');
    expect(tasks.takeFinished()).toEqual([]);
  });
});
