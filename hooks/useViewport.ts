// Scroll position of the transcript, counted in lines above the bottom, anchored while new output arrives.
import { useCallback, useReducer, useRef } from 'react';
import type { ScrollTarget } from './keymap.js';

export interface Viewport {
  /** Lines between the bottom of the view and the end of the transcript; 0 follows new output. */
  offset: number;
  /** True when output arrived below the view since the user scrolled up. */
  unseen: boolean;
  /** `lines` is how far linesUp / linesDown move (default 3). */
  scroll(to: ScrollTarget, lines?: number): void;
}

/** When scrolled, one row shows the scroll marker, so the view holds height − 1 transcript lines. */
function maxOffsetFor(total: number, height: number): number {
  return total > height ? total - (height - 1) : 0;
}

/**
 * `addedAbove` counts lines ever laid out above the old top (a long transcript is laid out lazily upwards):
 * they change the total but not the distance from the bottom, so they never move the view.
 */
export function useViewport(total: number, height: number, addedAbove = 0, width = 0): Viewport {
  // `seen`: the transcript's length below its laid-out top when the view last followed the bottom (or was laid out
  // anew for another width); only lines past it are new output. A message whose lines reflow while it streams,
  // or a spinner row that comes and goes, changes the length without adding anything to read.
  const ref = useRef({ offset: 0, lastTotal: total, lastAbove: addedAbove, unseen: false, seen: total - addedAbove, width });
  const [, render] = useReducer((n: number) => n + 1, 0);
  const state = ref.current;
  // Keep the same lines in view when the transcript grows under a scrolled-up view.
  if (total !== state.lastTotal || addedAbove !== state.lastAbove || width !== state.width) {
    const grownBelow = total - state.lastTotal - (addedAbove - state.lastAbove);
    if (state.offset > 0 && grownBelow > 0 && width === state.width) state.offset += grownBelow;
    if (width !== state.width) state.seen = Math.max(state.seen, total - addedAbove);
    else if (state.offset > 0 && total - addedAbove > state.seen) state.unseen = true;
    state.lastTotal = total;
    state.lastAbove = addedAbove;
    state.width = width;
  }
  const maxOffset = maxOffsetFor(total, height);
  if (state.offset > maxOffset) state.offset = maxOffset;
  if (state.offset === 0) {
    state.unseen = false;
    state.seen = total - addedAbove;
  }

  const scroll = useCallback(
    (to: ScrollTarget, lines = 3) => {
      const s = ref.current;
      const step = to === 'linesUp' || to === 'linesDown' ? lines : Math.max(1, height - 1);
      // Going up is clamped at the next render: the layout may first grow upwards to hold the new view.
      if (to === 'pageUp' || to === 'linesUp') s.offset = Math.min(maxOffsetFor(s.lastTotal, height), s.offset) + step;
      else if (to === 'pageDown' || to === 'linesDown') s.offset = Math.max(0, Math.min(maxOffsetFor(s.lastTotal, height), s.offset) - step);
      else if (to === 'top') s.offset = Number.MAX_SAFE_INTEGER;
      else s.offset = 0;
      if (s.offset === 0) s.unseen = false;
      if (s.offset === 0) s.seen = s.lastTotal - s.lastAbove;
      render();
    },
    [height],
  );
  return { offset: state.offset, unseen: state.unseen, scroll };
}
