// Items read back from the log go above the transcript and stay there as new output arrives.
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { prependEarlier } from '../../source/store/earlier.js';
import { initialState, limits, type AppState } from '../../source/store/state.js';
import { FakeSession, messageEnd, runEnd } from '../support/fakeSession.js';

const run = (i: number) => [
  { type: 'run_start' as const, sessionId: 's1', runId: `old_${i}`, prompt: `old prompt ${i}` },
  messageEnd(`old_${i}`, `old_msg_${i}`, `old answer ${i}`),
  runEnd(`old_${i}`, 'done'),
];

describe('prependEarlier', () => {
  it('puts the older items first and grows the cap by as many, so later output trims none of them', () => {
    let state: AppState = initialState(new FakeSession().info);
    for (let i = 0; i < limits.maxItems - 10; i++) state = applyEvent(state, { type: 'warning', message: `new ${i}` });
    state = prependEarlier(state, Array.from({ length: 10 }, (_, i) => run(i)).flat(), ['Line 3 could not be read.']);
    expect(state.transcript).toHaveLength(limits.maxItems + 11);
    expect(state.transcript[0]).toMatchObject({ kind: 'notice', level: 'warning', text: 'Line 3 could not be read.' });
    expect(state.transcript[1]).toMatchObject({ kind: 'user', text: 'old prompt 0' });
    for (let i = 0; i < 10; i++) state = applyEvent(state, { type: 'warning', message: `later ${i}` });
    expect(state.trimmedCount).toBe(0);
    expect(state.transcript[1]).toMatchObject({ kind: 'user', text: 'old prompt 0' });
    // Ids stay unique: the older page's notices are numbered after the newer ones.
    expect(new Set(state.transcript.map((item) => item.id)).size).toBe(state.transcript.length);
    // Beyond the grown cap the oldest go as before.
    for (let i = 0; i < 12; i++) state = applyEvent(state, { type: 'warning', message: `more ${i}` });
    expect(state.trimmedCount).toBe(12);
  });

  it('shows a run that goes on past the page as finished, with what it had', () => {
    const state = prependEarlier(initialState(new FakeSession().info), run(0).slice(0, 2));
    expect(state.transcript.every((item) => item.done)).toBe(true);
    expect(state.running).toBe(false);
  });
});
