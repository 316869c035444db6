// Writes whole frames to a full-screen terminal, sending only changed rows (or a scroll), one synchronized write per frame, capped in rate.

import { CLEAR_SCREEN, CURSOR_HIDE, RESET_SCROLL_REGION, SYNC_BEGIN, SYNC_END } from './ansi.js';
import { encodePlan, planFrame } from './framePlan.js';

/** Per row, what of it moves when the content scrolls, where that is not the whole row (see ScrollKeys); a missing entry means the whole row. */
export type RowKeys = readonly (string | undefined)[];

export interface FrameWriterOutput {
  write(s: string): unknown;
}

export interface FrameWriterOptions {
  rows: () => number;
  cols: () => number;
  /** Upper bound on frames written per second (default 40); 0 or less writes every frame. */
  maxFps?: number;
  /** Milliseconds clock; injectable so tests control time. */
  now?: () => number;
  /** Runs `fn` after `ms`; injectable so tests control time. */
  schedule?: (fn: () => void, ms: number) => unknown;
}

export interface FrameWriter {
  /**
   * Offers the whole next frame, as its rows or joined by '\n' (rows are kept as given: not changed afterwards by
   * either side); written now if the writer is idle, else at the next tick. `keys`, one per row of `frame` given as
   * rows, say what of a row moves when the content scrolls (a transcript beside a sidebar that stays put).
   */
  render(frame: string | readonly string[], keys?: RowKeys): void;
  /** Writes a frame still waiting for its tick right away. */
  flush(): void;
  /** Clears the screen and repaints everything on the next render (after a resize or foreign output). */
  invalidate(): void;
  /** Stops writing; frames still waiting are dropped. */
  dispose(): void;
}

// Above the ~30 frames a second a stream brings (the store takes streamed text at most every 33 ms): those frames,
// a few milliseconds early or late, are written as they come. At the stream's own rate, every early one would
// wait for a timer and the writes would drift behind the reads. The cap is for bursts of other renders.
const DEFAULT_MAX_FPS = 40;

export function createFrameWriter(out: FrameWriterOutput, opts: FrameWriterOptions): FrameWriter {
  const maxFps = opts.maxFps ?? DEFAULT_MAX_FPS;
  const intervalMs = maxFps > 0 ? 1000 / maxFps : 0;
  const now = opts.now ?? (() => performance.now());
  let cancelTimer: (() => void) | undefined;
  const schedule =
    opts.schedule ??
    ((fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms);
      cancelTimer = () => clearTimeout(timer);
    });

  // What the terminal shows now, one entry per row; undefined means unknown, so repaint from a cleared screen.
  let screen: readonly string[] | undefined;
  let screenKeys: RowKeys | undefined;
  let paintedSize = '';
  let pending: string | readonly string[] | undefined;
  let pendingKeys: RowKeys | undefined;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timerArmed = false;
  let disposed = false;

  // Under a millisecond counts as due: timers are no finer, and a float remainder must not re-arm forever.
  const waitLeft = (): number => {
    const wait = intervalMs - (now() - lastWriteAt);
    return wait < 1 ? 0 : wait;
  };

  const arm = (ms: number): void => {
    timerArmed = true;
    schedule(onTick, ms);
  };

  function onTick(): void {
    timerArmed = false;
    cancelTimer = undefined;
    if (disposed || pending === undefined) return;
    // A flush may have written since this tick was armed; keep the spacing between writes.
    const wait = waitLeft();
    if (wait > 0) arm(wait);
    else writePending();
  }

  function writePending(): void {
    const frame = pending;
    const frameKeys = pendingKeys;
    pending = undefined;
    pendingKeys = undefined;
    if (frame === undefined) return;
    const rows = Math.max(1, opts.rows());
    const size = `${rows}x${opts.cols()}`;
    let prefix = '';
    if (!screen || size !== paintedSize) {
      prefix = CURSOR_HIDE + RESET_SCROLL_REGION + CLEAR_SCREEN;
      screen = new Array<string>(rows).fill('');
      screenKeys = undefined;
      paintedSize = size;
    }
    const lines = typeof frame === 'string' ? (frame === '' ? [] : frame.split('\n')) : asRows(frame);
    const next = fitRows(lines, rows);
    // Keys line up with the rows only as given (not split again at a line break); a taller frame keeps its bottom.
    const nextKeys = frameKeys === undefined || lines !== frame ? undefined : lines.length > rows ? frameKeys.slice(lines.length - rows) : frameKeys;
    const body = encodePlan(planFrame(screen, next, { screen: screenKeys, next: nextKeys }), screen, opts.cols());
    screen = next;
    screenKeys = nextKeys;
    if (prefix === '' && body === '') return;
    out.write(SYNC_BEGIN + prefix + body + SYNC_END);
    lastWriteAt = now();
  }

  return {
    render(frame, keys) {
      if (disposed) return;
      pending = frame;
      pendingKeys = keys;
      if (timerArmed) return;
      const wait = waitLeft();
      if (wait > 0) arm(wait);
      else writePending();
    },
    flush() {
      if (!disposed) writePending();
    },
    invalidate() {
      screen = undefined;
      screenKeys = undefined;
    },
    dispose() {
      disposed = true;
      pending = undefined;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}

/** Exactly `rows` lines of a frame's; a frame taller than the terminal keeps its bottom, like a terminal would. */
function fitRows(lines: readonly string[], rows: number): readonly string[] {
  if (lines.length === rows) return lines;
  const visible = lines.length > rows ? lines.slice(lines.length - rows) : lines.slice();
  while (visible.length < rows) visible.push('');
  return visible;
}

/** The rows as given; a row that holds a line break (never one the overlay composed) is split as a joined frame would be. */
function asRows(frame: readonly string[]): readonly string[] {
  for (const row of frame) if (row.includes('\n')) return frame.join('\n').split('\n');
  return frame;
}
