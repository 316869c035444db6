// Benchmarks the full-screen TUI on a real pseudo-terminal: first frame, keystroke echo, streaming cost and memory over transcript sizes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockLlmServer, type MockLlmServer } from '../__tests__/support/mockLlmServer.js';
import { PtyApp, benchCols, benchRows, cliPath, startFlags } from './ptyApp.js';
import { streamedAnswer } from './renderContent.js';
import { allFramesWrapped, type FrameReport } from './renderFrames.js';
import { driveLiveRuns, MockScript, shapesFor, allowBenchCommands, writeFixtureFiles, type ScriptLike } from './renderLive.js';
import { shareCodeCache, warmCodeCache } from './codeCache.js';
import { RemoteScript } from './remoteScript.js';
import { firstFrameMs, jumpToTop, measureStream, settle, typeAndMeasure, wholeSessionFrames, type StreamFigures, type TopFigures } from './renderMeasure.js';
import { profileFlags, summariseProfile } from './renderProfile.js';
import { streamFloorSeconds } from './streamFloor.js';
import { writeTranscript } from './renderTranscript.js';
import { mb, median } from './stats.js';

/** Transcript sizes in messages; REIN_BENCH_RENDER_SIZES=10,1000 narrows a quick run. */
const transcriptSizes = (process.env.REIN_BENCH_RENDER_SIZES ?? '10,1000,10000').split(',').map(Number).filter((n) => n > 0);
/** The streamed answer: 12 KB at 4 characters a chunk, 5 ms apart (200 chunks a second, ~15 s). */
const answerChars = 12 * 1024;
const chunkSize = 4;
const chunkDelayMs = 5;
/**
 * 30 characters, typed one by one, then sent as the prompt that streams the answer. No spaces: without
 * colours the prompt's cursor cell is invisible, so a trailing space changes nothing on screen to wait for.
 */
const typedPrompt = 'summarise_the_render_pipeline!';
/** A brisk typist's pause between keys (120 words a minute). */
const keyGapMs = 100;

type Preload = 'resume' | 'live';

