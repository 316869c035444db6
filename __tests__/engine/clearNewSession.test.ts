// /clear starts a new session: a new id and a new log; the old log keeps its whole conversation and can be opened again.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { listSessions } from '../../source/sessionLog/listSessions.js';
import { sessionLogPath } from '../../source/sessionLog/records.js';
import { makeHarness, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { makeTempDir } from '../sessionLog/helpers.js';
import { capture, hookDir, makeHooks, on } from '../extensions/hookHelpers.js';

let h: Harness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** What the user typed in request `i`, without the reminders rein adds. */
const typed = (i: number) => userTexts(h!.provider.requests[i]).filter((text) => !text.startsWith('<system-reminder>'));

const firstId = '20261201-100000-cccccc';

/** A session kept on disk as rein keeps one: a lazy log, written from the first message on. */
function setUp(script: Parameters<typeof makeHarness>[0], extra: Partial<Parameters<typeof makeHarness>[1]> = {}) {
  const tmp = makeTempDir();
  cleanups.push(tmp.cleanup);
  const sessionsDir = join(tmp.dir, 'sessions');
  const ws = join(tmp.dir, 'ws');
  mkdirSync(ws);
  const log = SessionLog.create({ sessionsDir, lazy: true, meta: { sessionId: firstId, cwd: ws, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T10:00:00.000Z' } });
  h = makeHarness(script, { sessionsDir, cwd: ws, workspace: ws, sessionId: firstId, log, ...extra });
  return { sessionsDir, ws, session: h.session };
}

describe('/clear', () => {
  it('starts a new session with its own log; the old log keeps its whole history and both are listed', async () => {
    const { sessionsDir, ws, session } = setUp([{ text: 'first answer' }, { text: 'second answer' }, { text: 'old one goes on' }]);
    await runPrompt(session, 'the first task');
    session.conversation.clear();
    const secondId = session.settings.info.sessionId;
    expect(secondId).not.toBe(firstId);
    expect(session.conversation.history()).toEqual([]);

    // The old log is as it was: no empty rewrite was appended to it.
    const old = loadSession(sessionLogPath(sessionsDir, firstId));
    expect(old.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(old.history)).toContain('the first task');
    expect(readFileSync(sessionLogPath(sessionsDir, firstId), 'utf8')).not.toContain('"op":"replace"');
    // Nothing is written for the new session until its first message.
    expect(existsSync(sessionLogPath(sessionsDir, secondId))).toBe(false);

    const events = await runPrompt(session, 'the second task');
    expect(events[0]).toMatchObject({ type: 'session_start', sessionId: secondId, resumed: false });
    expect(typed(1)).toEqual(['the second task']);
    const second = loadSession(sessionLogPath(sessionsDir, secondId));
    expect(JSON.stringify(second.history)).toContain('the second task');
    expect(JSON.stringify(second.history)).not.toContain('the first task');
    expect(listSessions(sessionsDir, { cwd: ws }).map((s) => [s.sessionId, s.firstPrompt])).toEqual([
      [secondId, 'the second task'],
      [firstId, 'the first task'],
    ]);

    // /resume opens the conversation left behind, whole.
    session.conversation.switchSession(firstId);
    await runPrompt(session, 'carry on');
    expect(typed(2)).toEqual(['the first task', 'carry on']);
    expect(h!.invalidRequests).toEqual([]);
  });

  it('SessionEnd "clear" names the session left; SessionStart "clear" the new one', async () => {
    const d = hookDir();
    cleanups.push(d.cleanup);
    const { hooks } = makeHooks(d, { ...on('SessionEnd', capture(d, 'end')), ...on('SessionStart', capture(d, 'start')) });
    const { sessionsDir, session } = setUp([{ text: 'one' }, { text: 'two' }], { hooks });
    await runPrompt(session, 'before');
    session.conversation.clear();
    const secondId = session.settings.info.sessionId;
    expect(secondId).not.toBe(firstId);
    await vi.waitFor(() => expect(d.inputs('end')).toHaveLength(1), { timeout: 20_000 });
    expect(d.inputs('end')[0]).toMatchObject({ reason: 'clear', session_id: firstId, transcript_path: sessionLogPath(sessionsDir, firstId) });
    await runPrompt(session, 'after');
    expect(d.inputs('start').map((i) => [i.source, i.session_id])).toEqual([['startup', firstId], ['clear', secondId]]);
  });

  it('keeps background tasks running across the new session', async () => {
    const { session } = setUp([
      { toolCalls: [{ name: 'bash', input: { command: 'sleep 0.3 && echo bg-finished', run_in_background: true } }] },
      { text: 'started it' },
    ]);
    await runPrompt(session, 'start the job');
    session.conversation.clear();
    await vi.waitFor(() => expect(session.tasks.backgroundTasks()[0]?.status).toBe('exited'), { timeout: 10_000 });
    expect(session.tasks.taskOutput(session.tasks.backgroundTasks()[0].taskId)).toContain('bg-finished');
  });

  it('a session kept in memory only stays so: no log appears for the new one', async () => {
    const tmp = makeTempDir();
    cleanups.push(tmp.cleanup);
    const sessionsDir = join(tmp.dir, 'sessions');
    h = makeHarness([{ text: 'one' }, { text: 'two' }], { sessionsDir, sessionId: firstId });
    await runPrompt(h.session, 'before');
    h.session.conversation.clear();
    await runPrompt(h.session, 'after');
    expect(h.session.conversation.logFile()).toBeUndefined();
    expect(existsSync(sessionLogPath(sessionsDir, h.session.settings.info.sessionId))).toBe(false);
  });
});
