// /compact, /memory and /resume in the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../source/memory/store.js';
import { FakeSession, ticks } from '../support/fakeSession.js';
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

  it('/resume lists earlier sessions of this directory with how to open one', async () => {
    const session = new FakeSession();
    session.sessions = [
      { sessionId: '20261130-090000-aaaaaa', file: '/x', cwd: '/tmp/project', model: 'm', startedAt: '2026-11-30T09:00:00Z', updatedAt: '2026-11-30T09:05:00.000Z', firstPrompt: 'fix the login bug', messageCount: 3 },
    ];
    h = await renderApp({ session });
    await run(h, '/resume');
    expect(notices(h).at(-1)).toContain('20261130-090000-aaaaaa');
    expect(notices(h).at(-1)).toContain('fix the login bug');
    expect(notices(h).at(-1)).toContain('rein --resume <id>');
  });
});
