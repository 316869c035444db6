// The property the full-screen renderer keeps: the screen built frame by frame equals the screen drawn from scratch.
// One seed is one session of the real app on a fake terminal of a random size, fed random streamed transcripts,
// resized (also mid-stream, several times in a row), with the sidebar toggled and dialogs opened. Every frame the
// real writer sends is played into a headless xterm and compared with a fresh paint of that frame on a new
// terminal; whenever the app has settled, the screen is also compared with a freshly mounted app of the same state.
import React from 'react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import { App } from '../../components/App.js';
import { renderFullScreen, type FullScreenHandle } from '../../components/screen/render.js';
import { createFrameWriter } from '../../components/screen/frameWriter.js';
import { loadMarkdown } from '../../components/view/markdown.js';
import { spinnerFrames } from '../../components/view/spinner.js';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { createAppStore } from '../../source/store/store.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { FakeSession, approvalRequest, messageEnd, runEnd } from '../support/fakeSession.js';
import { FakeKeyboard, FakeTerminal } from './fakeTerminal.js';
import { Dice, answer, chunks, seeded, toolOutput } from './screenContent.js';

const { Terminal } = xterm;
const ENTER = '\x1b[?1049h\x1b[?25l\x1b[?7l';

/** A terminal screen read cell by cell: each row's text, then its styles where any cell has one. */
function snapshot(term: InstanceType<typeof Terminal>): string[] {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  const cell = buffer.getNullCell();
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.baseY + y);
    let text = '';
    let style = '';
    let lastKey = cell.getFgColorMode() >= 0 ? `0.-1.0.-1.000000` : '';
    for (let x = 0; line && x < term.cols; x++) {
      line.getCell(x, cell);
      text += cell.getWidth() === 0 ? '' : cell.getChars() || ' ';
      const flags = [cell.isBold(), cell.isDim(), cell.isItalic(), cell.isUnderline(), cell.isInverse(), cell.isStrikethrough()].map(Number).join('');
      const key = `${cell.getFgColorMode()}.${cell.getFgColor()}.${cell.getBgColorMode()}.${cell.getBgColor()}.${flags}`;
      if (key !== lastKey) style += `${x}:${key};`;
      lastKey = key;
    }
    rows.push(text.trimEnd() + (style ? `  «${style}»` : ''));
  }
  return rows;
}

interface CoreAccess {
  _core: { _writeBuffer: { writeSync(data: string): void } };
}

/**
 * Parses `data` at once. The public write parses in a later timer turn (a millisecond or more each, thousands of
 * times a seed); the parse itself is the same, as no handler here is asynchronous.
 */
const feed = (term: InstanceType<typeof Terminal>, data: string): void => (term as unknown as CoreAccess)._core._writeBuffer.writeSync(data);

// One terminal for fresh paints, reset before each: making a new one per frame costs more than the whole check.
let freshTerm: InstanceType<typeof Terminal> | undefined;

/** A new terminal of this size (reset) once a fresh writer has painted `frame` on it. */
async function freshPaint(frame: string, cols: number, rows: number): Promise<InstanceType<typeof Terminal>> {
  freshTerm ??= new Terminal({ cols, rows, allowProposedApi: true });
  freshTerm.reset();
  if (freshTerm.cols !== cols || freshTerm.rows !== rows) freshTerm.resize(cols, rows);
  let out = ENTER;
  const writer = createFrameWriter({ write: (s: string) => (out += s) }, { rows: () => rows, cols: () => cols, maxFps: 0 });
  writer.render(frame);
  feed(freshTerm, `\x1b[2J\x1b[H${out}`);
  return freshTerm;
}

interface CellData {
  _core: { buffer: { lines: { get(y: number): { _data: Uint32Array } | undefined } } };
}

/** A cell's content word with an erased cell (code 0) read as the space it shows (code 32), both one cell wide. */
const ERASED = 0x400000;
const SPACE = 0x400020;

