// The bridge with a real engine session: the turn-limit question (continue / stop) and /resume switching in place.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { sessionLogPath } from '../../source/sessionLog/records.js';
import { validateHistory } from '../../source/engine/history.js';
import { makeHarness, userTexts, type Harness } from '../support/engineHarness.js';
import { makeTempDir, writeSession } from '../sessionLog/helpers.js';
import { FakeSession } from '../support/fakeSession.js';

let h: Harness | undefined;
let bridge: Bridge | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  bridge?.dispose();
  await h?.cleanup();
  for (const cleanup of cleanups.splice(0)) cleanup();
  h = undefined;
  bridge = undefined;
});

const toolsThenAnswer = (calls: number) => (_request: unknown, index: number) =>
  index < calls ? { toolCalls: [{ name: 'glob', input: { pattern: `*.nothing${index}` } }] } : { text: 'All done.' };

const userItems = (b: Bridge) => b.store.getState().transcript.flatMap((i) => (i.kind === 'user' ? [i.text] : []));
const assistantTexts = (b: Bridge) => b.store.getState().transcript.flatMap((i) => (i.kind === 'assistant' ? [i.text] : []));

async function sendAndWait(b: Bridge, text: string): Promise<void> {
  b.send(text);
  await vi.waitFor(() => expect(b.store.getState().running).toBe(false));
  await b.idle();
}

