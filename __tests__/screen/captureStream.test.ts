// The stand-in stdout Ink renders into: only real frames pass, the terminal's size shows through.

import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FrameCaptureStream, StderrBuffer } from '../../components/screen/captureStream.js';

function terminal(columns: number, rows: number): NodeJS.WriteStream {
  return Object.assign(new EventEmitter(), { columns, rows, isTTY: true }) as unknown as NodeJS.WriteStream;
}

describe('FrameCaptureStream', () => {
  it('passes frames on (an empty one too), drops control-only writes and the empty flush on exit, and still calls write callbacks', async () => {
    const frames: string[] = [];
    const capture = new FrameCaptureStream(terminal(80, 24), (f) => frames.push(f));
    capture.write('first frame');
    capture.write('\x1b[?25h');
    capture.write('');
    let called = false;
    capture.write('', () => {
      called = true;
    });
    capture.write(Buffer.from('second\nframe'));
    await new Promise((resolve) => process.nextTick(resolve));
    expect(frames).toEqual(['first frame', '', 'second\nframe']);
    expect(called).toBe(true);
  });

  it('reads the size from the real terminal at each call and stops after close', () => {
    const real = terminal(80, 24);
    const frames: string[] = [];
    const capture = new FrameCaptureStream(real, (f) => frames.push(f));
    real.columns = 100;
    real.rows = 30;
    expect([capture.columns, capture.rows, capture.isTTY]).toEqual([100, 30, true]);
    capture.close();
    capture.write('late frame');
    expect(frames).toEqual([]);
  });

  it('skips the frame echo Ink sends right after a stderr write, and holds stderr text until drained', () => {
    const frames: string[] = [];
    const capture = new FrameCaptureStream(terminal(80, 24), (f) => frames.push(f));
    const stderr = new StderrBuffer(() => capture.ignoreNextFrame());
    stderr.write('warning one\n');
    capture.write('static echo');
    capture.write('next real frame');
    expect(frames).toEqual(['next real frame']);
    expect(stderr.drain()).toBe('warning one\n');
    expect(stderr.drain()).toBe('');
  });
});
