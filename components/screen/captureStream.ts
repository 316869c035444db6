// Stand-in stdout/stderr for Ink's debug mode: frames go to a callback, the real terminal's size and resizes show through.

import { EventEmitter } from 'node:events';

// Writes made only of control sequences (Ink's cursor show on unmount) are not frames. An empty write is one:
// Ink's frame is empty while every row is drawn around it (see RowOverlay.setBelow).
const CONTROL_ONLY = /^(?:\x1b\[[0-9;?<>=]*[A-Za-z])+$/;

type WriteCallback = (error?: Error | null) => void;

function chunkText(chunk: unknown): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
  return String(chunk);
}

function pickCallback(a: unknown, b: unknown): WriteCallback | undefined {
  if (typeof a === 'function') return a as WriteCallback;
  if (typeof b === 'function') return b as WriteCallback;
  return undefined;
}

/** Fake TTY stdout handed to Ink: each frame Ink writes goes to `onFrame`, nothing reaches the terminal. */
export class FrameCaptureStream extends EventEmitter {
  readonly isTTY = true;
  readonly writable = true;
  readonly destroyed = false;
  readonly writableEnded = false;
  private closed = false;
  private skipNextFrame = false;

  constructor(
    private readonly terminal: NodeJS.WriteStream,
    private readonly onFrame: (frame: string) => void,
  ) {
    super();
  }

  get columns(): number {
    return this.terminal.columns || 80;
  }

  get rows(): number {
    return this.terminal.rows || 24;
  }

  write(chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
    const text = chunkText(chunk);
    const done = pickCallback(encodingOrCallback, callback);
    // Ink echoes the last frame right after each stderr write, in the very next write.
    if (this.skipNextFrame) this.skipNextFrame = false;
    // An empty write with a callback is Ink's flush on exit, not a frame.
    else if (!this.closed && !CONTROL_ONLY.test(text) && !(text === '' && done)) this.onFrame(text);
    if (done) process.nextTick(done);
    return true;
  }

  end(): this {
    this.closed = true;
    return this;
  }

  /** Stops passing frames on, for writes that arrive after the terminal was restored. */
  close(): void {
    this.closed = true;
  }

  /** Ink repeats the last frame after a stderr write; that repeat is not a new frame. */
  ignoreNextFrame(): void {
    this.skipNextFrame = true;
  }

  getColorDepth(): number {
    return typeof this.terminal.getColorDepth === 'function' ? this.terminal.getColorDepth() : 8;
  }

  hasColors(count?: number): boolean {
    return typeof this.terminal.hasColors === 'function' ? this.terminal.hasColors(count) : true;
  }

  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }

  /** Typed view for APIs that want a process stream; Ink only uses write, size, isTTY and events. */
  asWriteStream(): NodeJS.WriteStream {
    return this as unknown as NodeJS.WriteStream;
  }
}

/** Stand-in stderr: holds what components write there until the terminal is restored, so it never lands on the full screen. */
export class StderrBuffer extends EventEmitter {
  readonly isTTY = false;
  readonly writable = true;
  private readonly chunks: string[] = [];

  constructor(private readonly onWrite: () => void) {
    super();
  }

  write(chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
    this.chunks.push(chunkText(chunk));
    this.onWrite();
    const done = pickCallback(encodingOrCallback, callback);
    if (done) process.nextTick(done);
    return true;
  }

  /** Returns and forgets everything written so far. */
  drain(): string {
    const text = this.chunks.join('');
    this.chunks.length = 0;
    return text;
  }

  asWriteStream(): NodeJS.WriteStream {
    return this as unknown as NodeJS.WriteStream;
  }
}
