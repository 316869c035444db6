// Hook processes: each in its own process group, killed whole on timeout and on Esc; one event's hooks run side by side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { runningProcessGroups } from '../../source/tools/processRegistry.js';
import { makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';
import { hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const pidIn = (file: string) => Number(readFileSync(file, 'utf8').trim());

describe('hook processes', () => {
  it('a hook past its timeout is stopped with everything it started, reported in one line, and the call goes on', async () => {
    d = hookDir();
    // The grandchild ignores SIGTERM: only killing the whole group (SIGKILL after the grace) ends it.
    const slow = d.script('slow', `cat >/dev/null; bash -c 'trap "" TERM; echo $$ > "$D/grandchild.pid"; while true; do sleep 0.05; done' & wait`);
    const { hooks } = makeHooks(d, on('PreToolUse', slow, 'Bash', 0.5));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo ran' } }] }, { text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    const grandchild = pidIn(join(d.dir, 'grandchild.pid'));
    expect(alive(grandchild)).toBe(false);
    expect(events.filter((e) => e.type === 'hook')).toMatchObject([{ event: 'PreToolUse', outcome: 'failed', message: 'timed out after 0.5 s and was stopped' }]);
    expect(JSON.stringify(h.provider.requests[1].messages.at(-1))).toContain('ran');
    expect(runningProcessGroups().filter((g) => g.label.startsWith('hook:'))).toEqual([]);
  });

  it('runs the hooks of one event side by side: each waits for the other\'s marker', async () => {
    d = hookDir();
    const waitFor = (mine: string, other: string) => d.script(mine, `cat >/dev/null; touch "$D/${mine}.mark"; for i in $(seq 1 200); do [ -f "$D/${other}.mark" ] && exit 0; sleep 0.05; done; echo "never saw ${other}" >&2; exit 1`);
    const { hooks } = makeHooks(d, on('UserPromptSubmit', [waitFor('a', 'b'), waitFor('b', 'a')]));
    h = makeHarness([{ text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(d.has('a.mark') && d.has('b.mark')).toBe(true);
    expect(events.filter((e) => e.type === 'hook')).toEqual([]);
    expect(runEnd(events).reason).toBe('done');
  });

  it('Esc stops a running hook and its group; the run ends as interrupted', async () => {
    d = hookDir();
    const stuck = d.script('stuck', `cat >/dev/null; sleep 300 & echo $! > "$D/sleep.pid"; wait`);
    const { hooks } = makeHooks(d, on('PreToolUse', stuck));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'done' }], { hooks });
    const events: AgentEvent[] = [];
    const session = h.session;
    const run = runPrompt(session, 'go', undefined, (e) => events.push(e));
    await expect.poll(() => d.has('sleep.pid')).toBe(true);
    const sleeper = pidIn(join(d.dir, 'sleep.pid'));
    session.runs.abort();
    const all = await run;
    expect(runEnd(all).reason).toBe('aborted');
    await expect.poll(() => alive(sleeper)).toBe(false);
    expect(all.filter((e) => e.type === 'hook')).toEqual([]);
  });

  it('a command that cannot start is one failure line, and the work goes on', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('UserPromptSubmit', join(d.dir, 'missing-script.sh')));
    h = makeHarness([{ text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    expect(events.filter((e) => e.type === 'hook')).toMatchObject([{ outcome: 'failed', message: expect.stringMatching(/exited with code 127: .*No such file/) }]);
  });
});
