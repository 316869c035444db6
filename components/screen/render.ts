// Runs an Ink app on the alternate screen through the frame writer, and restores the terminal on every way out.

import { createElement, type ReactElement } from 'react';
import { render as inkRender } from 'ink';
import {
  ALT_SCREEN_ENTER,
  ALT_SCREEN_LEAVE,
  BRACKETED_PASTE_OFF,
  BRACKETED_PASTE_ON,
  AUTOWRAP_OFF,
  AUTOWRAP_ON,
  CURSOR_HIDE,
  CURSOR_SHOW,
  FOCUS_REPORTS_OFF,
  FOCUS_REPORTS_ON,
  MOUSE_REPORTS_OFF,
  MOUSE_REPORTS_ON,
  RESET_SCROLL_REGION,
  RESET_STYLE,
} from './ansi.js';
import { FrameCaptureStream, StderrBuffer } from './captureStream.js';
import { createFrameWriter } from './frameWriter.js';
import { createRowOverlay, RowOverlayContext } from './rowOverlay.js';
import { fillSpinnerSlots, spinnerMs } from '../view/spinner.js';
import { createSpinnerTicker } from './spinnerTicker.js';
import { holdStrayOutput, type HeldOutput } from './strayOutput.js';
import { guardTerminal, restoreAllTerminals } from './terminalGuard.js';
import { TerminalHandoverContext, type TerminalHandover } from '../../hooks/terminalHandover.js';
import { handOver } from './handover.js';

export interface FullScreenOptions {
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  /** Upper bound on frames written per second (default 40 full screen, Ink's own 30 when not a terminal). */
  maxFps?: number;
  /** Let Ink exit on Ctrl+C (default true); turn off when the app gives Ctrl+C its own meaning. */
  exitOnCtrlC?: boolean;
  /**
   * Keep writes to process.stdout/stderr and console calls made outside the app off the screen, and print
   * them once the terminal is restored (default: when the terminal is process.stdout).
   */
  holdStrayOutput?: boolean;
  /** Ask the terminal for mouse reports (the app acts on wheel notches; default false). Turned off on every way out. */
  mouse?: boolean;
  /** Ask the terminal for focus reports (DECSET 1004; default false). Turned off on every way out. */
  focusReports?: boolean;
  /** Told each frame as it is written (rows joined by '\n'), for checks of what reached the terminal against a fresh paint. */
  onFrameWritten?: (frame: string) => void;
}

export interface FullScreenStats {
  /** Bytes sent to the terminal, control sequences included. */
  bytesWritten: number;
  /** Frame writes (one synchronized write each). */
  framesWritten: number;
  /** Frames Ink rendered (each a React commit laid out by Ink). */
  inkFrames: number;
  /** Redraws of the rows above Ink's frame that took no Ink render. */
  repaints: number;
  /** Rows in Ink's last frame (the rest of the screen was drawn from ready-made rows). */
  inkRows: number;
}

export interface FullScreenHandle {
  unmount(): void;
  /** Settles once the app has exited and the terminal is restored. */
  waitUntilExit(): Promise<void>;
  stats(): FullScreenStats;
  /** Writes a bell or notification sequence between frames (never into one); nothing once the terminal is restored. */
  alert(sequence: string): void;
}

const ENTER = ALT_SCREEN_ENTER + CURSOR_HIDE + AUTOWRAP_OFF + BRACKETED_PASTE_ON;
const LEAVE = RESET_STYLE + RESET_SCROLL_REGION + AUTOWRAP_ON + CURSOR_SHOW + BRACKETED_PASTE_OFF + ALT_SCREEN_LEAVE;

/** Gives the terminal back (main screen, cursor, cooked input) for every full-screen app still running; harmless to repeat. */
export function restoreTerminal(): void {
  restoreAllTerminals();
}

