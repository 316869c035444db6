// /rename: the name goes into the session's log, outlives a resume, and is shown by the listings.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { findSession, listSessions } from '../../source/sessionLog/listSessions.js';
import { runSessionsCommand } from '../../source/cli/sessionsCommand.js';
import { sessionRow } from '../../components/ResumePanel.js';
import { filterSessions } from '../../hooks/resumePickerKeys.js';
import { makeHarness, type Harness } from '../support/engineHarness.js';
import { makeTempDir } from '../sessionLog/helpers.js';

let h: Harness | undefined;
let bridge: Bridge | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  bridge?.dispose();
  await h?.cleanup();
  h = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const notices = (b: Bridge) => b.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [`${i.level}: ${i.text}`] : []));
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

function setUp(persist = true) {
  const tmp = makeTempDir();
  cleanups.push(tmp.cleanup);
  const sessionsDir = join(tmp.dir, 'sessions');
  const ws = join(tmp.dir, 'ws');
  mkdirSync(ws);
  const sessionId = '20261201-100000-dddddd';
  const log = persist ? SessionLog.create({ sessionsDir, lazy: true, meta: { sessionId, cwd: ws, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T10:00:00.000Z' } }) : undefined;
  h = makeHarness([{ text: 'one' }, { text: 'two' }, { text: 'three' }], { sessionsDir, cwd: ws, workspace: ws, sessionId, ...(log ? { log } : {}) });
  bridge = createBridge(h.session, { commands: slashCommands });
  return { sessionsDir, ws, sessionId, bridge };
}

describe('/rename', () => {
  it('names the session in its log; the name outlives a switch away and back, and every listing shows it', async () => {
    const { sessionsDir, ws, sessionId, bridge: b } = setUp();
    b.send('fix the parser');
    await b.idle();
    await b.runCommand('/rename   parser   rewrite ');
    expect(notices(b)).toContain('command: Named this session "parser rewrite".');
    expect(listSessions(sessionsDir, { cwd: ws })[0]).toMatchObject({ sessionId, name: 'parser rewrite', firstPrompt: 'fix the parser' });

    // A new session, then back: the name is read from the log again.
    await b.runCommand('/clear');
    b.send('something else');
    await b.idle();
    expect(b.switchSession(sessionId)).toBe(true);
    await b.runCommand('/rename');
    expect(notices(b).at(-1)).toBe('command: This session is named "parser rewrite". Usage: /rename <name> names this session; /resume and rein sessions list show the name.');
    await b.runCommand('/rename parser, second try');
    expect(findSession(sessionsDir, sessionId)?.name).toBe('parser, second try');

    const listed = listSessions(sessionsDir, { cwd: ws });
    const out: string[] = [];
    runSessionsCommand(['list'], { sessionsDir, cwd: ws, write: (text) => out.push(text) });
    expect(out.join('')).toContain(`${sessionId}  `);
    expect(out.join('')).toContain('parser, second try · fix the parser');
    const named = listed.find((s) => s.sessionId === sessionId)!;
    expect(stripAnsi(sessionRow(named, false, 0))).toContain('parser, second try · fix the parser');
    expect(filterSessions(listed, 'second try').map((s) => s.sessionId)).toEqual([sessionId]);
  });

  it('without a name prints the usage; a session kept in memory cannot be named', async () => {
    const { bridge: b } = setUp(false);
    await b.runCommand('/rename');
    expect(notices(b).at(-1)).toBe('command: Usage: /rename <name> names this session; /resume and rein sessions list show the name.');
    await b.runCommand('/rename my work');
    expect(notices(b).at(-1)).toMatch(/^error: This session is not saved \(it runs in memory only\), so it cannot be named\.$/);
    await b.runCommand(`/rename ${'x'.repeat(81)}`);
    expect(notices(b).at(-1)).toBe('error: A session name is at most 80 characters (this one has 81); give a shorter one.');
  });
});
