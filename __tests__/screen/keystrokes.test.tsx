// Full screen, a key that changes only the prompt is painted without a React render of the app and without an Ink
// render, and the screen reads as the all-Ink screen does; keys that change the layout still lay the app out again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSession, simpleRun } from '../support/fakeSession.js';
import { mountApp, type MountedApp } from './mountApp.js';
import { createEmulator } from './terminalEmulator.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Screen extends Omit<MountedApp, 'cleanup'> {
  columns: number;
  rows: number;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The app full screen; `live` false renders everything through Ink (no rows outside its frame), for comparison. */
async function startScreen(live: boolean, session = new FakeSession(), columns = 110, rows = 24): Promise<Screen> {
  const { term, keyboard, handle, bridge, cleanup } = await mountApp(session, live, columns, rows);
  cleanups.push(cleanup);
  const screen = { term, keyboard, handle, bridge, columns, rows };
  await waitFor(screen, (s) => s.some((row) => row.includes('Type a message')));
  // The first frame is followed by a wider layout (the margin above the first screen, a second Ink frame):
  // keys are counted from there on.
  await vi.waitFor(() => expect(handle.stats().inkFrames).toBeGreaterThanOrEqual(2));
  return screen;
}

async function screenOf(s: Screen): Promise<string[]> {
  const emulator = createEmulator(s.columns, s.rows);
  await emulator.feed(s.term.output());
  const screen = emulator.screen();
  emulator.dispose();
  return screen;
}

async function waitFor(s: Screen, ok: (screen: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const screen = await screenOf(s);
    if (ok(screen)) return screen;
    await sleep(10);
  }
  throw new Error(`the screen never showed what was waited for:\n${(await screenOf(s)).join('\n')}`);
}

const promptRow = (screen: string[]): string => screen.findLast((row) => row.startsWith('❯ ')) ?? '';

/** Types `text` a key at a time into both apps, waiting after each key until both prompts show it. */
async function typeBoth(live: Screen, ink: Screen, text: string, until: (screen: string[], typed: string) => boolean): Promise<void> {
  for (let i = 0; i < text.length; i++) {
    for (const s of [live, ink]) {
      s.keyboard.type(text[i]);
      await waitFor(s, (screen) => until(screen, text.slice(0, i + 1)));
    }
  }
}

describe('keystrokes under the full-screen renderer', () => {
  it('are painted without an Ink render while the layout stays, and the screen reads as the all-Ink screen does', async () => {
    const live = await startScreen(true);
    const ink = await startScreen(false);
    const inkFrames = live.handle.stats().inkFrames;
    const repaints = live.handle.stats().repaints;
    await typeBoth(live, ink, 'hello_there', (screen, typed) => promptRow(screen) === `❯ ${typed}`);
    expect(live.handle.stats().inkFrames).toBe(inkFrames);
    expect(live.handle.stats().repaints).toBe(repaints + 'hello_there'.length);
    expect(await screenOf(live)).toEqual(await screenOf(ink));
    // Editing keys too, each step ending in a change of the text: Left then Backspace, Ctrl+A then a letter, Ctrl+K.
    for (const [step, expected] of [[['\x1b[D', '\x7f'], '❯ hello_thee'], [['\x01', 'X'], '❯ Xhello_thee'], [['\x0b'], '❯ X']] as const) {
      for (const s of [live, ink]) {
        for (const key of step) s.keyboard.type(key);
        await waitFor(s, (screen) => promptRow(screen) === expected);
      }
      expect(await screenOf(live)).toEqual(await screenOf(ink));
    }
    expect(live.handle.stats().inkFrames).toBe(inkFrames);
  });

  it('lay the app out again when the prompt grows a row or the menu opens, as the all-Ink screen does', async () => {
    const live = await startScreen(true, new FakeSession(), 40, 16);
    const ink = await startScreen(false, new FakeSession(), 40, 16);
    const inkFrames = live.handle.stats().inkFrames;
    const long = 'x'.repeat(45);
    // A row filled to its last column leaves the cursor no cell: it ends in "…" and shows one x less (as it did before).
    const shown = (screen: string[]): number => screen.join('').replace(/[^x]/g, '').length;
    const filled = (screen: string[]): boolean => screen.some((row) => row.endsWith('x…'));
    await typeBoth(live, ink, long, (screen, typed) => shown(screen) === typed.length || (filled(screen) && shown(screen) === typed.length - 1));
    expect(live.handle.stats().inkFrames).toBeGreaterThan(inkFrames);
    expect(await screenOf(live)).toEqual(await screenOf(ink));
    for (const s of [live, ink]) {
      s.keyboard.type('\x15');
      await waitFor(s, (screen) => !screen.join('').includes('x'));
    }
    await typeBoth(live, ink, '/he', (screen, typed) => promptRow(screen).startsWith(`❯ ${typed}`) && (typed !== '/he' || screen.some((row) => row.includes('/help'))));
    expect(await screenOf(live)).toEqual(await screenOf(ink));
  });

  it('Enter sends the typed message and the transcript shows it; Esc twice on a prompt emptied by a key opens /rewind', async () => {
    const session = new FakeSession();
    session.script(...simpleRun('r1', 'hi', 'Hello back.'));
    const live = await startScreen(true, session);
    live.keyboard.type('h');
    live.keyboard.type('i');
    await waitFor(live, (screen) => promptRow(screen) === '❯ hi');
    live.keyboard.type('\r');
    await waitFor(live, (screen) => screen.some((row) => row.includes('Hello back.')) && promptRow(screen).includes('Type a message'));
    const sent: string[] = [];
    const send = live.bridge.send.bind(live.bridge);
    live.bridge.send = (text: string) => {
      sent.push(text);
      send(text);
    };
    // The app last rendered with an empty prompt: the keys must see the text typed since.
    live.keyboard.type('a');
    await waitFor(live, (screen) => promptRow(screen) === '❯ a');
    live.keyboard.type('\x1b');
    live.keyboard.type('\x7f');
    await waitFor(live, (screen) => promptRow(screen).includes('Type a message'));
    // Keys are handled in order: the Esc on a prompt holding text, before the backspace, asked for nothing.
    expect(sent).toEqual([]);
    // Two presses, each read on its own (the first is read before the event loop comes round to the second).
    live.keyboard.type('\x1b');
    await new Promise((resolve) => setImmediate(resolve));
    live.keyboard.type('\x1b');
    await waitFor(live, () => sent.length > 0);
    expect(sent[0]).toBe('/rewind');
  });
});
