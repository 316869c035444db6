// The spinner's ticker redraws only when no frame was written for a whole period.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSpinnerTicker } from '../../components/screen/spinnerTicker.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('spinner ticker', () => {
  it('ticks every period while no frame is written', () => {
    let ticks = 0;
    const ticker = createSpinnerTicker(() => ticks++, 125);
    ticker.start();
    vi.advanceTimersByTime(500);
    expect(ticks).toBe(4);
    ticker.stop();
    vi.advanceTimersByTime(500);
    expect(ticks).toBe(4);
    expect(ticker.running).toBe(false);
  });

  it('never ticks while frames come more often than the period, and ticks again a period after the last one', () => {
    let ticks = 0;
    const ticker = createSpinnerTicker(() => ticks++, 125);
    ticker.start();
    // A stream's frames, 33 ms apart, for two seconds.
    for (let t = 0; t < 2_000; t += 33) {
      vi.advanceTimersByTime(33);
      ticker.frameWritten();
    }
    expect(ticks).toBe(0);
    vi.advanceTimersByTime(124);
    expect(ticks).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ticks).toBe(1);
    ticker.stop();
  });

  it('starting twice keeps one timer', () => {
    let ticks = 0;
    const ticker = createSpinnerTicker(() => ticks++, 100);
    ticker.start();
    ticker.start();
    vi.advanceTimersByTime(300);
    expect(ticks).toBe(3);
    ticker.stop();
  });
});

describe('spinner slots', () => {
  it('fills the slots of the rows that hold one and hands back the same rows when none does', async () => {
    const { fillSpinnerSlots, SPINNER_SLOT, spinnerFrameAt } = await import('../../components/view/spinner.js');
    const plain = Object.freeze(['a', 'b']);
    expect(fillSpinnerSlots(plain, 0)).toBe(plain);
    const rows = Object.freeze(['top', `${SPINNER_SLOT} working ${SPINNER_SLOT}`, 'bottom']);
    const filled = fillSpinnerSlots(rows, 250);
    const glyph = spinnerFrameAt(250);
    expect(filled).toEqual(['top', `${glyph} working ${glyph}`, 'bottom']);
    expect(filled[0]).toBe(rows[0]);
    expect(rows[1]).toContain(SPINNER_SLOT);
  });
});
