// The turn-limit question on screen: Enter continues the same task, Esc leaves it stopped.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSession, runEnd, ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

let h: AppHarness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

function sessionStoppingAtLimit(): FakeSession {
  return new FakeSession().script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'big task' }, runEnd('r1', 'max_turns', { turns: 2 }));
}

describe('turn limit dialog', () => {
  it('asks to continue for as many turns again; Enter continues the run and its answer shows', async () => {
    const session = sessionStoppingAtLimit();
    h = await renderApp({ session });
    await h.type('big task');
    await h.press(keys.enter);
    await ticks();
    expect(h.lastFrame()).toContain('Continue for another 2 turns?');
    await h.press(keys.enter);
    await ticks();
    await h.bridge.idle();
    expect(session.continued).toBe(1);
    expect(session.prompts).toEqual(['big task']);
    expect(h.lastFrame()).not.toContain('Continue for another');
    expect(h.lastFrame()).toContain('continued answer');
  });

  it('Esc stops: the question goes away, nothing is continued, and the prompt takes keys again', async () => {
    const session = sessionStoppingAtLimit();
    h = await renderApp({ session });
    await h.type('big task');
    await h.press(keys.enter);
    await ticks();
    expect(h.lastFrame()).toContain('Continue for another 2 turns?');
    await h.press(keys.escape);
    await ticks();
    expect(h.lastFrame()).not.toContain('Continue for another');
    expect(session.continued).toBe(0);
    await h.type('next');
    await ticks();
    expect(h.lastFrame()).toContain('next');
  });
});
