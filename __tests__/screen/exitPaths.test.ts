// Every way a full-screen rein process ends gives the terminal back: exit, signals, crashes (checked in child processes).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ALT_ENTER = '\x1b[?1049h';
const ALT_LEAVE = '\x1b[?1049l';
const CURSOR_SHOW = '\x1b[?25h';
const child = fileURLToPath(new URL('./fixtures/fullScreenChild.tsx', import.meta.url));

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The fake terminal's bytes and any crash report, in the order they were written. */
  terminal: string;
}

function runChild(mode: string, signal?: NodeJS.Signals): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, mode], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let terminal = '';
    proc.stderr.on('data', (chunk: Buffer) => (terminal += chunk.toString('utf8')));
    proc.stdout.on('data', (chunk: Buffer) => {
      if (signal && chunk.toString('utf8').includes('READY')) proc.kill(signal);
    });
    proc.on('error', reject);
    proc.on('close', (code, sig) => resolve({ code, signal: sig, terminal }));
  });
}

function expectRestoredAfterFrame(terminal: string): void {
  expect(terminal.startsWith(ALT_ENTER)).toBe(true);
  const frame = terminal.indexOf('child frame');
  expect(frame).toBeGreaterThan(0);
  expect(terminal.indexOf(ALT_LEAVE, frame)).toBeGreaterThan(frame);
  expect(terminal.indexOf(CURSOR_SHOW, frame)).toBeGreaterThan(frame);
  expect(terminal.split(ALT_LEAVE)).toHaveLength(2);
}

describe('terminal restore on every exit path', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)('restores on %s and still dies by that signal', async (sig) => {
    const result = await runChild('signal', sig);
    expectRestoredAfterFrame(result.terminal);
    expect(result.signal).toBe(sig);
  });

  it('restores on process.exit and keeps the exit code', async () => {
    const result = await runChild('exit');
    expectRestoredAfterFrame(result.terminal);
    expect(result.code).toBe(3);
  });

  it.each([
    ['throw', 'child exploded'],
    ['reject', 'child rejected'],
  ])('on a crash (%s) restores first, then reports the error and exits 1', async (mode, message) => {
    const result = await runChild(mode);
    expectRestoredAfterFrame(result.terminal);
    expect(result.code).toBe(1);
    const report = result.terminal.indexOf(message);
    expect(report).toBeGreaterThan(result.terminal.indexOf(ALT_LEAVE));
    expect(result.terminal).toContain('rein stopped on an unexpected error');
  });
});
