// switchSession: another saved log opened in place; its history, todos and log take over, background tasks keep running.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { sessionLogPath } from '../../source/sessionLog/records.js';
import { makeHarness, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { makeTempDir, writeSession } from '../sessionLog/helpers.js';
import { capture, hookDir, makeHooks, on } from '../extensions/hookHelpers.js';

let h: Harness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const oldId = '20261130-090000-aaaaaa';
const currentId = '20261201-100000-bbbbbb';

function setUp(script: Parameters<typeof makeHarness>[0], extra: Partial<Parameters<typeof makeHarness>[1]> = {}) {
  const tmp = makeTempDir();
  cleanups.push(tmp.cleanup);
  const sessionsDir = join(tmp.dir, 'sessions');
  const ws = join(tmp.dir, 'ws');
  mkdirSync(ws);
  const old = writeSession(sessionsDir, oldId, ws, ['the old task']);
  old.append({ kind: 'state', todos: [{ content: 'finish the old task', activeForm: 'Finishing the old task', status: 'in_progress' }] });
  old.close();
  const log = SessionLog.create({ sessionsDir, meta: { sessionId: currentId, cwd: ws, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T10:00:00.000Z' } });
  h = makeHarness(script, { sessionsDir, cwd: ws, workspace: ws, sessionId: currentId, log, ...extra });
  return { sessionsDir, session: h.session };
}

describe('switchSession', () => {
  it('hooks are told the session now open and its log', async () => {
    const d = hookDir();
    cleanups.push(d.cleanup);
    const { hooks } = makeHooks(d, on('UserPromptSubmit', capture(d, 'prompt')));
    const { sessionsDir, session } = setUp([{ text: 'one' }, { text: 'two' }], { hooks });
    await runPrompt(session, 'before');
    session.conversation.switchSession(oldId);
    await runPrompt(session, 'after');
    expect(d.inputs('prompt').map((i) => [i.prompt, i.session_id, i.transcript_path])).toEqual([
      ['before', currentId, sessionLogPath(sessionsDir, currentId)],
      ['after', oldId, sessionLogPath(sessionsDir, oldId)],
    ]);
  });

  it('SessionEnd "resume" ends the session left; SessionStart "resume" opens the one switched to', async () => {
    const d = hookDir();
    cleanups.push(d.cleanup);
    const { hooks } = makeHooks(d, { ...on('SessionEnd', capture(d, 'end')), ...on('SessionStart', capture(d, 'start')) });
    const { session } = setUp([{ text: 'one' }, { text: 'two' }], { hooks });
    await runPrompt(session, 'before');
    session.conversation.switchSession(oldId);
    await vi.waitFor(() => expect(d.inputs('end')).toHaveLength(1), { timeout: 20_000 });
    expect(d.inputs('end')[0]).toMatchObject({ reason: 'resume', session_id: currentId });
    await runPrompt(session, 'after');
    expect(d.inputs('start').map((i) => [i.source, i.session_id])).toEqual([['startup', currentId], ['resume', oldId]]);
  });

  it('takes over the saved history, todos and log; the next request carries that history', async () => {
    const { sessionsDir, session } = setUp([{ text: 'current answer' }, { text: 'old session goes on' }]);
    await runPrompt(session, 'the current task');
    const switched = session.conversation.switchSession(oldId.slice(0, 12));
    expect(switched.sessionId).toBe(oldId);
    expect(switched.events.some((e) => e.type === 'run_start' && e.prompt === 'the old task')).toBe(true);
    expect(session.settings.info.sessionId).toBe(oldId);
    expect(session.conversation.todos()).toEqual([expect.objectContaining({ content: 'finish the old task' })]);

    const events = await runPrompt(session, 'carry on');
    const request = h!.provider.requests[1];
    expect(userTexts(request)).toEqual(expect.arrayContaining(['the old task', 'carry on']));
    expect(JSON.stringify(request.messages)).toContain('answer 0');
    expect(JSON.stringify(request.messages)).not.toContain('the current task');
    expect(h!.invalidRequests).toEqual([]);
    // The run announces itself (resumed) in the log it now writes to; the other log got nothing more.
    expect(events[0]).toMatchObject({ type: 'session_start', sessionId: oldId, resumed: true });
    expect(readFileSync(sessionLogPath(sessionsDir, oldId), 'utf8')).toContain('carry on');
    expect(readFileSync(sessionLogPath(sessionsDir, currentId), 'utf8')).not.toContain('carry on');
  });

  it('leaves the current session as it was when the log cannot be found', async () => {
    const { session } = setUp([{ text: 'x' }]);
    expect(() => session.conversation.switchSession('29990101')).toThrow(/No saved session matches "29990101"/);
    expect(() => session.conversation.switchSession(currentId)).toThrow(/has no messages yet|already open/);
    expect(session.settings.info.sessionId).toBe(currentId);
  });

  it('keeps background tasks running; their news goes to the log now open', async () => {
    const { sessionsDir, session } = setUp([
      { toolCalls: [{ name: 'bash', input: { command: 'sleep 0.3 && echo bg-finished', run_in_background: true } }] },
      { text: 'started it' },
    ]);
    await runPrompt(session, 'start the job');
    expect(session.tasks.backgroundTasks()).toEqual([expect.objectContaining({ status: 'running' })]);
    session.conversation.switchSession(oldId);
    await vi.waitFor(() => expect(session.tasks.backgroundTasks()[0]?.status).toBe('exited'), { timeout: 10_000 });
    expect(session.tasks.taskOutput(session.tasks.backgroundTasks()[0].taskId)).toContain('bg-finished');
    expect(readFileSync(sessionLogPath(sessionsDir, oldId), 'utf8')).toMatch(/"type":"background_task".*"status":"exited"/);
  });
});
