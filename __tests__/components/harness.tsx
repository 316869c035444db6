// Test harness: renders components into a fake terminal of a chosen size, with keys in and frames out.
import type { KeyBindings } from '../../source/config/keys.js';
import React from 'react';
import type { ReactElement } from 'react';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink';
import { App } from '../../components/App.js';
import { createBridge, type Bridge, type BridgeOptions } from '../../source/store/bridge.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { FakeSession, ticks } from '../support/fakeSession.js';

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(public columns: number, public rows: number) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
  };
  read = (): string | null => {
    const data = this.data;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export const keys = {
  enter: '\r',
  escape: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  tab: '\t',
  shiftTab: '\x1b[Z',
  backspace: '\x7f',
  ctrl: (letter: string): string => String.fromCharCode(letter.charCodeAt(0) - 96),
};

export interface Rendered {
  stdout: FakeStdout;
  lastFrame(): string;
  /** Writes keys one chunk at a time, letting Ink and React settle after each. */
  press(...chunks: string[]): Promise<void>;
  type(text: string): Promise<void>;
  resize(columns: number, rows: number): Promise<void>;
  unmount(): void;
}

export async function renderSized(node: ReactElement, columns = 100, rows = 30): Promise<Rendered> {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  const instance = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeStdout(columns, rows) as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  await ticks();
  const rendered: Rendered = {
    stdout,
    lastFrame: () => stdout.frames.at(-1) ?? '',
    async press(...chunks) {
      for (const chunk of chunks) {
        stdin.write(chunk);
        await ticks(2);
      }
      await ticks();
    },
    async type(text) {
      for (const ch of text) {
        stdin.write(ch);
        await ticks(1);
      }
      await ticks();
    },
    async resize(c, r) {
      stdout.columns = c;
      stdout.rows = r;
      stdout.emit('resize');
      await ticks();
    },
    unmount: () => instance.unmount(),
  };
  return rendered;
}

export interface AppHarness extends Rendered {
  session: FakeSession;
  bridge: Bridge;
  historyFile: string;
  cleanup(): void;
}

export async function renderApp(
  options: { session?: FakeSession; columns?: number; rows?: number; historyFile?: string; bridge?: BridgeOptions; now?: () => number; keys?: KeyBindings; turnLimitFrom?: string } = {},
): Promise<AppHarness> {
  const session = options.session ?? new FakeSession();
  const dir = mkdtempSync(join(tmpdir(), 'rein-tui-'));
  const historyFile = options.historyFile ?? join(dir, 'prompt-history.jsonl');
  const bridge = createBridge(session, { commands: slashCommands, ...options.bridge });
  const rendered = await renderSized(
    <App bridge={bridge} historyFile={historyFile} gitBranch="main" now={options.now} keys={options.keys} turnLimitFrom={options.turnLimitFrom} />,
    options.columns ?? 100,
    options.rows ?? 30,
  );
  return {
    ...rendered,
    session,
    bridge,
    historyFile,
    cleanup() {
      rendered.unmount();
      bridge.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
