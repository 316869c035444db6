// The model a resumed session goes on with: the newest session_start or model_change in its log, even one before the
// part a resume reads; the header's when the log names none. And the question asked for another directory's session.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarySystemPrompt } from '../../source/engine/compaction/index.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { resumedElsewhere, resumePlace } from '../../source/cli/resumeDirectory.js';
import { parseCliArgs } from '../../source/cli/args.js';
import { resumeDirectoryKey } from '../../hooks/resumeDirectoryKeys.js';
import { makeTempDir, meta, writeSession } from './helpers.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempSessions() {
  const tmp = makeTempDir();
  cleanups.push(tmp.cleanup);
  return path.join(tmp.dir, 'sessions');
}

const key = (overrides: Record<string, boolean> = {}) =>
  ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, ...overrides }) as Parameters<typeof resumeDirectoryKey>[2];

describe('the model of a resumed session', () => {
  it('is the header\'s when the log names no other', () => {
    const dir = tempSessions();
    const log = SessionLog.create({ sessionsDir: dir, meta: meta('s1') });
    log.append({ kind: 'history', op: 'append_text', text: 'hi' });
    expect(loadSession(log.file).model).toBe('claude-test');
  });

  it('is the newest switch, even one older than the events and the compaction a resume reads', () => {
    const dir = tempSessions();
    const log = writeSession(dir, 's2', '/work/project', ['one']);
    log.append({ kind: 'event', event: { type: 'model_change', sessionId: 's2', model: 'the-switched-model' } });
    for (let i = 0; i < 30; i++) log.append({ kind: 'event', event: { type: 'warning', message: `w${i}` } });
    log.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'summary' }] }] });
    log.append({ kind: 'state', todos: [] });
    for (let i = 0; i < 30; i++) log.append({ kind: 'event', event: { type: 'warning', message: `v${i}` } });
    const loaded = loadSession(log.file, { maxEvents: 10 });
    // The switch lies before what was read for the resume.
    expect(loaded.events.some((e) => e.type === 'model_change')).toBe(false);
    expect(loaded.model).toBe('the-switched-model');
  });

  it('is the one the state record after a compaction names, before any older line', () => {
    const dir = tempSessions();
    const log = writeSession(dir, 's6', '/work/project', ['one']);
    log.append({ kind: 'event', event: { type: 'model_change', sessionId: 's6', model: 'an-older-model' } });
    log.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'summary' }] }] });
    log.append({ kind: 'state', todos: [], model: 'the-model-at-compaction' });
    for (let i = 0; i < 30; i++) log.append({ kind: 'event', event: { type: 'warning', message: `v${i}` } });
    expect(loadSession(log.file, { maxEvents: 10 }).model).toBe('the-model-at-compaction');
    // A switch after the compaction is newer still.
    log.append({ kind: 'event', event: { type: 'model_change', sessionId: 's6', model: 'switched-after' } });
    expect(loadSession(log.file, { maxEvents: 10 }).model).toBe('switched-after');
    // A later todo list without a model leaves the compaction's model in force.
    log.close();
    const again = writeSession(dir, 's7', '/work/project', ['one']);
    again.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'summary' }] }] });
    again.append({ kind: 'state', todos: [], model: 'the-model-at-compaction' });
    again.append({ kind: 'state', todos: [{ content: 'a', activeForm: 'A', status: 'pending' }] });
    expect(loadSession(again.file).model).toBe('the-model-at-compaction');
  });

  it('is written by the session after a compaction', async () => {
    const dir = tempSessions();
    const cwd = path.dirname(dir);
    const log = SessionLog.create({ sessionsDir: dir, meta: meta('s8', cwd) });
    const summary = (request: ProviderRequest) => request.system === summarySystemPrompt;
    const h = makeHarness((request) => (summary(request) ? { text: '## Goals\nAnswer.' } : { text: 'done' }), { sessionsDir: dir, cwd, workspace: cwd, sessionId: 's8', log });
    try {
      await runPrompt(h.session, 'first task');
      await runPrompt(h.session, 'second task');
      h.session.settings.setModel('model-b');
      await h.session.runs.compact();
    } finally {
      await h.cleanup();
    }
    const states = readFileSync(log.file, 'utf8').split('\n').filter((line) => line.startsWith('{"kind":"state"'));
    expect(states.length).toBeGreaterThan(0);
    expect(JSON.parse(states.at(-1)!)).toMatchObject({ kind: 'state', model: 'model-b' });
  });
});

describe('--resume of a session from another directory', () => {
  it('is found only for another directory, and not for a fork', () => {
    const dir = tempSessions();
    writeSession(dir, 's3', '/work/there', ['one']).close();
    expect(resumedElsewhere(parseCliArgs(['--resume', 's3']), dir, '/work/there')).toBeUndefined();
    expect(resumedElsewhere(parseCliArgs(['--resume', 's3']), dir, '/work/here')).toEqual({ sessionId: 's3', dir: '/work/there', here: '/work/here' });
    expect(resumedElsewhere(parseCliArgs(['--resume', 's3', '--fork-session']), dir, '/work/here')).toBeUndefined();
  });

  it('moves there, starts fresh or quits as answered; a missing directory is one sentence', async () => {
    const dir = tempSessions();
    const there = path.dirname(dir);
    writeSession(dir, 's4', there, ['one']).close();
    writeSession(dir, 's5', '/no/such/folder', ['one']).close();
    const moved: string[] = [];
    const said: string[] = [];
    const place = (answer: 'there' | 'fresh' | 'quit', id = 's4') =>
      resumePlace({
        args: parseCliArgs(['--resume', id]), sessionsDir: dir, cwd: '/work/here', interactive: true,
        ask: () => Promise.resolve(answer), chdir: (d) => moved.push(d), say: (line) => said.push(line),
      });
    expect(await place('there')).toMatchObject({ resume: 's4' });
    expect(moved).toEqual([there]);
    expect(await place('fresh')).toMatchObject({ resume: undefined });
    expect(said).toEqual([]);
    expect(await place('quit')).toBe('quit');
    expect(moved).toEqual([there]);
    expect(said).toEqual([`To resume session s4 later: cd ${there} && rein --resume s4`]);
    await expect(place('there', 's5')).rejects.toThrow('Session s5 was started in /no/such/folder, which no longer exists; add --fork-session to continue a copy of it here.');
  });

  it('the question\'s keys: Enter picks the selected choice, arrows move, 2 picks at once, Esc and Ctrl+C quit', () => {
    expect(resumeDirectoryKey(0, '', key({ return: true })).choice).toBe('there');
    expect(resumeDirectoryKey(0, '', key({ downArrow: true }))).toEqual({ selected: 1 });
    expect(resumeDirectoryKey(1, '', key({ return: true })).choice).toBe('fresh');
    expect(resumeDirectoryKey(0, '2', key()).choice).toBe('fresh');
    expect(resumeDirectoryKey(0, '', key({ escape: true })).choice).toBe('quit');
    expect(resumeDirectoryKey(0, 'c', key({ ctrl: true })).choice).toBe('quit');
    expect(resumeDirectoryKey(0, 'y', key()).choice).toBeUndefined();
  });
});
