// performance.now() on the kernel's boot clock, which /proc counts process start times in. The wall clock must not
// come into it: on this machine it was stepped by about 15 s during a bench run, and start-ups came out at -14 s.
import { readFileSync } from 'node:fs';

let offsetMs: number | undefined;

const uptimeMs = (): number => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;

/**
 * Milliseconds since boot minus performance.now(). /proc/uptime ticks in hundredths of a second, so the offset is
 * read at the moment it ticks over, which puts it within a millisecond or so.
 */
export function bootOffsetMs(): number {
  if (offsetMs === undefined) {
    const first = uptimeMs();
    let now = first;
    const deadline = performance.now() + 50;
    while (now === first && performance.now() < deadline) now = uptimeMs();
    offsetMs = now - performance.now();
  }
  return offsetMs;
}

/** A /proc start time (clock ticks since boot) on performance.now()'s clock. */
export const perfTimeOfBootTicks = (ticks: number, ticksPerSecond: number): number => (ticks / ticksPerSecond) * 1000 - bootOffsetMs();
