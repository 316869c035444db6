// Fault suite, the screen: a storm of resizes while an answer streams leaves a whole, well-fitted transcript.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { keys, renderApp, type AppHarness } from '../components/harness.js';
import { FakeSession, messageEnd, runEnd, ticks } from '../support/fakeSession.js';

let h: AppHarness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

describe('resize storm', () => {
  it('sixty resizes mid-stream: the answer ends whole and every row fits the final width', async () => {
    let release: () => void = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'turn_start', runId: 'r1', turnId: 't1', turn: 1 },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: words.slice(0, 200) },
      { wait: 'promise', promise: paused },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: words.slice(200) },
      messageEnd('r1', 'm1', words),
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, columns: 100, rows: 30 });
    await h.type('go');
    await h.press(keys.enter);
    for (let i = 0; i < 60; i++) await h.resize(20 + ((i * 37) % 120), 8 + ((i * 13) % 40));
    await h.resize(50, 30);
    release();
    await ticks(10);
    const frame = stripVTControlCharacters(h.lastFrame());
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
    const shown = frame.replace(/[^a-z0-9 ]/g, ' ').split(/\s+/);
    expect(shown).toContain('word59');
    expect(shown).toContain('word40');
  });
});
