// Timers for live parts of the screen: spinner frames and a clock, running only while something needs them.
import { useEffect, useState } from 'react';

const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function useTick(active: boolean, intervalMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return tick;
}

/** The current spinner character; it stands still while `active` is false. */
export function useSpinnerFrame(active: boolean): string {
  const tick = useTick(active, 100);
  return spinnerFrames[tick % spinnerFrames.length];
}

/** Date.now(), refreshed every `intervalMs` while `active`. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const tick = useTick(active, intervalMs);
  const [now, setNow] = useState(() => Date.now());
  // Also refresh when the clock becomes active, so a task that just started never shows a stale time.
  useEffect(() => {
    setNow(Date.now());
  }, [tick, active]);
  return now;
}
