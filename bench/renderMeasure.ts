// The render bench's measurements on a running TUI: first frame, keystroke echo, streaming cost and peak memory.
import xterm from '@xterm/headless';
import { benchCols, benchRows, type PtyApp } from './ptyApp.js';
import { analyseFrames, syncBegin, syncEnd, type FrameReport } from './renderFrames.js';
import type { ScriptLike } from './renderLive.js';

/** Date.now() minus performance.now(): turns the mock server's timestamps into pty chunk times. */
const clockOffset = Date.now() - performance.now();
const perfTime = (epochMs: number): number => epochMs - clockOffset;

/** Milliseconds from the kernel's start of the rein process (as /proc has it) to the end of its first complete frame. */
export async function firstFrameMs(app: PtyApp): Promise<number> {
  const index = await app.waitForText(0, syncEnd, 30_000);
  return app.chunks[index].at - app.processStartedAt();
}

/** Waits until the app has drawn and gone quiet (the markdown renderer loads right after the first frame). */
export async function settle(app: PtyApp, quietMs = 300): Promise<void> {
  await app.waitForText(0, syncEnd, 30_000);
  await app.waitForQuiet(quietMs, 120_000);
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Types `text` one key at a time and returns each key's echo latency in ms: from the write to the
 * chunk after which the emulated screen shows the prompt row with everything typed so far. `gapMs` is the pause after each
 * echo, a typist's pace, so the frame-rate cap of a previous echo does not delay the next.
 */
export async function typeAndMeasure(app: PtyApp, text: string, gapMs: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const from = app.mark();
    const sentAt = performance.now();
    app.write(text[i]);
    const index = await app.waitForScreenText(from, text.slice(0, i + 1), 5_000);
    latencies.push(app.chunks[index].at - sentAt);
    await sleep(gapMs);
  }
  return latencies;
}

export interface StreamFigures {
  /** Text chunks the server sent (one token each). */
  tokens: number;
  /** From the request's arrival to the end of the response, in seconds. */
  streamSeconds: number;
  bytes: number;
  frames: number;
  cpuSeconds: number;
  /** The part of cpuSeconds spent on the main (JavaScript) thread. */
  mainThreadCpuSeconds: number;
  /** Frame hygiene inside the stream window. */
  window: FrameReport;
  /** Whether the last line of the answer is on the emulated screen once the stream is drawn. */
  answerVisible: boolean;
  /** The emulated screen's rows at the end of the stream. */
  screen: string[];
  /** Summary (compaction) requests rein made between Enter and the answer. */
  summaries: number;
}

/** Plays `output` into a headless xterm of the app's size and returns the visible rows. */
function emulatedScreen(output: string, cols = benchCols, rows = benchRows): Promise<string[]> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  return new Promise((done) => {
    term.write(output, () => {
      const buffer = term.buffer.active;
      const rows: string[] = [];
      for (let row = 0; row < term.rows; row++) rows.push((buffer.getLine(buffer.baseY + row)?.translateToString(true) ?? '').trimEnd());
      term.dispose();
      done(rows);
    });
  });
}

/**
 * Sends the typed prompt (Enter) with `answer` queued on the server at `chunkSize` characters per chunk and
 * `chunkDelayMs` between chunks, then measures from the answer request's arrival until the app has drawn
 * the answer and gone quiet. CPU is read as that request arrives, so a compaction before it is not counted.
 */
export async function measureStream(app: PtyApp, script: ScriptLike, answer: string, chunkSize: number, chunkDelayMs: number): Promise<StreamFigures> {
  let cpuBefore = Number.NaN;
  let mainBefore = Number.NaN;
  script.push([{ text: answer, chunkSize, chunkDelayMs }], () => {
    cpuBefore = app.cpuSeconds();
    mainBefore = app.mainThreadCpuSeconds();
  });
  const served = script.served.length;
  const summariesBefore = script.summaries;
  app.write('\r');
  await script.waitServed(served + 1, 180_000);
  await app.waitForQuiet(300, 60_000);
  const cpuAfter = app.cpuSeconds();
  const mainAfter = app.mainThreadCpuSeconds();
  const request = script.served[served];
  const startAt = perfTime(request.receivedAt);
  let start = app.chunks.findIndex((c) => c.at >= startAt);
  if (start < 0) start = app.chunks.length;
  const end = app.chunks.length;
  const text = app.textBetween(start, end);
  const tail = answer.slice(-60).replace(/\s+/g, ' ').trim();
  const screen = await emulatedScreen(app.textBetween(0, end), app.cols, app.rows);
  // The main column only (the sidebar right of "│" dropped), as one line of words.
  const words = screen.map((row) => (row.includes('│') ? row.slice(0, row.lastIndexOf('│')) : row)).join(' ').replace(/\s+/g, ' ');
  return {
    tokens: Math.ceil(answer.length / chunkSize),
    streamSeconds: ((request.respondedAt ?? request.receivedAt) - request.receivedAt) / 1000,
    bytes: app.bytesBetween(start, end),
    frames: text.split(syncBegin).length - 1,
    cpuSeconds: cpuAfter - cpuBefore,
    mainThreadCpuSeconds: mainAfter - mainBefore,
    window: analyseFrames(text),
    answerVisible: words.includes(tail),
    screen,
    summaries: script.summaries - summariesBefore,
  };
}

export interface TopFigures {
  /** From the key to the last chunk drawn before the app went quiet. */
  ms: number;
  cpuSeconds: number;
  /** Whether `text` is on the emulated screen afterwards. */
  shown: boolean;
  /** process.hrtime of the key and of the end, for a CPU profile of the span. */
  fromNs: bigint;
  toNs: bigint;
}

/** Presses Home (on an empty prompt: the top of the transcript) and waits for the app to draw it and go quiet. */
export async function jumpToTop(app: PtyApp, text: string): Promise<TopFigures> {
  const from = app.mark();
  const cpuBefore = app.cpuSeconds();
  const sentAt = performance.now();
  const fromNs = process.hrtime.bigint();
  app.write('\x1b[H');
  await app.waitForChunk(from, () => true, 60_000, 'the top of the transcript');
  await app.waitForQuiet(500, 120_000);
  const last = app.chunks[app.chunks.length - 1];
  const toNs = process.hrtime.bigint();
  const screen = await emulatedScreen(app.textBetween(0), app.cols, app.rows);
  return { ms: last.at - sentAt, cpuSeconds: app.cpuSeconds() - cpuBefore, shown: screen.join('\n').includes(text), fromNs, toNs };
}

/** Frame hygiene over everything the app wrote, from its first byte to leaving the alternate screen. */
export const wholeSessionFrames = (app: PtyApp): FrameReport => analyseFrames(app.textBetween(0));
