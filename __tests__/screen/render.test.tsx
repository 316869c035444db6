// renderFullScreen against fake terminal streams: alternate screen in, frames through the writer, terminal restored on the way out.

import React, { useEffect, useState } from 'react';
import { Box, Text, useApp, useInput, useStderr, useStdout } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFullScreen, restoreTerminal, type FullScreenHandle } from '../../components/screen/render.js';
import { createEmulator } from './terminalEmulator.js';
import { FakeKeyboard, FakeTerminal } from './fakeTerminal.js';

/** The first Ink render can take seconds on a loaded machine; waiting longer never hides a failure. */
const patience = { timeout: 10_000, interval: 20 };

const ALT_ENTER = '\x1b[?1049h';
const ALT_LEAVE = '\x1b[?1049l';
const CURSOR_SHOW = '\x1b[?25h';

function useSize(): { cols: number; rows: number } {
  const { stdout } = useStdout();
  const [size, setSize] = useState({ cols: stdout.columns, rows: stdout.rows });
  useEffect(() => {
    const onResize = (): void => setSize({ cols: stdout.columns, rows: stdout.rows });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

function Echo(): React.ReactElement {
  const [typed, setTyped] = useState('');
  useInput((input) => setTyped((t) => t + input));
  return <Text>typed:{typed}</Text>;
}

function Framed(): React.ReactElement {
  const { cols, rows } = useSize();
  return (
    <Box flexDirection="column" width={cols} height={rows - 1} borderStyle="single">
      <Text>size {cols}x{rows}</Text>
    </Box>
  );
}

const handles: FullScreenHandle[] = [];
function start(node: React.ReactElement, opts: Parameters<typeof renderFullScreen>[1]): FullScreenHandle {
  const handle = renderFullScreen(node, { maxFps: 0, ...opts });
  handles.push(handle);
  return handle;
}

afterEach(() => {
  for (const handle of handles.splice(0)) handle.unmount();
});

describe('renderFullScreen', () => {
  it('enters the alternate screen, paints the frame through the writer, and restores on unmount', () => {
    const term = new FakeTerminal(40, 10);
    const handle = start(<Text>hello from rein</Text>, { stdout: term.asStream() });
    const out = term.output();
    expect(out.startsWith(ALT_ENTER)).toBe(true);
    expect(out.indexOf('\x1b[?2026h')).toBeGreaterThan(0);
    expect(out).toContain('hello from rein');
    expect(out).not.toContain(ALT_LEAVE);
    // Pastes come marked, so the prompt never reads pasted text as keys.
    expect(out.slice(0, out.indexOf('hello from rein'))).toContain('\x1b[?2004h');

    handle.unmount();
    const after = term.output();
    expect(after.slice(after.indexOf('hello from rein'))).toContain('\x1b[?2004l');
    const leave = after.lastIndexOf(ALT_LEAVE);
    expect(leave).toBeGreaterThan(after.indexOf('hello from rein'));
    expect(after.lastIndexOf(CURSOR_SHOW)).toBeGreaterThan(after.indexOf('hello from rein'));
    expect(after.slice(after.indexOf('hello from rein'))).toContain('\x1b[r');
    const stats = handle.stats();
    expect(stats.bytesWritten).toBe(Buffer.byteLength(after));
    expect(stats.framesWritten).toBe(after.split('\x1b[?2026h').length - 1);
  });

  it('echoes keystrokes in a new frame and leaves raw mode when the terminal is restored', async () => {
    const term = new FakeTerminal(40, 10);
    const keys = new FakeKeyboard();
    const handle = start(<Echo />, { stdout: term.asStream(), stdin: keys.asStream() });
    await vi.waitFor(() => expect(keys.isRaw).toBe(true), patience);
    keys.type('a');
    keys.type('b');
    // Later frames may patch only the changed cells, so read the screen rather than the bytes.
    await vi.waitFor(async () => {
      const emulator = createEmulator(40, 10);
      await emulator.feed(term.output());
      const screen = emulator.screen().join('\n');
      emulator.dispose();
      expect(screen).toContain('typed:ab');
    }, patience);

    // A signal or crash restores while Ink is still mounted: raw mode must go and nothing may follow the restore.
    restoreTerminal();
    expect(keys.isRaw).toBe(false);
    const restored = term.output();
    expect(restored.endsWith(ALT_LEAVE)).toBe(true);
    restoreTerminal();
    handle.unmount();
    expect(term.output()).toBe(restored);
    expect(restored.split(ALT_LEAVE)).toHaveLength(2);
  });

  it('exits on Ctrl+C and restores the terminal before waitUntilExit settles', async () => {
    const term = new FakeTerminal(40, 10);
    const keys = new FakeKeyboard();
    const handle = start(<Echo />, { stdout: term.asStream(), stdin: keys.asStream() });
    await vi.waitFor(() => expect(keys.isRaw).toBe(true), patience);
    keys.type('\x03');
    await handle.waitUntilExit();
    expect(term.output().endsWith(ALT_LEAVE)).toBe(true);
    expect(keys.isRaw).toBe(false);
  });

  it('repaints after a resize from a cleared screen at the new size', async () => {
    const term = new FakeTerminal(30, 8);
    const emulator = createEmulator(30, 8);
    start(<Framed />, { stdout: term.asStream() });
    await vi.waitFor(() => expect(term.output()).toContain('size 30x8'), patience);
    await emulator.feed(term.output());
    const before = term.chunks.length;

    term.columns = 20;
    term.rows = 6;
    emulator.resize(20, 6);
    term.emit('resize');
    await vi.waitFor(() => expect(term.chunks.slice(before).join('')).toContain('size 20x6'), patience);
    const resizeOutput = term.chunks.slice(before).join('');
    expect(resizeOutput).toContain('\x1b[2J');
    await emulator.feed(resizeOutput);
    expect(emulator.screen()).toEqual([
      `┌${'─'.repeat(18)}┐`,
      `│size 20x6${' '.repeat(9)}│`,
      `│${' '.repeat(18)}│`,
      `│${' '.repeat(18)}│`,
      `└${'─'.repeat(18)}┘`,
      '',
    ]);
    emulator.dispose();
  });

  it('restores the terminal when the app exits by itself, before waitUntilExit settles', async () => {
    function QuitsAtOnce(): React.ReactElement {
      const { exit } = useApp();
      useEffect(() => {
        exit();
      }, [exit]);
      return <Text>bye</Text>;
    }
    const term = new FakeTerminal(30, 6);
    const handle = start(<QuitsAtOnce />, { stdout: term.asStream() });
    await handle.waitUntilExit();
    const out = term.output();
    expect(out).toContain('bye');
    expect(out.endsWith(ALT_LEAVE)).toBe(true);
  });

  it('keeps stderr writes off the full screen and prints them after restoring', () => {
    function Warns(): React.ReactElement {
      const { write } = useStderr();
      useEffect(() => {
        write('careful: something odd\n');
      }, [write]);
      return <Text>still here</Text>;
    }
    const printed: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const term = new FakeTerminal(30, 6);
      const handle = start(<Warns />, { stdout: term.asStream() });
      expect(printed.join('')).not.toContain('careful');
      expect(term.output()).toContain('still here');
      handle.unmount();
      expect(printed.join('')).toContain('careful: something odd');
      expect(term.output()).not.toContain('careful');
    } finally {
      spy.mockRestore();
    }
  });

  it('falls back to plain Ink without the alternate screen when stdout is not a terminal', async () => {
    const term = new FakeTerminal(40, 10, false);
    const handle = start(<Text>plain output</Text>, { stdout: term.asStream() });
    // Under CI=true Ink writes the last frame only when it unmounts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    handle.unmount();
    await vi.waitFor(() => expect(term.output()).toContain('plain output'), patience);
    expect(term.output()).not.toContain(ALT_ENTER);
    expect(term.output()).not.toContain(ALT_LEAVE);
  });
});
