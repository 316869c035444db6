// A long resumed session opens on its newest events; scrolling up reads the older ones from its log, up to the first message.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { resumedState } from '../../source/store/resumed.js';
import { createAppStore } from '../../source/store/store.js';
import type { UserItem } from '../../source/store/state.js';
import { FakeSession, messageEnd, runEnd } from '../support/fakeSession.js';
import { makeTempDir, meta, runStart } from '../sessionLog/helpers.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const runs = 60;
let tmp: ReturnType<typeof makeTempDir>;
let h: AppHarness | undefined;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => {
  h?.cleanup();
  h = undefined;
  tmp.cleanup();
});

/** A log of `runs` exchanges: prompt i, answer i. */
function writeLog(): string {
  const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta('s1') });
  for (let i = 0; i < runs; i++) {
    log.append({ kind: 'event', event: runStart('s1', `run_${i}`, `prompt ${i}`) });
    log.append({ kind: 'event', event: messageEnd(`run_${i}`, `msg_${i}`, `answer ${i}`) });
    log.append({ kind: 'event', event: runEnd(`run_${i}`, 'done') });
  }
  log.close();
  return log.file;
}

async function resume(): Promise<AppHarness> {
  const loaded = loadSession(writeLog(), { maxEvents: 12, wholeRuns: true });
  const session = new FakeSession();
  const store = createAppStore(resumedState(session, loaded.events));
  return renderApp({ session, rows: 20, bridge: { store, earlier: loaded.earlier, earlierPageEvents: 9 } });
}

const prompts = (harness: AppHarness): string[] =>
  harness.bridge.store.getState().transcript.filter((i): i is UserItem => i.kind === 'user').map((i) => i.text);

const all = Array.from({ length: runs }, (_, i) => `prompt ${i}`);

describe('a resumed session longer than what it opens with', () => {
  it('opens on its newest runs only, and Page Up reads earlier pages until the first message is on screen', async () => {
    h = await resume();
    expect(h.lastFrame()).toContain('answer 59');
    expect(prompts(h)).toEqual(all.slice(-4));
    let presses = 0;
    while (!h.lastFrame().includes('❯ prompt 0 ') && presses < 200) {
      await h.press(keys.pageUp);
      presses += 1;
    }
    expect(h.lastFrame()).toContain('❯ prompt 0 ');
    // Every run once, in order: nothing lost or doubled at the page seams.
    expect(prompts(h)).toEqual(all);
    expect(h.bridge.loadEarlier()).toBe(false);
  });

  it('jumps to the very first message with Home, reading everything left at once', async () => {
    h = await resume();
    await h.press(keys.home);
    expect(h.lastFrame()).toContain('❯ prompt 0 ');
    expect(prompts(h)).toEqual(all);
    // Back at the bottom, the newest answer is where it was.
    await h.press(keys.end);
    expect(h.lastFrame()).toContain('answer 59');
  });

  it('reads the earlier part of a session opened in place with /resume', async () => {
    const loaded = loadSession(writeLog(), { maxEvents: 12, wholeRuns: true });
    const session = new FakeSession();
    session.savedEvents.set('s1', loaded.events);
    if (loaded.earlier) session.savedEarlier.set('s1', loaded.earlier);
    session.info = { ...session.info, sessionId: 'other' };
    h = await renderApp({ session, rows: 20, bridge: { earlierPageEvents: 9 } });
    expect(h.bridge.loadEarlier()).toBe(false);
    expect(h.bridge.switchSession('s1')).toBe(true);
    expect(prompts(h)).toEqual(all.slice(-4));
    await h.press(keys.home);
    expect(h.lastFrame()).toContain('❯ prompt 0 ');
    expect(prompts(h)).toEqual(all);
  });

  it('reads nothing earlier once the transcript was cleared', async () => {
    h = await resume();
    h.session.emit({ type: 'conversation_cleared', sessionId: 's2' });
    await h.press(keys.home);
    expect(h.bridge.loadEarlier(true)).toBe(false);
    expect(prompts(h)).toEqual([]);
  });
});
