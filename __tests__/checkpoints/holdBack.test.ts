// The checkpoints' git work waits for the model request to go out: a headless run's first request is not held up by
// git, and the snapshot before a message still lands before any tool may change a file.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionCheckpoints } from '../../source/checkpoints/sessionCheckpoints.js';
import { shadowDirFor } from '../../source/checkpoints/shadowRepo.js';
import type { CheckpointRecord } from '../../source/protocol/checkpoints.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import type { Provider, ProviderEvent } from '../../source/providers/types.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

const sessionId = '20261205-000000-abcdef';
const settings = { enabled: true, maxFileBytes: 100_000, keepDays: 30 };
const dirs: string[] = [];
let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function gitWorkspace(): Promise<string> {
  const ws = tempDir('rein-hold-');
  await execa('git', ['init', '-q'], { cwd: ws });
  writeFileSync(join(ws, 'a.txt'), 'one\n');
  return ws;
}

/** Resolves once `check` holds, or after `boundMs` with its last answer: for showing that something does not happen. */
async function within(boundMs: number, check: () => boolean): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

function headlessCheckpoints(ws: string, home: string, records: CheckpointRecord[]): SessionCheckpoints {
  return new SessionCheckpoints({
    workspace: ws, reinHome: home, sessionsDir: join(home, 'sessions'), sessionId, settings, append: (r) => records.push(r),
    warn: (message) => {
      throw new Error(message);
    },
    now: () => new Date('2026-12-05T00:00:00.000Z'), holdUntilRequest: true,
  });
}

const point = { id: 'run-1', text: 'fix it', sent: 'fix it', historyLength: 0 };

/** A headless session's checkpoints in a fresh git workspace, with a message's snapshot and point queued. */
async function messageQueued() {
  const ws = await gitWorkspace();
  const home = tempDir('rein-hold-home-');
  const records: CheckpointRecord[] = [];
  const checkpoints = headlessCheckpoints(ws, home, records);
  checkpoints.beforeRun();
  checkpoints.addPoint(point);
  return { ws, home, records, checkpoints };
}
const pointCommits = (records: CheckpointRecord[]) => records.flatMap((r) => (r.kind === 'checkpoint' && 'point' in r ? [r.point.commit] : []));

describe('checkpoints held back for the request', () => {
  it('a headless session runs no git until released, then takes the snapshot before the message', async () => {
    const { ws, home, records, checkpoints } = await messageQueued();
    // Without the hold, the shadow repository is made within milliseconds of opening (prime) and the snapshot follows.
    expect(await within(1000, () => existsSync(shadowDirFor(home, ws)))).toBe(false);
    expect(records).toEqual([]);
    checkpoints.release();
    await checkpoints.settled();
    expect(existsSync(join(shadowDirFor(home, ws), 'HEAD'))).toBe(true);
    expect(pointCommits(records)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
  });

  it('waiting for the snapshots lets them run: a run that never reached the model still records its point', async () => {
    const { records, checkpoints } = await messageQueued();
    await checkpoints.settled();
    expect(pointCommits(records)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
  });

  it('the snapshot before a message starts once the request is written, before the model answers', async () => {
    const ws = await gitWorkspace();
    const home = tempDir('rein-hold-home-');
    const shadow = shadowDirFor(home, ws);
    const ref = async () => (await execa('git', [`--git-dir=${shadow}`, 'rev-parse', '--verify', '-q', `refs/sessions/${sessionId}`], { reject: false })).exitCode === 0;
    const seen: boolean[] = [];
    // A model that answers only once the snapshot of the workspace exists: if the snapshot waited for the answer, the
    // run would never end.
    const provider: Provider = {
      name: 'scripted',
      async *stream(request): AsyncGenerator<ProviderEvent> {
        seen.push(await ref());
        request.written?.();
        while (!(await ref())) await new Promise((resolve) => setTimeout(resolve, 10));
        const message = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'seen' }] };
        yield { type: 'text_delta', text: 'seen' };
        yield { type: 'done', message, stopReason: 'end_turn', usage: emptyUsage() };
      },
    };
    h = makeHarness([], { provider, cwd: ws, workspace: ws, sessionId, sessionsDir: join(home, 'sessions'), checkpoints: { settings, reinHome: home } });
    const events = await runPrompt(h.session, 'look');
    expect(events.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'seen' });
    // Held back while the request was being made.
    expect(seen).toEqual([false]);
  });
});
