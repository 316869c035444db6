// Test stand-ins for a terminal: a TTY stdout that records what was written, and a keyboard in the shape Ink reads.
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';

export class FakeTerminal extends Writable {
  isTTY: boolean;
  columns: number;
  rows: number;
  readonly chunks: string[] = [];

  constructor(columns: number, rows: number, isTTY = true) {
    super();
    this.columns = columns;
    this.rows = rows;
    this.isTTY = isTTY;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk.toString('utf8'));
    done();
  }

  output(): string {
    return this.chunks.join('');
  }

  asStream(): NodeJS.WriteStream {
    return this as unknown as NodeJS.WriteStream;
  }
}

/** Keyboard stand-in in the shape Ink reads: a TTY that tracks raw mode. */
export class FakeKeyboard extends EventEmitter {
  readonly isTTY = true;
  isRaw = false;
  private queue: string[] = [];

  setRawMode(on: boolean): this {
    this.isRaw = on;
    return this;
  }
  setEncoding(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  read(): string | null {
    return this.queue.shift() ?? null;
  }
  type(text: string): void {
    this.queue.push(text);
    this.emit('readable');
  }
  asStream(): NodeJS.ReadStream {
    return this as unknown as NodeJS.ReadStream;
  }
}
