// Stray output while full screen: stderr writes and console calls are held back and printed after the terminal is restored.
import React from 'react';
import { Writable } from 'node:stream';
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { renderFullScreen } from '../../components/screen/render.js';
import { holdStrayOutput } from '../../components/screen/strayOutput.js';

class FakeTerminal extends Writable {
  readonly isTTY = true;
  readonly columns = 30;
  readonly rows = 5;
  readonly chunks: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString('utf8'));
    done();
  }
}

const realStderrWrite = process.stderr.write;
const realWarn = console.warn;
afterEach(() => {
  process.stderr.write = realStderrWrite;
  console.warn = realWarn;
});

describe('stray output', () => {
  it('keeps stderr writes and console.warn off the screen and prints them after restore', () => {
    const printed: string[] = [];
    process.stderr.write = ((chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    const term = new FakeTerminal();
    const handle = renderFullScreen(<Text>screen</Text>, { stdout: term as unknown as NodeJS.WriteStream, maxFps: 0, holdStrayOutput: true });
    process.stderr.write('(node) MaxListenersExceededWarning\n');
    console.warn('sdk says %s', 'careful');
    expect(printed).toEqual([]);
    expect(term.chunks.join('')).not.toContain('MaxListeners');
    expect(term.chunks.join('')).not.toContain('careful');

    handle.unmount();
    const out = term.chunks.join('');
    expect(out.lastIndexOf('\x1b[?1049l')).toBeGreaterThan(out.indexOf('screen'));
    expect(printed.join('')).toBe('(node) MaxListenersExceededWarning\nsdk says careful\n');
    expect(console.warn).toBe(realWarn);
  });

  it('puts the original writers back when released and returns what was held per stream', () => {
    const stdoutWrite = process.stdout.write;
    const release = holdStrayOutput();
    process.stdout.write('to stdout\n');
    console.log('logged', 2);
    console.error('failed');
    const held = release();
    expect(held).toEqual({ stdout: 'to stdout\nlogged 2\n', stderr: 'failed\n' });
    expect(process.stdout.write).toBe(stdoutWrite);
  });
});
