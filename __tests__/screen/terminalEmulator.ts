// Test helper: a headless xterm that plays back what the writer sent, so tests can read the screen a user would see.

import xterm from '@xterm/headless';
import { stripVTControlCharacters } from 'node:util';

const { Terminal } = xterm;

export interface EmulatedTerminal {
  /** Feeds bytes and resolves once the emulator has parsed them. */
  feed(data: string): Promise<void>;
  resize(cols: number, rows: number): void;
  /** The visible rows as text, trailing spaces trimmed. */
  screen(): string[];
  /** Lines pushed off the top into scrollback (the alternate screen has none). */
  scrollback(): number;
  /** Whether a synchronized-output block is still open. */
  syncOpen(): boolean;
  dispose(): void;
}

export function createEmulator(cols: number, rows: number): EmulatedTerminal {
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  return {
    feed: (data) => new Promise<void>((resolve) => term.write(data, resolve)),
    resize: (c, r) => term.resize(c, r),
    screen() {
      const buffer = term.buffer.active;
      const lines: string[] = [];
      for (let row = 0; row < term.rows; row++) {
        lines.push((buffer.getLine(buffer.baseY + row)?.translateToString(true) ?? '').trimEnd());
      }
      return lines;
    },
    scrollback: () => term.buffer.active.baseY,
    syncOpen: () => term.modes.synchronizedOutputMode,
    dispose: () => term.dispose(),
  };
}

/** The screen a frame should leave on a terminal of `rows` rows: plain text, padded with empty rows. */
export function expectedScreen(frame: string, rows: number): string[] {
  const lines = frame === '' ? [] : frame.split('\n').map((line) => stripVTControlCharacters(line).trimEnd());
  const visible = lines.slice(Math.max(0, lines.length - rows));
  while (visible.length < rows) visible.push('');
  return visible;
}

/** A manual clock and timer queue for the writer's `now` and `schedule` options. */
export class ManualClock {
  private time = 0;
  private timers: Array<{ at: number; fn: () => void }> = [];

  readonly now = (): number => this.time;

  readonly schedule = (fn: () => void, ms: number): void => {
    this.timers.push({ at: this.time + ms, fn });
  };

  pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward, running each due timer at its own moment. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }
}
