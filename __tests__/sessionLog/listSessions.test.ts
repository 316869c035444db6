// Listing saved sessions for the resume picker and finding one by id prefix.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSession, listSessions } from '../../source/sessionLog/listSessions.js';
import { SessionLogError } from '../../source/sessionLog/records.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { makeTempDir, meta, writeSession } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
let sessionsDir: string;
beforeEach(() => {
  tmp = makeTempDir();
  sessionsDir = path.join(tmp.dir, 'sessions');
});
afterEach(() => tmp.cleanup());

const projectA = '/work/a';
const projectB = '/work/b';

/** Writes a session and sets its log's mtime, so order never depends on the clock. */
function session(sessionId: string, cwd: string, prompts: string[], updated: string): void {
  const log = writeSession(sessionsDir, sessionId, cwd, prompts);
  fs.utimesSync(log.file, new Date(updated), new Date(updated));
}

function fixture(): void {
  session('20261101-090000-aaaaaa', projectA, ['oldest task'], '2026-11-01T09:00:00.000Z');
  session('20261102-090000-bbbbbb', projectB, ['fix the build', 'and the tests'], '2026-11-05T09:00:00.000Z');
  session('20261103-090000-cccccc', projectA, ['add a flag', 'document it', 'ship it'], '2026-11-04T09:00:00.000Z');
  session('20261104-090000-dddddd', projectA, [], '2026-11-03T09:00:00.000Z');
  // Not sessions: a folder with only saved outputs, a log with no header, a stray file.
  fs.mkdirSync(path.join(sessionsDir, '20261105-090000-eeeeee', 'outputs'), { recursive: true });
  fs.mkdirSync(path.join(sessionsDir, '20261106-090000-ffffff'));
  fs.writeFileSync(path.join(sessionsDir, '20261106-090000-ffffff', 'log.jsonl'), 'not a header\n');
  fs.writeFileSync(path.join(sessionsDir, 'stray.txt'), 'x');
}

describe('listSessions', () => {
  it('lists sessions newest first by log mtime with their first prompt and prompt count', () => {
    fixture();
    const all = listSessions(sessionsDir);
    // dddddd was opened and left without a prompt: nothing to resume, so it is not listed.
    expect(all.map((s) => s.sessionId)).toEqual(['20261102-090000-bbbbbb', '20261103-090000-cccccc', '20261101-090000-aaaaaa']);
    expect(all[0]).toEqual({
      sessionId: '20261102-090000-bbbbbb',
      file: path.join(sessionsDir, '20261102-090000-bbbbbb', 'log.jsonl'),
      cwd: projectB,
      model: 'claude-test',
      startedAt: meta('x').startedAt,
      updatedAt: '2026-11-05T09:00:00.000Z',
      firstPrompt: 'fix the build',
      messageCount: 2,
    });
    expect(all.map((s) => [s.firstPrompt, s.messageCount])).toEqual([['fix the build', 2], ['add a flag', 3], ['oldest task', 1]]);
  });

  it('filters by the directory a session started in and stops at the limit', () => {
    fixture();
    expect(listSessions(sessionsDir, { cwd: projectA }).map((s) => s.sessionId)).toEqual([
      '20261103-090000-cccccc', '20261101-090000-aaaaaa',
    ]);
    expect(listSessions(sessionsDir, { cwd: `${projectB}/` }).map((s) => s.sessionId)).toEqual(['20261102-090000-bbbbbb']);
    expect(listSessions(sessionsDir, { cwd: projectA, limit: 2 }).map((s) => s.sessionId)).toEqual(['20261103-090000-cccccc', '20261101-090000-aaaaaa']);
    expect(listSessions(sessionsDir, { limit: 1 }).map((s) => s.sessionId)).toEqual(['20261102-090000-bbbbbb']);
  });

  it('finds the first prompt past earlier records and counts prompts appended after a resume', () => {
    const id = '20261107-090000-abcdef';
    const log = SessionLog.create({ sessionsDir, meta: meta(id, projectA) });
    log.append({ kind: 'history', op: 'append_text', text: 'x'.repeat(10_000) });
    log.append({ kind: 'event', event: { type: 'run_start', sessionId: id, runId: 'r1', prompt: 'after a long line' } });
    log.close();
    const again = SessionLog.reopen(log.file);
    again.append({ kind: 'event', event: { type: 'run_start', sessionId: id, runId: 'r2', prompt: 'resumed' } });
    expect(listSessions(sessionsDir)).toMatchObject([{ sessionId: id, firstPrompt: 'after a long line', messageCount: 2 }]);
  });

  it('never offers an empty session as the newest one to continue', () => {
    fixture();
    session('20261108-090000-eeeeee', projectA, [], '2026-11-09T09:00:00.000Z');
    expect(listSessions(sessionsDir, { cwd: projectA, limit: 1, countMessages: false }).map((s) => s.sessionId)).toEqual(['20261103-090000-cccccc']);
  });

  it('returns an empty list when no session was ever saved', () => {
    expect(listSessions(path.join(tmp.dir, 'missing'))).toEqual([]);
  });
});

describe('findSession', () => {
  it('finds a session by full id or unique prefix', () => {
    fixture();
    expect(findSession(sessionsDir, '20261103-090000-cccccc')?.firstPrompt).toBe('add a flag');
    expect(findSession(sessionsDir, '20261102')?.sessionId).toBe('20261102-090000-bbbbbb');
  });

  it('counts prompts unless told not to (resuming needs only the file)', () => {
    fixture();
    expect(findSession(sessionsDir, '20261103-090000-cccccc')?.messageCount).toBe(3);
    expect(findSession(sessionsDir, '20261103-090000-cccccc', { countMessages: false })).toMatchObject({ messageCount: 0, firstPrompt: 'add a flag' });
    expect(listSessions(sessionsDir, { limit: 1, countMessages: false })[0].messageCount).toBe(0);
  });

  it('throws on an ambiguous prefix, naming the candidates', () => {
    fixture();
    const attempt = () => findSession(sessionsDir, '202611');
    expect(attempt).toThrow(SessionLogError);
    expect(attempt).toThrow(/matches 4 sessions .*20261101-090000-aaaaaa.*type more of the id/);
  });

  it('skips empty sessions when matching a prefix, and says so for the exact id of one', () => {
    fixture();
    // 20261104 is shared by the empty session dddddd and nothing else.
    session('20261104-100000-gggggg', projectA, ['the real one'], '2026-11-02T09:00:00.000Z');
    expect(findSession(sessionsDir, '20261104')?.sessionId).toBe('20261104-100000-gggggg');
    expect(() => findSession(sessionsDir, '20261104-090000-dddddd')).toThrow(/has no messages yet/);
  });

  it('returns undefined when nothing matches and throws when the only match has no header', () => {
    fixture();
    expect(findSession(sessionsDir, '2027')).toBeUndefined();
    expect(findSession(sessionsDir, '')).toBeUndefined();
    expect(findSession(path.join(tmp.dir, 'missing'), '2026')).toBeUndefined();
    expect(() => findSession(sessionsDir, '20261106')).toThrow(/has no valid header/);
  });
});
