// /compact, /memory and /resume in the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../source/memory/store.js';
import { FakeSession, ticks } from '../support/fakeSession.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const notices = (h: AppHarness): string[] =>
  h.bridge.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [i.text] : []));

async function run(h: AppHarness, line: string): Promise<void> {
  await h.type(line);
  await h.press(keys.escape);
  await h.press(keys.enter);
  await ticks();
}

describe('context slash commands', () => {
  let h: AppHarness;
  let root: string | undefined;
  afterEach(() => {
    h.cleanup();
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('/compact passes its instructions to the session and shows the compaction result', async () => {
    const session = new FakeSession();
    h = await renderApp({ session });
    await run(h, '/compact keep the API decisions');
    expect(session.compactions).toEqual(['keep the API decisions']);
    session.emit({ type: 'compaction', level: 'manual', tokensBefore: 50_000, tokensAfter: 9_000 });
    await ticks();
    expect(h.lastFrame()).toMatch(/50[.,]0k|50,000|50000/);
  });

  it('/memory adds, lists by type, shows, deletes and prints the folders', async () => {
    root = mkdtempSync(join(tmpdir(), 'rein-memcmd-'));
    const session = new FakeSession();
    session.memoryStore = new MemoryStore({ root, projectDir: root });
    h = await renderApp({ session, rows: 40 });
    await run(h, '/memory add feedback Always use pnpm for installs');
    expect(notices(h).at(-1)).toMatch(/Saved feedback memory/);
    const [entry] = session.memoryStore.list();
    expect(entry).toMatchObject({ type: 'feedback', body: 'Always use pnpm for installs' });
    await run(h, '/memory');
    expect(notices(h).at(-1)).toContain('feedback:');
    expect(notices(h).at(-1)).toContain(entry.name);
    await run(h, `/memory show ${entry.name}`);
    expect(notices(h).at(-1)).toContain('Always use pnpm for installs');
    await run(h, '/memory path');
    expect(notices(h).at(-1)).toContain(session.memoryStore.globalDir);
    await run(h, `/memory delete ${entry.name}`);
    expect(session.memoryStore.list()).toEqual([]);
    await run(h, '/memory add nonsense text');
    expect(notices(h).at(-1)).toMatch(/Usage: \/memory/);
  });

  it('/resume opens a picker: typing filters by first message, date or branch, Enter switches in place', async () => {
    const session = new FakeSession();
    const summary = (sessionId: string, firstPrompt: string, updatedAt: string, gitBranch?: string) =>
      ({ sessionId, file: '/x', cwd: '/tmp/project', model: 'm', startedAt: updatedAt, updatedAt, firstPrompt, messageCount: 2, gitBranch });
    session.sessions = [
      summary('20261130-090000-aaaaaa', 'fix the login bug', '2026-11-30T09:05:00.000Z', 'main'),
      summary('20261129-080000-bbbbbb', 'write the parser docs', '2026-11-29T08:10:00.000Z', 'docs-branch'),
      summary('20261128-070000-cccccc', 'refactor the cache', '2026-11-28T07:00:00.000Z'),
    ];
    session.savedEvents.set('20261129-080000-bbbbbb', [{ type: 'run_start', sessionId: '20261129-080000-bbbbbb', runId: 'old1', prompt: 'write the parser docs' }]);
    h = await renderApp({ session });
    await run(h, '/resume');
    expect(h.bridge.store.getState().panel).toBe('resume');
    expect(h.lastFrame()).toContain('fix the login bug');
    expect(h.lastFrame()).toContain('refactor the cache');
    await h.type('docs-br');
    await ticks();
    expect(h.lastFrame()).toContain('write the parser docs');
    expect(h.lastFrame()).not.toContain('fix the login bug');
    for (let i = 0; i < 7; i++) await h.press(keys.backspace);
    await h.type('2026-11-28');
    await ticks();
    expect(h.lastFrame()).toContain('refactor the cache');
    expect(h.lastFrame()).not.toContain('write the parser docs');
    for (let i = 0; i < 10; i++) await h.press(keys.backspace);
    await ticks();
    await h.press(keys.down);
    await h.press(keys.enter);
    await ticks();
    expect(session.switched).toEqual(['20261129-080000-bbbbbb']);
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(h.bridge.store.getState().session.sessionId).toBe('20261129-080000-bbbbbb');
    expect(h.bridge.store.getState().transcript.some((i) => i.kind === 'user' && i.text === 'write the parser docs')).toBe(true);
  });

  it('/resume refuses while a run is active, in one line, and Esc closes the picker without switching', async () => {
    const session = new FakeSession();
    session.sessions = [
      { sessionId: '20261130-090000-aaaaaa', file: '/x', cwd: '/tmp/project', model: 'm', startedAt: '2026-11-30T09:00:00Z', updatedAt: '2026-11-30T09:05:00.000Z', firstPrompt: 'fix the login bug', messageCount: 3 },
    ];
    let release!: () => void;
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'busy' }, { wait: 'promise', promise: new Promise<void>((resolve) => (release = resolve)) }, { type: 'run_end', runId: 'r1', reason: 'done', text: '', turns: 1, usage: emptyUsage(), durationMs: 1 });
    h = await renderApp({ session });
    await run(h, 'busy');
    // Esc would stop the run: the command is sent from the completion menu with Enter.
    await h.type('/resume');
    await h.press(keys.enter);
    await ticks();
    expect(h.bridge.store.getState().running).toBe(true);
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(notices(h).at(-1)).toBe('Wait for the running task to finish (or press Esc) before switching sessions.');
    release();
    await h.bridge.idle();
    await run(h, '/resume');
    expect(h.bridge.store.getState().panel).toBe('resume');
    await h.press(keys.escape);
    await ticks();
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(session.switched).toEqual([]);
  });
});
