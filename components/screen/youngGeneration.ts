// Keeps V8's young generation small in a long session. V8 doubles it (up to 16 MB a semi-space on 64-bit) as
// objects keep surviving scavenges, and a busy process never gets it back, so resident memory grows over a long
// session. Smaller semi-spaces cost no speed here: rendering garbage dies young, and the scavenges of a streamed
// answer take less main-thread time with small semi-spaces than with V8's growth.
// Node offers no runtime switch for the size limit, but V8 reads its growth factor at every resize: once the
// young generation has reached the cap, a factor of 1 keeps it there.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Bytes of V8's new space (both semi-spaces) now. */
export function newSpaceBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Stops the young generation from growing past `semiSpaceMb` per semi-space, checked after garbage collections.
 * Returns a function that stops watching (the cap stays once set).
 */
export function capYoungGeneration(semiSpaceMb = 2): () => void {
  // A scavenge of a few megabytes is over before helper threads would have joined in: one thread does it
  // with less CPU in all. V8 reads this flag at every scavenge.
  try {
    setFlagsFromString('--no-parallel-scavenge');
  } catch {
    // Kept as it is.
  }
  // new_space counts both semi-spaces.
  const limit = 2 * semiSpaceMb * 1024 * 1024;
  let observer: PerformanceObserver | undefined;
  const check = (): boolean => {
    if (newSpaceBytes() < limit) return false;
    try {
      setFlagsFromString('--semi-space-growth-factor=1');
    } catch {
      // A runtime without the flag keeps V8's own sizing.
    }
    observer?.disconnect();
    observer = undefined;
    return true;
  };
  if (check()) return () => undefined;
  observer = new PerformanceObserver(() => void check());
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer?.disconnect();
    observer = undefined;
  };
}
