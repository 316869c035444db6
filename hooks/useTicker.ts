// Timers for live parts of the screen: spinner frames and a clock, running only while something needs them.
import { useEffect, useReducer, useRef, useState } from 'react';
import { spinnerFrameAt, spinnerFrames, spinnerMs } from '../components/view/spinner.js';

function useTick(active: boolean, intervalMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return tick;
}

/**
 * The current spinner character, taken from the clock at render time; it stands still while `active` is false.
 * Its timer re-renders only when nothing else did for a whole frame: while text streams in, those renders
 * already move the spinner on, so it costs no renders of its own.
 */
export function useSpinnerFrame(active: boolean): string {
  const lastRenderAt = useRef(0);
  const frame = useRef(spinnerFrames[0]);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const now = performance.now();
  lastRenderAt.current = now;
  if (active) frame.current = spinnerFrameAt(now);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (performance.now() - lastRenderAt.current >= spinnerMs - 1) bump();
    }, spinnerMs);
    return () => clearInterval(timer);
  }, [active]);
  return frame.current;
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