/**
 * Whether two terminals of one size show the same cells: text, colours and attributes (compared as stored, an erased
 * cell and a written space alike, as they look: a row patch erases where a fresh paint writes spaces).
 */
function sameCells(a: InstanceType<typeof Terminal>, b: InstanceType<typeof Terminal>): boolean {
  const la = (a as unknown as CellData)._core.buffer.lines;
  const lb = (b as unknown as CellData)._core.buffer.lines;
  const ba = a.buffer.active;
  const bb = b.buffer.active;
  for (let y = 0; y < a.rows; y++) {
    if (ba.getLine(ba.baseY + y)?.translateToString(true).trimEnd() !== bb.getLine(bb.baseY + y)?.translateToString(true).trimEnd()) return false;
    const da = la.get(ba.baseY + y)?._data;
    const db = lb.get(bb.baseY + y)?._data;
    if (!da || !db) return da === db;
    const n = a.cols * 3;
    for (let i = 0; i < n; i++) {
      if (da[i] === db[i]) continue;
      const blank = (word: number): boolean => word === ERASED || word === SPACE;
      if (i % 3 !== 0 || !blank(da[i]) || !blank(db[i])) return false;
    }
  }
  return true;
}

const spinnerChars = new RegExp(`[${spinnerFrames.join('')}]`, 'g');
/** Spinner frames and clocks made alike, so screens drawn at different moments compare. */
const steady = (screen: string[]): string => screen.map((row) => row.replace(spinnerChars, '*').replace(/\d+(\.\d+)?k?/g, 'N')).join('\n');

const tick = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

interface Mounted {
  term: FakeTerminal;
  keyboard: FakeKeyboard;
  handle: FullScreenHandle;
  bridge: Bridge;
  /** Frames written, in order, with the terminal's size as each was written. */
  frames: Array<{ frame: string; size: string }>;
  close(): void;
}

function mount(bridge: Bridge, cols: number, rows: number, dir: string): Mounted {
  const term = new FakeTerminal(cols, rows);
  const keyboard = new FakeKeyboard();
  const frames: Mounted['frames'] = [];
  const handle = renderFullScreen(<App bridge={bridge} historyFile={join(dir, 'history.jsonl')} gitBranch="main" />, {
    stdout: term.asStream(), stdin: keyboard.asStream(), maxFps: 0, holdStrayOutput: false, exitOnCtrlC: false, onFrameWritten: (frame) => frames.push({ frame, size: `${term.columns}x${term.rows}` }),
  });
  return { term, keyboard, handle, bridge, frames, close: () => handle.unmount() };
}

/** Waits until the app has written nothing new for `quietMs` (Ink and React finish a render over a few timer turns). */
async function settle(m: Mounted, quietMs = 15): Promise<void> {
  let seen = m.term.chunks.length;
  let since = performance.now();
  for (let i = 0; i < 2000 && performance.now() - since < quietMs; i++) {
    await new Promise((done) => setTimeout(done, 2));
    if (m.term.chunks.length !== seen) {
      seen = m.term.chunks.length;
      since = performance.now();
    }
  }
}

/** Polls `ready` every few milliseconds, for `ms` at most; whether it came true. */
async function until(ready: () => boolean, ms: number): Promise<boolean> {
  for (const end = performance.now() + ms; !ready(); ) {
    if (performance.now() > end) return false;
    await new Promise((done) => setTimeout(done, 2));
  }
  return true;
}

/**
 * Ctrl+Y, typed once the app reads keys, until a frame shows it: a key typed before the app's input hook has
 * subscribed (its effect runs a moment after the first frame, later on a busy machine) is lost, as it would be for
 * a person. A frame that only moves the spinner or a clock does not count, and a lost key is taken back out of the
 * keyboard before the next one, so it is never read twice.
 */
