// Scroll position of the transcript, counted in lines above the bottom, anchored while new output arrives.
import { useCallback, useReducer, useRef } from 'react';
import type { ScrollTarget } from './keymap.js';

export interface Viewport {
  /** Lines between the bottom of the view and the end of the transcript; 0 follows new output. */
  offset: number;
  /** True when output arrived below the view since the user scrolled up. */
  unseen: boolean;
  scroll(to: ScrollTarget): void;
}

/** When scrolled, one row shows the scroll marker, so the view holds height − 1 transcript lines. */
function maxOffsetFor(total: number, height: number): number {
  return total > height ? total - (height - 1) : 0;
}

export function useViewport(total: number, height: number): Viewport {
  const ref = useRef({ offset: 0, lastTotal: total, unseen: false });
  const [, render] = useReducer((n: number) => n + 1, 0);
  const state = ref.current;
  // Keep the same lines in view when the transcript grows under a scrolled-up view.
  if (total !== state.lastTotal) {
    if (state.offset > 0 && total > state.lastTotal) {
      state.offset += total - state.lastTotal;
      state.unseen = true;
    }
    state.lastTotal = total;
  }
  const maxOffset = maxOffsetFor(total, height);
  if (state.offset > maxOffset) state.offset = maxOffset;
  if (state.offset === 0) state.unseen = false;

  const scroll = useCallback(
    (to: ScrollTarget) => {
      const s = ref.current;
      const page = Math.max(1, height - 1);
      const max = maxOffsetFor(s.lastTotal, height);
      if (to === 'pageUp') s.offset = Math.min(max, s.offset + page);
      else if (to === 'pageDown') s.offset = Math.max(0, s.offset - page);
      else if (to === 'top') s.offset = max;
      else s.offset = 0;
      if (s.offset === 0) s.unseen = false;
      render();
    },
    [height],
  );
  return { offset: state.offset, unseen: state.unseen, scroll };
}
