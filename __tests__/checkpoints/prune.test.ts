// Checkpoints older than checkpoints.keepDays go when rein starts: shadow commits by date, file copies by folder age.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionCheckpoints, type CheckpointRecord } from '../../source/checkpoints/sessionCheckpoints.js';
import { shadowDirFor } from '../../source/checkpoints/shadowRepo.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), label));
  dirs.push(dir);
  return dir;
};

const settings = { enabled: true, maxFileBytes: 1_000_000, keepDays: 30 };
const jan = new Date('2026-01-10T00:00:00.000Z');
const mar = new Date('2026-03-01T00:00:00.000Z');
const feb = new Date('2026-02-05T00:00:00.000Z');

function open(workspace: string, home: string, sessionId: string, now: Date, logFile?: string) {
  const warnings: string[] = [];
  const records: CheckpointRecord[] = [];
  const checkpoints = new SessionCheckpoints({
    workspace, reinHome: home, sessionsDir: join(home, 'sessions'), sessionId, settings, logFile,
    append: (record) => records.push(record), warn: (message) => warnings.push(message), now: () => now,
  });
  return { checkpoints, warnings, records };
}

async function refs(workspace: string, home: string): Promise<string[]> {
  const out = await execa('git', [`--git-dir=${shadowDirFor(home, workspace)}`, 'for-each-ref', '--format=%(refname)'], { env: { GIT_DIR: undefined } });
  return out.stdout.split('\n').filter(Boolean);
}

describe('pruning checkpoints at start', () => {
  it('drops the shadow commits of sessions older than keepDays and keeps the recent ones', async () => {
    const ws = temp('rein-prune-ws-');
    const home = temp('rein-prune-home-');
    await execa('git', ['init', '-q'], { cwd: ws });
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const old = open(ws, home, 'old-session', jan);
    old.checkpoints.beforeRun();
    old.checkpoints.addPoint({ id: 'run-old', text: 'old message', sent: 'old message', historyLength: 0 });
    await old.checkpoints.settled();
    const recent = open(ws, home, 'recent-session', feb);
    writeFileSync(join(ws, 'a.txt'), 'b\n');
    recent.checkpoints.beforeRun();
    await recent.checkpoints.settled();
    expect(await refs(ws, home)).toEqual(['refs/sessions/old-session', 'refs/sessions/recent-session']);

    const later = open(ws, home, 'new-session', mar);
    await later.checkpoints.settled();
    expect(await refs(ws, home)).toEqual(['refs/sessions/recent-session']);
    expect(existsSync(join(shadowDirFor(home, ws), 'indexes', 'old-session'))).toBe(false);
    expect([...old.warnings, ...recent.warnings, ...later.warnings]).toEqual([]);

    // The old session resumed: its message is listed, and choosing its files says in one sentence why they cannot go back.
    const log = join(home, 'old.jsonl');
    writeFileSync(log, old.records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const resumed = open(ws, home, 'old-session', mar, log);
    const points = await resumed.checkpoints.list([]);
    expect(points.map((p) => [p.text, p.filesChanged])).toEqual([['old message', []]]);
    await expect(resumed.checkpoints.preview('run-old')).rejects.toThrow(/^No checkpoint of the files is kept for that message .*only the conversation can go back\.$/);
    expect(resumed.warnings).toEqual([]);
  });

  it('outside git, removes other sessions\' copies older than keepDays', async () => {
    const ws = temp('rein-prune-plain-');
    const home = temp('rein-prune-home-');
    const stale = join(home, 'sessions', 'stale-session', 'checkpoints');
    const fresh = join(home, 'sessions', 'fresh-session', 'checkpoints');
    mkdirSync(stale, { recursive: true });
    mkdirSync(fresh, { recursive: true });
    utimesSync(stale, jan, jan);
    utimesSync(fresh, feb, feb);
    const { checkpoints } = open(ws, home, 'new-session', mar);
    await checkpoints.settled();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
