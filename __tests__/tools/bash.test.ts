import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bashTool, createBashTool } from '../../source/tools/bash.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry, runToolCall } from '../../source/tools/runner.js';
import { isAlive, makeWorkspace, waitUntil, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

/** Reads the pid a command printed as `pid=<n>`. */
const pidFrom = (text: string): number => Number(/pid=(\d+)/.exec(text)?.[1]);

describe('bash', () => {
  it('runs in the working folder and returns the output', async () => {
    await ws.write('hello.txt', 'hi there\n');
    const r = await bashTool.execute({ command: 'pwd && cat hello.txt' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: `${ws.dir}\nhi there` });
  });

  it('reports a non-zero exit code as an error', async () => {
    const r = await bashTool.execute({ command: 'echo partial; exit 2' }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'partial\nexit code 2' });
  });

  it('merges stderr into the output in order', async () => {
    const r = await bashTool.execute({ command: 'echo out1; echo err1 >&2; echo out2; echo err2 >&2' }, ws.ctx());
    expect(r.content).toBe('out1\nerr1\nout2\nerr2');
  });

  it('ignores stdin, so commands that read it do not hang', async () => {
    const r = await bashTool.execute({ command: 'cat; echo done' }, ws.ctx());
    expect(r.content).toBe('done');
  });

  it('streams output lines as progress', async () => {
    await bashTool.execute({ command: 'echo first; sleep 0.2; echo second' }, ws.ctx());
    expect(ws.progress).toEqual(['first', 'second']);
  });

  it('kills the whole process group on timeout, grandchildren included', async () => {
    const tool = createBashTool({ killGraceMs: 300 });
    const r = await tool.execute({ command: 'sleep 30 & echo pid=$!; wait', timeout: 300 }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^pid=\d+\n\[killed after timeout of 0.3 s; if it was waiting for input, [^\]]*\]$/);
    await waitUntil(() => !isAlive(pidFrom(r.content)));
  });

  it('falls back to SIGKILL for processes that ignore SIGTERM', async () => {
    const tool = createBashTool({ killGraceMs: 200 });
    const command = `bash -c 'trap "" TERM; echo pid=$$; while true; do sleep 0.05; done' & wait`;
    const r = await tool.execute({ command, timeout: 300 }, ws.ctx());
    expect(r.content).toContain('[killed after timeout of 0.3 s');
    await waitUntil(() => !isAlive(pidFrom(r.content)));
  });

  it('kills the process group when the run is aborted', async () => {
    const controller = new AbortController();
    const registry = new ToolRegistry(builtinTools);
    let child = 0;
    const onProgress = (line: string): void => {
      child = pidFrom(line);
      controller.abort();
    };
    const r = await runToolCall(
      registry,
      { id: 'c1', name: 'bash', input: { command: 'sleep 30 & echo pid=$!; wait' } },
      ws.ctx({ signal: controller.signal, onProgress }),
    );
    expect(r).toMatchObject({ isError: true, content: 'interrupted' });
    expect(child).toBeGreaterThan(0);
    await waitUntil(() => !isAlive(child));
  });

  it('starts background tasks and returns at once with the id', async () => {
    const r = await bashTool.execute({ command: 'echo started; sleep 30', run_in_background: true }, ws.ctx());
    expect(r.content).toMatch(/^Started in the background as bg1\. Read its output with bash_output \(task_id "bg1"\)/);
    expect(ws.state.background.get('bg1')).toMatchObject({ status: 'running', command: 'echo started; sleep 30' });
  });

  it('explains a working folder that does not exist', async () => {
    const r = await bashTool.execute({ command: 'echo hi' }, ws.ctx({ cwd: `${ws.dir}/gone` }));
    expect(r).toMatchObject({ isError: true, content: `The working folder ${ws.dir}/gone does not exist, so bash cannot run there; start rein in an existing folder.` });
  });

  it('follows the timeout argument in the runner timeout', () => {
    const timeout = bashTool.timeoutMs as (args: { command: string; timeout?: number }) => number;
    expect(timeout({ command: 'x', timeout: 1_000 })).toBeGreaterThan(1_000);
    expect(timeout({ command: 'x', timeout: 1_000 })).toBeLessThan(timeout({ command: 'x', timeout: 60_000 }));
    expect(timeout({ command: 'x' })).toBeGreaterThan(120_000);
  });

  it('rejects a timeout above 10 minutes through the runner', async () => {
    const registry = new ToolRegistry(builtinTools);
    const r = await runToolCall(registry, { id: 'c1', name: 'bash', input: { command: 'true', timeout: 600_001 } }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toContain('/timeout: must be <= 600000');
  });
});
