import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { callSignal } from '../../source/util/callSignal.js';

describe('callSignal', () => {
  it('follows the run signal and leaves no listener behind once the call is done', () => {
    const run = new AbortController();
    for (let i = 0; i < 20; i++) callSignal(run.signal).done();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    const live = callSignal(run.signal);
    run.abort();
    expect(live.signal.aborted).toBe(true);
    live.done();
  });

  it('is aborted at once when the run already was', () => {
    const run = new AbortController();
    run.abort();
    expect(callSignal(run.signal).signal.aborted).toBe(true);
  });
});