describe('turn limit in the store', () => {
  it('asks at the limit; continuing runs the same task on to its answer without a new user message', async () => {
    h = makeHarness(toolsThenAnswer(3), { maxTurns: 2 });
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    await sendAndWait(bridge, 'explore everything');
    expect(bridge.store.getState().turnLimit).toMatchObject({ turns: 2 });
    expect(h.provider.requests).toHaveLength(2);

    bridge.continueRun();
    expect(bridge.store.getState().turnLimit).toBeUndefined();
    await vi.waitFor(() => expect(assistantTexts(bridge!)).toContain('All done.'));
    await bridge.idle();
    // Two turns before the question, two after it: one more tool call, then the answer.
    expect(h.provider.requests).toHaveLength(4);
    expect(userItems(bridge)).toEqual(['explore everything']);
    expect(userTexts(h.provider.requests[2]).filter((t) => t === 'explore everything')).toHaveLength(1);
    expect(h.invalidRequests).toEqual([]);
    expect(bridge.store.getState().turnLimit).toBeUndefined();
  });

  it('stopping leaves the task stopped: the question goes away and nothing is sent', async () => {
    h = makeHarness(toolsThenAnswer(3), { maxTurns: 2 });
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    await sendAndWait(bridge, 'explore everything');
    expect(bridge.store.getState().turnLimit).toBeDefined();
    bridge.stopAtTurnLimit();
    expect(bridge.store.getState().turnLimit).toBeUndefined();
    bridge.continueRun();
    await bridge.idle();
    expect(h.provider.requests).toHaveLength(2);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('a message sent instead of answering clears the question and runs as usual', async () => {
    h = makeHarness(toolsThenAnswer(2), { maxTurns: 2 });
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    await sendAndWait(bridge, 'explore everything');
    expect(bridge.store.getState().turnLimit).toBeDefined();
    await sendAndWait(bridge, 'just answer');
    expect(bridge.store.getState().turnLimit).toBeUndefined();
    expect(assistantTexts(bridge)).toContain('All done.');
  });
});

describe('switching sessions in place', () => {
  it('shows the picked session, sends its history with the next message, and writes to its log only', async () => {
    const tmp = makeTempDir();
    cleanups.push(tmp.cleanup);
    const sessionsDir = join(tmp.dir, 'sessions');
    const ws = join(tmp.dir, 'ws');
    mkdirSync(ws);
    writeSession(sessionsDir, '20261130-090000-aaaaaa', ws, ['alpha task about parsers']).close();
    const current = SessionLog.create({ sessionsDir, meta: { sessionId: '20261201-100000-bbbbbb', cwd: ws, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T10:00:00.000Z' } });
    h = makeHarness([{ text: 'first answer' }, { text: 'answer in the old session' }], { sessionsDir, cwd: ws, workspace: ws, sessionId: '20261201-100000-bbbbbb', log: current });
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    await sendAndWait(bridge, 'beta task');
    const currentLog = readFileSync(sessionLogPath(sessionsDir, '20261201-100000-bbbbbb'), 'utf8');

    expect(bridge.recentSessions().map((s) => s.sessionId)).toEqual(['20261130-090000-aaaaaa']);
    expect(bridge.switchSession('20261130-090000-aaaaaa')).toBe(true);
    const state = bridge.store.getState();
    expect(state.session.sessionId).toBe('20261130-090000-aaaaaa');
    expect(h.session.settings.info.sessionId).toBe('20261130-090000-aaaaaa');
    expect(userItems(bridge)).toEqual(['alpha task about parsers']);
    expect(JSON.stringify(h.session.conversation.history())).toContain('answer 0');
    expect(JSON.stringify(h.session.conversation.history())).not.toContain('beta task');

    await sendAndWait(bridge, 'and now the tests');
    const request = h.provider.requests[1];
    expect(userTexts(request)).toContain('alpha task about parsers');
    expect(userTexts(request)).toContain('and now the tests');
    expect(userTexts(request).join('\n')).not.toContain('beta task');
    expect(h.invalidRequests).toEqual([]);
    // The old session's log is as it was; the picked one's got the new run.
    expect(readFileSync(sessionLogPath(sessionsDir, '20261201-100000-bbbbbb'), 'utf8')).toBe(currentLog);
    expect(readFileSync(sessionLogPath(sessionsDir, '20261130-090000-aaaaaa'), 'utf8')).toContain('and now the tests');
  });

  it('refuses while a run is active, in one line, and keeps the session', async () => {
    h = makeHarness([{ text: 'slow', hang: true }]);
    writeSession(join(h.home, 'sessions'), '20261130-090000-aaaaaa', h.workspace, ['alpha']).close();
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    const before = h.session.settings.info.sessionId;
    bridge.send('wait forever');
    await vi.waitFor(() => expect(bridge!.store.getState().running).toBe(true));
    expect(bridge.switchSession('20261130-090000-aaaaaa')).toBe(false);
    expect(h.session.settings.info.sessionId).toBe(before);
    const notice = bridge.store.getState().transcript.at(-1);
    expect(notice).toMatchObject({ kind: 'notice', level: 'error' });
    expect(notice && 'text' in notice ? notice.text : '').toMatch(/^Wait for the running task to finish[^\n]*$/);
    bridge.abort();
    await bridge.idle();
  });

  it('says why when the session cannot be opened, and keeps the current one', async () => {
    h = makeHarness([{ text: 'x' }]);
    bridge = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    const before = h.session.settings.info.sessionId;
    expect(bridge.switchSession('nope')).toBe(false);
    expect(h.session.settings.info.sessionId).toBe(before);
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ kind: 'notice', level: 'error', text: expect.stringContaining('No saved session matches "nope"') });
  });

  it('keeps the MCP servers, background tasks and process totals on the status bar, and shows the picked id', () => {
    const session = new FakeSession({ sessionId: 'current' });
    session.taskList = [{ taskId: 'bg1', command: 'npm run watch', status: 'running', startedAt: 1, lastLine: '' }];
    session.usage = { ...session.usage, inputTokens: 1200, outputTokens: 300 };
    session.savedEvents.set('picked', [{ type: 'run_start', sessionId: 'picked', runId: 'old', prompt: 'old prompt' }]);
    bridge = createBridge(session, { schedule: (run) => (run(), () => {}) });
    session.emit({ type: 'mcp_status', sessionId: 'current', servers: [{ name: 'docs', status: 'connected', transport: 'stdio', scope: 'user', toolCount: 3 }] });
    expect(bridge.switchSession('picked')).toBe(true);
    const state = bridge.store.getState();
    expect(state.session.sessionId).toBe('picked');
    expect(state.mcp).toEqual([expect.objectContaining({ name: 'docs', status: 'connected' })]);
    expect(state.tasks).toEqual([expect.objectContaining({ taskId: 'bg1', status: 'running' })]);
    expect(state.usage).toMatchObject({ inputTokens: 1200, outputTokens: 300 });
    expect(state.transcript.some((i) => i.kind === 'user' && i.text === 'old prompt')).toBe(true);
    expect(state.transcript.at(-1)).toMatchObject({ kind: 'notice', text: 'Opened session picked.' });
  });
});
