// Full screen, streamed lines and turning spinners reach the terminal without React renders, and read as Ink would draw them.
import { afterEach, describe, expect, it } from 'vitest';
import { SPINNER_SLOT, spinnerFrames } from '../../components/view/spinner.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { FakeSession, messageEnd, runEnd } from '../support/fakeSession.js';
import type { FakeTerminal } from './fakeTerminal.js';
import { mountApp, type MountedApp } from './mountApp.js';
import { taskRun } from '../support/subagentEvents.js';
import { createEmulator } from './terminalEmulator.js';

const columns = 110;
const rows = 24;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Screen extends Omit<MountedApp, 'cleanup'> {
  /** Releases the run's next pause. */
  step(): void;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A run that streams `lines` one at a time (each ending in a line break unless `raw`), pausing before each until step() is called, and then waits. */
function pausedRun(lines: string[], raw = false): { session: FakeSession; step: () => void } {
  const session = new FakeSession();
  const gates: Array<() => void> = [];
  const pause = (): { wait: 'promise'; promise: Promise<unknown> } => ({ wait: 'promise', promise: new Promise<void>((resolve) => gates.push(resolve)) });
  const runId = 'r1';
  const messageId = 'r1-m1';
  const steps: Array<AgentEvent | ReturnType<typeof pause>> = [
    { type: 'run_start', sessionId: 's1', runId, prompt: 'go' },
    { type: 'turn_start', runId, turnId: 't1', turn: 1 },
    { type: 'message_start', runId, turnId: 't1', messageId },
  ];
  const piece = (line: string): string => (raw ? line : `${line}\n`);
  for (const line of lines) steps.push(pause(), { type: 'text_delta', runId, messageId, text: piece(line) });
  steps.push(pause(), messageEnd(runId, messageId, lines.map(piece).join('')), runEnd(runId, 'done'));
  session.script(...steps);
  return { session, step: () => gates.shift()?.() };
}


async function startScreen(lines: string[] | 'task', withOverlay: boolean, raw = false): Promise<Screen> {
  const { session, step } = lines === 'task' ? taskRun() : pausedRun(lines, raw);
  const { term, keyboard, handle, bridge, cleanup } = await mountApp(session, withOverlay, columns, rows);
  cleanups.push(cleanup);
  await waitForText(term, 'Type a message');
  return { term, keyboard, handle, bridge, step };
}

async function screenOf(term: FakeTerminal): Promise<string[]> {
  const emulator = createEmulator(columns, rows);
  await emulator.feed(term.output());
  const screen = emulator.screen();
  emulator.dispose();
  return screen;
}

const shows = (screen: string[], texts: string[]): boolean => texts.every((text) => screen.some((row) => row.includes(text)));

async function waitForText(term: FakeTerminal, ...texts: string[]): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const screen = await screenOf(term);
    if (shows(screen, texts)) return screen;
    await sleep(10);
  }
  throw new Error(`${JSON.stringify(texts)} never showed on the screen:\n${(await screenOf(term)).join('\n')}`);
}

const spinnerChars = new RegExp(`[${spinnerFrames.join('')}]`, 'g');
/**
 * The screen with every spinner frame and running clock (whole seconds, and the tokens a working run's status line
 * counts beside its clock) made the same, so two screens drawn at different moments compare.
 */
const steady = (screen: string[]): string[] =>
  screen.map((row) => row.replace(spinnerChars, '*').replace(/↓[\d.]+k? · \d+s\b/, '↓N · Ns').replace(/\b\d+s\b/g, 'Ns'));

/**
 * Waits until both screens show every one of `texts` and read the same, and fails with their difference when
 * they never do: the two apps draw on their own schedules, so a screen taken from one mid-way is not comparable.
 */
async function expectSameScreens(live: FakeTerminal, ink: FakeTerminal, ...texts: string[]): Promise<void> {
  let pair: [string[], string[]] = [[], []];
  for (let i = 0; i < 300; i++) {
    pair = [steady(await screenOf(live)), steady(await screenOf(ink))];
    if (shows(pair[0], texts) && shows(pair[1], texts) && pair[0].join('\n') === pair[1].join('\n')) return;
    await sleep(10);
  }
  expect(shows(pair[0], texts), `the live screen never showed ${JSON.stringify(texts)}`).toBe(true);
  expect(shows(pair[1], texts), `the all-Ink screen never showed ${JSON.stringify(texts)}`).toBe(true);
  expect(pair[0]).toEqual(pair[1]);
}