async function toggleSidebar(m: Mounted): Promise<void> {
  const shown = (): string => steady((m.frames.at(-1)?.frame ?? '').split('\n'));
  // A resize just before is drawn first: the key toggles what the screen shows, as a person sees it.
  await settle(m);
  for (let attempt = 0; attempt < 20; attempt++) {
    await until(() => m.keyboard.listenerCount('readable') > 0, 10_000);
    const before = shown();
    while (m.keyboard.read() !== null);
    m.keyboard.type('\x19');
    if (await until(() => shown() !== before, 3000)) return settle(m);
  }
  throw new Error('Ctrl+Y never changed the screen');
}

export class ScreenMismatch extends Error {}

/** Runs one seed; throws a ScreenMismatch naming the seed and the step when a screen differs. */
export async function runScreenSeed(seed: number, opts: { steps?: number; freshApp?: boolean } = {}): Promise<void> {
  if (!(await loadMarkdown())) throw new Error('the markdown renderer did not load');
  const d = new Dice(seeded(seed));
  const size = (): [number, number] => (d.chance(0.5) ? [d.int(40, 100), d.int(10, 30)] : [d.int(40, 250), d.int(10, 100)]);
  let [cols, rows] = size();
  const dir = mkdtempSync(join(tmpdir(), 'rein-fuzz-'));
  const session = new FakeSession();
  const bridge = createBridge(session, { commands: slashCommands });
  const app = mount(bridge, cols, rows, dir);
  const emulator = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 100 });
  let played = 0;
  let framesChecked = 0;
  const log: string[] = [];
  const fail = (what: string, got: string[], want: string[]): never => {
    const diff = got.flatMap((row, i) => (row === want[i] ? [] : [`  row ${i}: got  ${JSON.stringify(row)}`, `  row ${i}: want ${JSON.stringify(want[i])}`]));
    const full = process.env.SCREEN_FUZZ_FULL === '1' ? `\ngot:\n${got.join('\n')}\nwant:\n${want.join('\n')}` : '';
    throw new ScreenMismatch(`seed ${seed}: ${what} at ${cols}x${rows} after: ${log.slice(-(Number(process.env.SCREEN_FUZZ_LOG) || 8)).join(', ')}\n${diff.slice(0, 16).join('\n')}${full}`);
  };
  /** Plays every write so far into the emulator, checking the screen after each frame. */
  const check = async (): Promise<void> => {
    const chunks = app.term.chunks;
    while (played < chunks.length) {
      const data = chunks[played++];
      feed(emulator, data);
      if (!data.includes('\x1b[?2026l')) continue;
      const written = app.frames[framesChecked++];
      // A frame's rows hold text and styles only (and the column moves the overlay places side rows with): a tab or
      // a control sequence from a model or a tool would move the cursor where the layout did not measure.
      const stray = written?.frame.replace(/\x1b\[[0-9;]*[mG]/g, '').match(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
      if (stray) fail(`frame ${framesChecked} holds control character ${JSON.stringify(stray[0])}`, [], []);
      // Bytes written for another size and read after the terminal resized are repainted by the resize's frame.
      if (written === undefined || written.size !== `${cols}x${rows}`) continue;
      const fresh = await freshPaint(written.frame, cols, rows);
      // Cells compared as stored first (fast); where they differ, as read (a joined character is stored by index).
      if (sameCells(emulator, fresh)) continue;
      const got = snapshot(emulator);
      const want = snapshot(fresh);
      if (got.join('\n') !== want.join('\n')) fail(`frame ${framesChecked} differs from a fresh paint of it`, got, want);
    }
  };
  /** Compares the settled screen with a new app mounted on the same state. */
  const checkFresh = async (sidebarPref: boolean | undefined): Promise<void> => {
    await settle(app);
    await check();
    if (opts.freshApp === false) return;
    // The dialogs come once the sidebar is set: a dialog takes the keys.
    const state = bridge.store.getState();
    const freshStore = createAppStore({ ...state, approvals: [] });
    const fresh = mount(createBridge(new FakeSession(), { commands: slashCommands, store: freshStore }), cols, rows, dir);
    try {
      await settle(fresh);
      // The app shows the sidebar from 100 columns unless Ctrl+Y chose otherwise.
      if (sidebarPref !== undefined && sidebarPref !== cols >= 100) {
        await toggleSidebar(fresh);
      }
      if (state.approvals.length > 0) {
        freshStore.setState(state, true);
        await settle(fresh);
      }
      const freshScreen = (): string[] => {
        const term = new Terminal({ cols, rows, allowProposedApi: true });
        feed(term, fresh.term.output());
        const screen = snapshot(term);
        term.dispose();
        return screen;
      };
      let want = freshScreen();
      let got = snapshot(emulator);
      if (steady(got) !== steady(want)) {
        // A starved machine can pause a render longer than settle's quiet window: a real difference outlasts a long one.
        await settle(app, 300);
        await settle(fresh, 300);
        await check();
        want = freshScreen();
        got = snapshot(emulator);
      }
      if (steady(got) !== steady(want)) fail('the screen differs from a freshly mounted app', got, want);
    } finally {
      fresh.close();
    }
  };

  const store = bridge.store;
  const emit = (event: AgentEvent): void => store.setState(applyEvent(store.getState(), event), true);
  let sidebarPref: boolean | undefined;
  let tool = 0;
  try {
    await settle(app);
    await check();
    const runId = 'r1';
    emit({ type: 'run_start', sessionId: 's1', runId, prompt: answer(d).slice(0, 300) });
    // Drawn even when given, so a shorter run of a seed is the start of the same session.
    const drawnSteps = d.int(2, 5);
    const steps = Math.min(drawnSteps, opts.steps ?? drawnSteps);
    for (let turn = 1; turn <= steps; turn++) {
      const messageId = `m${turn}`;
      emit({ type: 'turn_start', runId, turnId: `t${turn}`, turn });
      emit({ type: 'message_start', runId, turnId: `t${turn}`, messageId });
      const text = answer(d);
      for (const piece of chunks(d, text)) {
        emit({ type: 'text_delta', runId, messageId, text: piece });
        log.push(`delta ${JSON.stringify(piece.slice(0, 12))}`);
        if (d.chance(0.05)) {
          [cols, rows] = size();
          log.push(`resize ${cols}x${rows}`);
          app.term.columns = cols;
          app.term.rows = rows;
          emulator.resize(cols, rows);
          app.term.emit('resize');
        } else if (d.chance(0.02)) {
          sidebarPref = !(sidebarPref ?? cols >= 100);
          log.push('Ctrl+Y');
          // The key is read before the next resize, as a person's key and a resize are seconds apart.
          await toggleSidebar(app);
        }
        if (d.chance(0.3)) await tick();
        await check();
      }
      emit(messageEnd(runId, messageId, text));
      await checkFresh(sidebarPref);
      if (d.chance(0.6)) {
        const toolCallId = `c${++tool}`;
        const command = `run ${answer(d).slice(0, d.int(5, 200))}`;
        if (d.chance(0.4)) {
          emit(approvalRequest(runId, `a${tool}`, toolCallId, { summary: command, input: { command }, diff: d.chance(0.5) ? toolOutput(d) : undefined }));
          log.push('approval');
          await checkFresh(sidebarPref);
          emit({ type: 'approval_resolved', runId, approvalId: `a${tool}`, toolCallId, decision: { kind: 'yes' } });
        }
        emit({ type: 'tool_start', runId, toolCallId, name: 'bash', input: { command }, summary: command });
        const output = toolOutput(d);
        emit({ type: 'tool_end', runId, toolCallId, name: 'bash', result: { content: output, display: { kind: 'text', text: output }, isError: d.chance(0.2) }, durationMs: 40 });
        log.push('tool');
        await checkFresh(sidebarPref);
      }
    }
    emit(runEnd(runId, 'done'));
    await checkFresh(sidebarPref);
  } finally {
    app.close();
    bridge.dispose();
    emulator.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