interface TranscriptFigures {
  messages: number;
  colour: boolean;
  size: string;
  preload: Preload;
  preloadSeconds: number;
  /** For a generated log: the compactions it holds and the messages a resume replays into the model's context. */
  logNote: string;
  firstFrameMs: number;
  echoMs: number[];
  stream: StreamFigures;
  rssAfterStream: number;
  /** Peak RSS once the app has drawn the transcript and gone idle, and resident RSS after the stream. */
  rssIdle: number;
  rssNowAfterStream: number;
  /** A resumed transcript: Home after the stream, which reads the rest of the log, and the peak RSS after it. */
  top?: TopFigures & { rss: number };
  session: FrameReport;
  profile: string[];
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Whether this build of rein accepts `--resume <id>` (checked in its help text, not assumed). */
function resumeSupported(): boolean {
  const help = execFileSync(process.execPath, [cliPath(), '--help'], { encoding: 'utf8' });
  return /--resume\b/.test(help);
}

interface Workspace {
  cwd: string;
  home: string;
  server: { openaiBaseUrl: string };
  script: ScriptLike;
  dispose(): Promise<void>;
}

/**
 * The provider runs in a process of its own, as a person's does, so its answers keep their pace whatever this
 * process is busy with (in this process, the 15-s stream took 21-22 s on a busy machine, and rein drew more frames);
 * REIN_BENCH_SERVER=inprocess keeps it here, as the bench did before.
 */
async function workspace(): Promise<Workspace> {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'rein-render-cwd-')));
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'rein-render-home-')));
  writeFixtureFiles(cwd);
  allowBenchCommands(home);
  shareCodeCache(home);
  let script: ScriptLike;
  let server: { openaiBaseUrl: string };
  let close: () => Promise<void>;
  if (process.env.REIN_BENCH_SERVER === 'inprocess') {
    const local = new MockScript();
    const mock: MockLlmServer = await startMockLlmServer({ respond: local.respond });
    [script, server, close] = [local, mock, () => mock.close()];
  } else {
    const remote = await RemoteScript.start();
    [script, server, close] = [remote, { openaiBaseUrl: remote.baseUrl }, async () => remote.close()];
  }
  return {
    cwd, home, server, script,
    async dispose() {
      await close();
      rmSync(cwd, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Live runs of 10 messages (4 tool rounds) with ~1 KB answers; past 1,000 messages, 20-message runs with short answers keep the build bounded. */
const liveShapes = (messages: number) => (messages <= 1_000 ? shapesFor(messages, 10, 1_000, 60) : shapesFor(messages, 20, 200, 40));

async function measureTranscript(messages: number, preload: Preload, colour: boolean, profileDir: string | undefined, cols = benchCols, rows = benchRows): Promise<TranscriptFigures> {
  const ws = await workspace();
  let app: PtyApp | undefined;
  try {
    let preloadSeconds = 0;
    let logNote = '';
    let firstPrompt = '';
    // REIN_BENCH_NODE_FLAGS="--trace-gc ..." passes extra node flags to the rein process (its stderr is held until exit).
    const extraFlags = (process.env.REIN_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const nodeFlags = [...(profileDir ? profileFlags(profileDir) : []), ...extraFlags];
    if (preload === 'resume') {
      const started = performance.now();
      const written = writeTranscript({ sessionsDir: join(ws.home, 'sessions'), cwd: ws.cwd, messages });
      preloadSeconds = (performance.now() - started) / 1000;
      const { sessionId } = written;
      firstPrompt = written.firstPrompt;
      logNote = `${(statSync(written.file).size / 1e6).toFixed(1)} MB log written in ${preloadSeconds.toFixed(1)} s, ${written.compactions} compactions, ${written.history.length} messages in the resumed context`;
      app = new PtyApp({ cwd: ws.cwd, home: ws.home, baseUrl: ws.server.openaiBaseUrl, args: ['--resume', sessionId], nodeFlags, colour, cols, rows });
    } else {
      app = new PtyApp({ cwd: ws.cwd, home: ws.home, baseUrl: ws.server.openaiBaseUrl, nodeFlags, colour, cols, rows });
    }
    const firstFrame = await firstFrameMs(app);
    await settle(app);
    if (preload === 'live') {
      const started = performance.now();
      await driveLiveRuns(app, ws.script, liveShapes(messages));
      await app.waitForQuiet(300, 120_000);
      preloadSeconds = (performance.now() - started) / 1000;
    }
    const rssIdle = app.peakRss();
    const typingFromNs = process.hrtime.bigint();
    const echoMs = await typeAndMeasure(app, typedPrompt, keyGapMs);
    const streamFromNs = process.hrtime.bigint();
    const stream = await measureStream(app, ws.script, streamedAnswer(answerChars), chunkSize, chunkDelayMs);
    const streamToNs = process.hrtime.bigint();
    const rssAfterStream = app.peakRss();
    const rssNowAfterStream = app.rss();
    // The first prompt's opening words (a long one wraps), once Home has brought the session's first message up.
    const top = firstPrompt ? { ...(await jumpToTop(app, firstPrompt.slice(0, 40))), rss: 0 } : undefined;
    if (top) top.rss = app.peakRss();
    await app.close();
    const profile = profileDir
      ? summariseProfile(profileDir, [
          { label: 'start-up to the first frame', fromNs: app.spawnedNs, toNs: app.spawnedNs + BigInt(Math.round(firstFrame * 1e6)) },
          { label: 'typing (30 keys)', fromNs: typingFromNs, toNs: streamFromNs },
          { label: 'streaming', fromNs: streamFromNs, toNs: streamToNs },
          ...(top ? [{ label: 'Home: the whole transcript', fromNs: top.fromNs, toNs: top.toNs }] : []),
        ])
      : [];
    return { messages, colour, size: `${cols}×${rows}`, preload, preloadSeconds, logNote, firstFrameMs: firstFrame, echoMs, stream, rssAfterStream, rssIdle, rssNowAfterStream, ...(top ? { top } : {}), session: wholeSessionFrames(app), profile };
  } finally {
    await app?.close();
    await ws.dispose();
  }
}

/** The first frame of `runs` starts of an empty session, one after another in one workspace: each a new process. */
async function firstFrames(ws: Workspace, cols: number, rows: number, runs: number): Promise<Array<{ ms: number; cpu: number }>> {
  const frames: Array<{ ms: number; cpu: number }> = [];
  for (let i = 0; i < runs; i++) {
    const app = new PtyApp({ cwd: ws.cwd, home: ws.home, baseUrl: ws.server.openaiBaseUrl, cols, rows });
    try {
      frames.push({ ms: await firstFrameMs(app), cpu: app.firstFrameCpuSeconds ?? Number.NaN });
    } finally {
      await app.close();
    }
  }
  return frames;
}

/** Peak RSS of a fresh session after one live turn and after sixty; the first frame of five starts first. */
async function measureTurns(cols = benchCols, rows = benchRows): Promise<{ size: string; firstFrames: Array<{ ms: number; cpu: number }>; idle: number; after1: number; after60: number; now60: number; seconds: number }> {
  const ws = await workspace();
  // One start's first frame moves by a tenth of a second with this machine's moment: the figure is a median.
  const frames = await firstFrames(ws, cols, rows, Math.max(1, Number(process.env.REIN_BENCH_FIRST_FRAMES ?? 5)));
  const app = new PtyApp({ cwd: ws.cwd, home: ws.home, baseUrl: ws.server.openaiBaseUrl, cols, rows });
  try {
    await firstFrameMs(app);
    await settle(app);
    const idle = app.peakRss();
    const started = performance.now();
    const shape = { rounds: 2, answerChars: 3_000, leadChars: 60 };
    await driveLiveRuns(app, ws.script, [shape]);
    await app.waitForQuiet(300, 60_000);
    const after1 = app.peakRss();
    await driveLiveRuns(app, ws.script, Array.from({ length: 59 }, () => shape), 9);
    await app.waitForQuiet(300, 60_000);
    const after60 = app.peakRss();
    return { size: `${cols}×${rows}`, firstFrames: frames, idle, after1, after60, now60: app.rss(), seconds: (performance.now() - started) / 1000 };
  } finally {
    await app.close();
    await ws.dispose();
  }
}

const mark = (ok: boolean): string => (ok ? '' : '   << MISSED');

function line(label: string, value: string, target?: string, ok = true): string {
  return `  ${label.padEnd(46)} ${value.padStart(16)}${target ? `   (target ${target})` : ''}${mark(ok)}`;
}

/** The stream's CPU over repeated runs of one scenario, and a bare client's CPU for the same stream just before. */
interface CpuRuns {
  seconds: number[];
  /** A bare client's CPU for the same stream, measured just before each run. */
  floorSeconds: number[];
}

function transcriptLines(f: TranscriptFigures, runs?: CpuRuns): string[] {
  const s = f.stream;
  const bytesPerToken = s.bytes / s.tokens;
  const cpu = runs && runs.seconds.length > 1 ? median(runs.seconds) : s.cpuSeconds;
  const cpuOk = cpu <= 1.0;
  const rssLimit = f.messages >= 10_000 ? 200 : 150;
  const rssOk = f.rssAfterStream <= rssLimit * 1024 * 1024;
  const echoMedian = median(f.echoMs);
  const wrapped = allFramesWrapped(f.session) && allFramesWrapped(s.window);
  const how = f.preload === 'resume' ? `resumed with --resume: ${f.logNote}` : `LIVE TURNS: built with live runs in ${f.preloadSeconds.toFixed(1)} s`;
  const out = [
    `transcript of ${f.messages.toLocaleString('en-US')} messages at ${f.size} (${how})${f.colour ? ', colours as xterm-256color has them' : ', NO_COLOR'}`,
    line(f.preload === 'resume' ? 'first frame (process start → first ?2026l)' : 'first frame (process start → first ?2026l, empty session)', `${(f.firstFrameMs / 1000).toFixed(2)} s`, '≤ 0.25 s', f.firstFrameMs <= 250),
    line(`keystroke echo, ${f.echoMs.length} keys: median / p90`, `${echoMedian.toFixed(1)} / ${percentile(f.echoMs, 90).toFixed(1)} ms`, 'median ≤ 2 ms', echoMedian <= 2),
    line('stream: tokens / duration / rate', `${s.tokens} / ${s.streamSeconds.toFixed(1)} s / ${(s.tokens / s.streamSeconds).toFixed(0)}/s`, '≈ 15 s at 200/s'),
    ...(s.summaries > 0 ? [line('compaction (summary) requests before the answer', String(s.summaries))] : []),
    line('bytes to the terminal per streamed token', bytesPerToken.toFixed(1), '≤ 25', bytesPerToken <= 25),
    line('frames per second while streaming', (s.frames / s.streamSeconds).toFixed(1)),
    line('every frame wrapped in ?2026h … ?2026l', wrapped ? `yes (${f.session.begins}/${f.session.ends})` : `NO (${f.session.begins}/${f.session.ends}, ${f.session.strayBytes + s.window.strayBytes} stray B)`, 'all', wrapped),
    line('full-screen clears (2J) after the first frame', String(f.session.clearsAfterFirstFrame), '0', f.session.clearsAfterFirstFrame === 0),
    ...(runs && runs.seconds.length > 1
      ? [
          line('CPU of the rein process during the stream', `median ${cpu.toFixed(2)} s`, '≤ 1.0 s', cpuOk),
          line(`  each of ${runs.seconds.length} runs (a new process each)`, runs.seconds.map((x) => x.toFixed(2)).join(' / ')),
          line('  of which the main thread, first run', `${s.mainThreadCpuSeconds.toFixed(2)} s`),
        ]
      : [line('CPU of the rein process during the stream', `${cpu.toFixed(2)} s`, '≤ 1.0 s', cpuOk), line('  of which the main (JavaScript) thread', `${s.mainThreadCpuSeconds.toFixed(2)} s`)]),
    ...(runs
      ? [line('  a bare Node client receiving the same stream', `median ${median(runs.floorSeconds).toFixed(2)} s`), line('    before each run', runs.floorSeconds.map((x) => x.toFixed(2)).join(' / '))]
      : []),
    line('peak RSS (VmHWM) idle before typing', mb(f.rssIdle)),
    line('peak RSS (VmHWM) after the stream', mb(f.rssAfterStream), `≤ ${rssLimit} MB`, rssOk),
    line('resident RSS (VmRSS) after the stream', mb(f.rssNowAfterStream)),
    line("the answer's last line on screen at the end", s.answerVisible ? 'yes' : 'NO', 'yes', s.answerVisible),
    ...(f.top
      ? [
          line('Home after the stream: the first message on screen', f.top.shown ? 'yes' : 'NO', 'yes', f.top.shown),
          line('  key to last frame / CPU-seconds', `${(f.top.ms / 1000).toFixed(2)} s / ${f.top.cpuSeconds.toFixed(2)} s`),
          line('  peak RSS (VmHWM) after it, whole transcript held', mb(f.top.rss)),
        ]
      : []),
  ];
  if (!s.answerVisible) out.push('    the screen at the end of the stream (last 12 rows):', ...s.screen.slice(-12).map((row) => `    | ${row}`));
  for (const example of [...f.session.strayExamples, ...s.window.strayExamples].slice(0, 3)) out.push(`    stray bytes outside a frame: ${example}`);
  if (f.profile.length > 0) out.push('  CPU profile of the rein process (self time):', ...f.profile.map((l) => `    ${l}`));
  return out;
}

function turnsLines(turns: Awaited<ReturnType<typeof measureTurns>>): string[] {
  const limit = 100 * 1024 * 1024;
  const growth = turns.after60 / turns.after1;
  const frames = turns.firstFrames;
  const firstFrame = median(frames.map((f) => f.ms));
  return [
    `memory over turns at ${turns.size} (fresh session, live runs of 2 tool rounds and a 3 KB answer, 60 runs in ${turns.seconds.toFixed(1)} s)`,
    line(`first frame of an empty session (process start → first ?2026l), median of ${frames.length} starts`, `${(firstFrame / 1000).toFixed(2)} s`, '≤ 0.25 s', firstFrame <= 250),
    line('  CPU-s the process had spent by then', `${median(frames.map((f) => f.cpu)).toFixed(2)} s`),
    `    each start: ${frames.map((f) => (f.ms / 1000).toFixed(2)).join(' ')} s`,
    line('peak RSS (VmHWM) idle after start-up', mb(turns.idle)),
    line('peak RSS (VmHWM) after 1 turn', mb(turns.after1), '≤ 100 MB', turns.after1 <= limit),
    line('peak RSS (VmHWM) after 60 turns', `${mb(turns.after60)} (×${growth.toFixed(2)})`, '≤ 100 MB, about the same', turns.after60 <= limit && growth <= 1.25),
    line('resident RSS (VmRSS) after 60 turns', mb(turns.now60)),
  ];
}

/** Runs one scenario; a failure is reported in its place so the other figures still print. */
async function attempt(title: string, scenario: () => Promise<string[]>): Promise<string[]> {
  try {
    return await scenario();
  } catch (error) {
    return [title, `  FAILED: ${error instanceof Error ? error.message : String(error)}`];
  }
}

export async function benchRender(): Promise<string[]> {
  // REIN_BENCH_RENDER_PRELOAD=live builds the transcripts with live turns even when --resume exists (to compare the two).
  const resume = resumeSupported() && process.env.REIN_BENCH_RENDER_PRELOAD !== 'live';
  const preload: Preload = resume ? 'resume' : 'live';
  // REIN_BENCH_PROFILE_DIR keeps the raw .cpuprofile files there for a closer look.
  const keptProfiles = process.env.REIN_BENCH_PROFILE_DIR;
  const profileRoot = keptProfiles ?? (process.env.REIN_BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'rein-render-prof-')) : undefined);
  const out = [
    `render: the rein TUI on a pseudo-terminal against the mock server; a ${answerChars / 1024} KB markdown answer ` +
      `streamed at ${chunkSize} characters a chunk, ${chunkDelayMs} ms apart; keys typed ${keyGapMs} ms apart after each echo; ` +
      `started as a person starts it (node ${startFlags.join(' ')}, TERM=xterm-256color, no CI variable, so colours on); ` +
      'CPU and RSS from /proc, the first frame from the process start /proc records; fresh homes sharing one code cache, warmed by a start before the first measured one',
    resume
      ? '  transcripts are preloaded with rein --resume from generated session logs'
      : '  NOTE: transcripts were built with LIVE TURNS (typed prompts, tool rounds, streamed answers), not --resume',
  ];
  // REIN_BENCH_RENDER_SCREENS=120x40,80x24 (the default): the terminal sizes the small transcript and the turns run at.
  await warmCodeCache();
  const screens = (process.env.REIN_BENCH_RENDER_SCREENS ?? `${benchCols}x${benchRows},80x24`).split(',').map((s) => s.split('x').map(Number) as [number, number]);
  try {
    for (const messages of transcriptSizes.slice(1)) {
      const profileDir = profileRoot ? join(profileRoot, String(messages)) : undefined;
      const title = `transcript of ${messages.toLocaleString('en-US')} messages`;
      out.push(...(await attempt(title, async () => transcriptLines(await measureTranscript(messages, preload, true, profileDir)))));
    }
    if (transcriptSizes.length > 0) {
      const messages = transcriptSizes[0];
      // This machine's CPU figures move by a third from one minute to the next: the goal's figure is a median of
      // several runs, beside what a bare client spends on the same stream (the part no renderer can save).
      const repeats = Math.max(1, Number(process.env.REIN_BENCH_RENDER_COLOUR_RUNS ?? 3));
      for (const [cols, rows] of screens) {
        const profileDir = profileRoot ? join(profileRoot, `${messages}-${cols}x${rows}`) : undefined;
        out.push(
          ...(await attempt(`transcript of ${messages} messages at ${cols}×${rows}`, async () => {
            const floor = (): Promise<number> => streamFloorSeconds(streamedAnswer(answerChars), chunkSize, chunkDelayMs);
            const floorSeconds = [await floor()];
            const first = await measureTranscript(messages, preload, true, profileDir, cols, rows);
            const seconds = [first.stream.cpuSeconds];
            while (seconds.length < repeats) {
              floorSeconds.push(await floor());
              seconds.push((await measureTranscript(messages, preload, true, undefined, cols, rows)).stream.cpuSeconds);
            }
            return transcriptLines(first, { seconds, floorSeconds });
          })),
        );
      }
    }
    if (process.env.REIN_BENCH_RENDER_TURNS !== '0') {
      for (const [cols, rows] of screens) out.push(...(await attempt(`memory over turns at ${cols}×${rows}`, async () => turnsLines(await measureTurns(cols, rows)))));
    }
  } finally {
    if (profileRoot && !keptProfiles) rmSync(profileRoot, { recursive: true, force: true });
  }
  return out;
}