describe('live rows under the full-screen renderer', () => {
  it('paints each streamed line without an Ink render, and the screen reads as the all-Ink screen does', async () => {
    const lines = ['First streamed line of the answer.', 'A **second** line, with markup.', 'The third and last line.'];
    const live = await startScreen(lines, true);
    const ink = await startScreen(lines, false);
    for (const s of [live, ink]) {
      s.keyboard.type('go');
      await waitForText(s.term, '❯ go');
      s.keyboard.type('\r');
    }
    await waitForText(live.term, 'Working');
    await waitForText(ink.term, 'Working');

    live.step();
    ink.step();
    await waitForText(live.term, 'First streamed line');
    await waitForText(ink.term, 'First streamed line');
    const inkFramesBefore = live.handle.stats().inkFrames;
    const repaintsBefore = live.handle.stats().repaints;

    for (const line of lines.slice(1)) {
      live.step();
      ink.step();
      await expectSameScreens(live.term, ink.term, line.replace(/\*\*/g, ''));
    }
    // Two more lines reached the screen, through repaints alone: Ink rendered nothing for them.
    expect(live.handle.stats().inkFrames).toBe(inkFramesBefore);
    expect(live.handle.stats().repaints).toBeGreaterThanOrEqual(repaintsBefore + 2);
    // The all-Ink app had to render for them.
    expect(ink.handle.stats().repaints).toBe(0);

    // The run ends: the finished answer still reads the same both ways.
    live.step();
    ink.step();
    await waitForText(live.term, 'Type a message');
    await waitForText(ink.term, 'Type a message');
    await expectSameScreens(live.term, ink.term, 'The third and last line.', 'Type a message');
  });

  it('draws the prompt, slash menu, queued messages and status bar as ready rows that read as the Ink components do', async () => {
    const live = await startScreen(['only line'], true);
    const ink = await startScreen(['only line'], false);
    // Each step waits for the state it names on both screens (typed text, menu, status), then compares them whole.
    const both = async (keys: string[], ...expected: string[]): Promise<void> => {
      for (const key of keys) {
        live.keyboard.type(key);
        ink.keyboard.type(key);
      }
      await expectSameScreens(live.term, ink.term, ...expected);
      // Ink lays out nothing: every row on the live screen came ready-made.
      expect(live.handle.stats().inkRows).toBe(0);
      expect(ink.handle.stats().inkRows).toBe(rows - 1);
    };
    await both(['/', 'h', 'e'], '❯ /he', '/help');
    await both(['\x7f', '\x7f', '\x7f', 'g', 'o'], '❯ go');
    await both(['\r'], 'Working');
    await both(['next one'], '❯ next one');
    await both(['\r'], 'queued: next one');
    // The rule keeps its spinner slot, turned by the renderer rather than drawn by Ink.
    expect((await screenOf(live.term)).join('\n')).not.toContain(SPINNER_SLOT);
  });

  it('shows a paragraph with no line break word by word, painted without Ink, writing little more than the new words', async () => {
    const words = Array.from({ length: 150 }, (_, i) => `w${i}`);
    const chunks: string[] = [];
    for (let i = 0; i < words.length; i += 5) chunks.push(`${words.slice(i, i + 5).join(' ')} `);
    const live = await startScreen(chunks, true, true);
    const ink = await startScreen(chunks, false, true);
    for (const s of [live, ink]) {
      s.keyboard.type('go');
      await waitForText(s.term, '❯ go');
      s.keyboard.type('\r');
      await waitForText(s.term, 'Working');
      s.step();
      await waitForText(s.term, 'w0 w1 w2');
    }
    const inkFramesBefore = live.handle.stats().inkFrames;
    let bytesBefore = live.handle.stats().bytesWritten;
    let growth = 0;
    for (let i = 1; i < chunks.length; i++) {
      live.step();
      ink.step();
      await expectSameScreens(live.term, ink.term, `w${i * 5 + 4}`);
      const bytes = live.handle.stats().bytesWritten;
      growth = Math.max(growth, bytes - bytesBefore);
      bytesBefore = bytes;
    }
    // The whole paragraph showed before the message ended, through repaints alone.
    expect(live.handle.stats().inkFrames).toBe(inkFramesBefore);
    // Each delta of ~20 characters wrote its cells, not the screen (a 110×24 repaint is thousands of bytes).
    expect(growth).toBeLessThan(400);
  });

  it('draws a task block the same as the all-Ink screen: running with its status and the sidebar, done, and expanded', async () => {
    const live = await startScreen('task', true);
    const ink = await startScreen('task', false);
    for (const s of [live, ink]) {
      s.keyboard.type('go');
      await waitForText(s.term, '❯ go');
      s.keyboard.type('\r');
    }
    await expectSameScreens(live.term, ink.term, 'explore · find the config', '⎿ grep(loadConfig) · 1 turn', 'Subagents (1)');
    live.step();
    ink.step();
    await expectSameScreens(live.term, ink.term, '✓ explore · find the config · 1 turn', 'Type a message');
    for (const s of [live, ink]) s.keyboard.type('\x0f');
    await expectSameScreens(live.term, ink.term, '⎿ ✓ read_file(src/config.ts)', 'Config is loaded in load.ts.');
  });

  it('turns the spinner on its own clock: real frames on screen, no slot character, no Ink render', async () => {
    const live = await startScreen(['only line'], true);
    live.keyboard.type('go');
    await waitForText(live.term, '❯ go');
    live.keyboard.type('\r');
    await waitForText(live.term, 'Working');
    const inkFrames = live.handle.stats().inkFrames;
    const seen = new Set<string>();
    // Polled until three different frames were seen (a stuck spinner never gets there).
    for (let i = 0; i < 300 && seen.size < 3; i++) {
      const screen = (await screenOf(live.term)).join('\n');
      expect(screen).not.toContain(SPINNER_SLOT);
      for (const glyph of screen.match(spinnerChars) ?? []) seen.add(glyph);
      await sleep(20);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect(live.handle.stats().inkFrames).toBe(inkFrames);
  });
});
