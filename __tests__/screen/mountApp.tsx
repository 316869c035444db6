// The app full screen on a fake terminal and keyboard, for tests that read what a person would see.
import React from 'react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { App } from '../../components/App.js';
import { RowOverlayContext } from '../../components/screen/rowOverlay.js';
import { renderFullScreen, type FullScreenHandle } from '../../components/screen/render.js';
import { loadMarkdown } from '../../components/view/markdown.js';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { slashCommands } from '../../source/commands/builtins.js';
import type { FakeSession } from '../support/fakeSession.js';
import { FakeKeyboard, FakeTerminal } from './fakeTerminal.js';

export interface MountedApp {
  term: FakeTerminal;
  keyboard: FakeKeyboard;
  handle: FullScreenHandle;
  bridge: Bridge;
  /** Unmounts the app and removes its history folder. */
  cleanup(): void;
}

/**
 * Mounts the app on a `columns`×`rows` fake terminal. `overlay` false draws everything through Ink (no rows
 * outside its frame), the screen to compare the full-screen drawing with.
 */
export async function mountApp(session: FakeSession, overlay: boolean, columns: number, rows: number): Promise<MountedApp> {
  // Loaded before the app mounts, so its arrival is never an Ink render in the middle of what a test counts.
  expect(await loadMarkdown()).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'rein-screen-'));
  const bridge = createBridge(session, { commands: slashCommands });
  const term = new FakeTerminal(columns, rows);
  const keyboard = new FakeKeyboard();
  const app = <App bridge={bridge} historyFile={join(dir, 'history.jsonl')} gitBranch="main" />;
  const tree = overlay ? app : <RowOverlayContext.Provider value={undefined}>{app}</RowOverlayContext.Provider>;
  const handle = renderFullScreen(tree, { stdout: term.asStream(), stdin: keyboard.asStream(), maxFps: 0, holdStrayOutput: false, exitOnCtrlC: false });
  return {
    term,
    keyboard,
    handle,
    bridge,
    cleanup() {
      handle.unmount();
      bridge.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
