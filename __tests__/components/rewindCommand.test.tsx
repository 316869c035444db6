// /rewind in the app: refused in one line while a run is active or without checkpoints; otherwise the panel opens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSession, ticks } from '../support/fakeSession.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const notices = (h: AppHarness): string[] => h.bridge.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [i.text] : []));

class RewindableSession extends FakeSession {
  constructor() {
    super();
    Object.assign(this.conversation, {
      rewindPoints: async () => [{ id: 'r0', text: 'earlier message', at: '2026-12-01T10:00:00.000Z', filesChanged: ['a.txt'], conversation: true }],
      previewRewind: async (pointId: string) => ({ pointId, files: [], handEdited: [], notStored: [] }),
      rewind: async () => ({ restored: [], text: 'earlier message' }),
    });
  }
}

describe('/rewind', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('says in one line that a session without checkpoints has nothing to rewind', async () => {
    h = await renderApp({ session: new FakeSession() });
    await h.type('/rewind');
    await h.press(keys.enter);
    await ticks();
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(notices(h).at(-1)).toMatch(/^This session keeps no checkpoints .*nothing to rewind\.$/);
  });

  it('one Esc on an empty prompt does nothing; a second one soon after opens the panel', async () => {
    h = await renderApp({ session: new RewindableSession() });
    const send = vi.spyOn(h.bridge, 'send');
    await h.press(keys.escape);
    await ticks();
    expect(send).not.toHaveBeenCalled();
    await h.press(keys.escape);
    expect(send).toHaveBeenCalledWith('/rewind');
    await vi.waitFor(() => expect(h.bridge.store.getState().panel).toBe('rewind'));
  });

  it('two Escs read in one chunk (a fast double press) open the panel too', async () => {
    h = await renderApp({ session: new RewindableSession() });
    const send = vi.spyOn(h.bridge, 'send');
    await h.press('\x1b\x1b');
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('/rewind'));
  });

  it('refuses while a run is active; after it, opens the panel, and "conversation only" puts the message back in the prompt', async () => {
    const session = new RewindableSession();
    let release!: () => void;
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'busy' }, { wait: 'promise', promise: new Promise<void>((resolve) => (release = resolve)) }, { type: 'run_end', runId: 'r1', reason: 'done', text: '', turns: 1, usage: emptyUsage(), durationMs: 1 });
    h = await renderApp({ session });
    await h.type('busy');
    await h.press(keys.enter);
    await ticks();
    await h.type('/rewind');
    await h.press(keys.enter);
    await ticks();
    expect(h.bridge.store.getState().panel).toBeUndefined();
    expect(notices(h).at(-1)).toBe('Wait for the running task to finish (or press Esc) before rewinding.');
    release();
    await h.bridge.idle();
    await h.type('/rewind');
    await h.press(keys.escape);
    await h.press(keys.enter);
    await ticks();
    expect(h.bridge.store.getState().panel).toBe('rewind');
    await vi.waitFor(() => expect(h.lastFrame()).toContain('1 file changed since: a.txt'));
    await ticks();
    await h.press(keys.enter);
    await ticks();
    await h.type('2');
    await vi.waitFor(() => expect(h.bridge.store.getState().panel).toBeUndefined());
    await vi.waitFor(() => expect(h.lastFrame()).toContain('❯ earlier message'));
    expect(notices(h).at(-1)).toBe('The message is back in the prompt.');
  });
});
