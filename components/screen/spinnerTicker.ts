// The clock that turns spinners while nothing else draws: every frame written already shows the spinner as of its
// time, so the ticker waits a whole period after the last frame before it redraws (a streaming answer's frames
// keep it from ever firing).

export interface SpinnerTicker {
  /** Starts ticking every `periodMs` (no-op while running). */
  start(): void;
  /** Stops ticking (no-op while stopped). */
  stop(): void;
  readonly running: boolean;
  /** A frame was written: the next tick is a whole period from now. */
  frameWritten(): void;
}

export function createSpinnerTicker(tick: () => void, periodMs: number): SpinnerTicker {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, periodMs);
      // A turning spinner never keeps the process alive.
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    get running() {
      return timer !== undefined;
    },
    frameWritten() {
      timer?.refresh();
    },
  };
}