/** Renders `node` full screen; falls back to plain Ink when stdout is not a terminal. */
export function renderFullScreen(node: ReactElement, opts: FullScreenOptions = {}): FullScreenHandle {
  const terminal = opts.stdout ?? process.stdout;
  const stdin = opts.stdin ?? process.stdin;
  if (terminal.isTTY !== true) return renderPlain(node, terminal, stdin, opts);

  const stats: FullScreenStats = { bytesWritten: 0, framesWritten: 0, inkFrames: 0, repaints: 0, inkRows: 0 };
  // Bound before stray output is held, so frames still reach the terminal when it is process.stdout.
  const terminalWrite = terminal.write.bind(terminal);
  const send = (text: string): void => {
    stats.bytesWritten += Buffer.byteLength(text);
    terminalWrite(text);
  };
  let releaseStray: (() => HeldOutput) | undefined;
  // While the frame holds spinner slots, a ticker redraws it on the spinner's clock (the writer sends only changed cells).
  const spinner = createSpinnerTicker(() => {
    // The status line's clock moves once a second: then the frame is composed again (one changed row).
    if (overlay.liveRowChanged()) compose();
    else if (lastFrame !== undefined) offer(fillSpinnerSlots(lastFrame, performance.now()));
  }, spinnerMs);
  // The writer always writes the frame it was offered last (a waiting one is replaced, never queued).
  let offered: readonly string[] = [];
  const writer = createFrameWriter(
    {
      write: (text: string) => {
        // While another program has the terminal, frames are dropped; the whole screen is painted again on return.
        if (suspended) return;
        stats.framesWritten += 1;
        send(text);
        opts.onFrameWritten?.(offered.join('\n'));
        spinner.frameWritten();
      },
    },
    { rows: () => terminal.rows || 24, cols: () => terminal.columns || 80, maxFps: opts.maxFps },
  );

  // Ink's last frame as Ink wrote it, and the rows of the composed frame last offered to the writer.
  let inkFrame: string | undefined;
  let lastFrame: readonly string[] | undefined;
  let framesSeen = 0;
  const offer = (frame: readonly string[]): void => {
    offered = frame;
    writer.render(frame, overlay.scrollKeys());
  };
  const show = (frame: readonly string[]): void => {
    const filled = fillSpinnerSlots(frame, performance.now());
    offer(filled);
    // A new array means a row held a spinner slot.
    if (filled !== frame) spinner.start();
    else spinner.stop();
  };
  const compose = (): void => {
    if (inkFrame === undefined) return;
    lastFrame = overlay.applyRows(inkFrame);
    show(lastFrame);
  };
  const overlay = createRowOverlay(
    () => {
      stats.repaints += 1;
      compose();
    },
    () => {
      writer.invalidate();
      compose();
      writer.flush();
    },
  );
  const capture = new FrameCaptureStream(terminal, (text) => {
    // Ink's debug output is static output plus the frame; static output ends in a newline of its own.
    inkFrame = text.endsWith('\n') ? text.slice(0, -1) : text;
    framesSeen += 1;
    stats.inkFrames = framesSeen;
    compose();
  });
  const stderr = new StderrBuffer(() => capture.ignoreNextFrame());

  const onResize = (): void => {
    writer.invalidate();
    const before = framesSeen;
    capture.emit('resize');
    // Ink skips resize handling in CI; repaint the last frame so the cleared screen is never left blank.
    if (framesSeen === before && lastFrame !== undefined) show(lastFrame);
  };

  let suspended = false;
  const handover: TerminalHandover = {
    suspend() {
      if (suspended || restored) return () => undefined;
      suspended = true;
      spinner.stop();
      send(opts.mouse ? MOUSE_REPORTS_OFF + LEAVE : LEAVE);
      const takeBack = handOver(stdin);
      return () => {
        if (!suspended) return;
        suspended = false;
        takeBack();
        if (restored) return;
        send(opts.mouse ? ENTER + MOUSE_REPORTS_ON : ENTER);
        writer.invalidate();
        compose();
        writer.flush();
      };
    },
  };

  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    spinner.stop();
    capture.close();
    writer.dispose();
    terminal.off('resize', onResize);
    try {
      send((opts.mouse ? MOUSE_REPORTS_OFF : '') + (opts.focusReports ? FOCUS_REPORTS_OFF : '') + LEAVE);
    } catch {
      // The terminal may already be gone (hang-up); nothing left to restore on it.
    }
    leaveRawMode(stdin);
    release();
    const strays = releaseStray?.();
    const held = stderr.drain() + (strays?.stderr ?? '');
    if (strays && strays.stdout !== '') process.stdout.write(strays.stdout);
    if (held !== '') process.stderr.write(held);
  };
  const release = guardTerminal(restore);

  send(ENTER + (opts.mouse ? MOUSE_REPORTS_ON : '') + (opts.focusReports ? FOCUS_REPORTS_ON : ''));
  if (opts.holdStrayOutput ?? terminal === process.stdout) releaseStray = holdStrayOutput();
  terminal.on('resize', onResize);
  let ink: ReturnType<typeof inkRender>;
  try {
    const app = createElement(TerminalHandoverContext.Provider, { value: handover }, node);
    ink = inkRender(createElement(RowOverlayContext.Provider, { value: overlay }, app), {
      stdout: capture.asWriteStream(),
      stderr: stderr.asWriteStream(),
      stdin,
      debug: true,
      patchConsole: false,
      exitOnCtrlC: opts.exitOnCtrlC ?? true,
    });
  } catch (error) {
    restore();
    throw error;
  }

  const exited = ink.waitUntilExit().then(
    () => restore(),
    (error: unknown) => {
      restore();
      throw error;
    },
  );
  // Callers who never wait must not turn an app error into an unhandled rejection.
  exited.catch(() => undefined);

  return {
    unmount() {
      ink.unmount();
      restore();
    },
    waitUntilExit: () => exited,
    alert(sequence) {
      if (!restored) send(sequence);
    },
    stats: () => ({ ...stats, inkRows: inkFrame === undefined || inkFrame === '' ? 0 : inkFrame.split('\n').length }),
  };
}

function renderPlain(
  node: ReactElement,
  stdout: NodeJS.WriteStream,
  stdin: NodeJS.ReadStream,
  opts: FullScreenOptions,
): FullScreenHandle {
  // Console patching is left off in both modes so console output behaves the same with or without a terminal.
  const ink = inkRender(node, { stdout, stdin, maxFps: opts.maxFps, exitOnCtrlC: opts.exitOnCtrlC ?? true, patchConsole: false });
  const exited = ink.waitUntilExit().then(() => undefined);
  exited.catch(() => undefined);
  return {
    unmount: () => ink.unmount(),
    waitUntilExit: () => exited,
    // No terminal to call for attention on.
    alert: () => undefined,
    // Plain Ink writes straight to stdout; only the full-screen writer is metered.
    stats: () => ({ bytesWritten: 0, framesWritten: 0, inkFrames: 0, repaints: 0, inkRows: 0 }),
  };
}

function leaveRawMode(stdin: NodeJS.ReadStream): void {
  try {
    if (stdin.isTTY && stdin.isRaw && typeof stdin.setRawMode === 'function') stdin.setRawMode(false);
  } catch {
    // Input already closed: it cannot be left in raw mode.
  }
}
