// Measures rein from outside, as a person runs it: the provider is another process, rein starts in tmux with the
// node flags `npm start` uses and the terminal a person has (TERM=xterm-256color, no CI variable, so colours on),
// and every figure is the operating system's: /proc/<pid>/stat CPU of the whole process, VmHWM, the process's start time.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import startFlags from '../scripts/node-flags.json' with { type: 'json' };
import { perfTimeOfBootTicks } from './bootClock.js';
import { RemoteScript } from './remoteScript.js';
import { ContentMaker, streamedAnswer } from './renderContent.js';
import { liveRunTurns, allowBenchCommands, writeFixtureFiles } from './renderLive.js';
import { shareCodeCache, warmCodeCache } from './codeCache.js';
import { mb } from './stats.js';
import { cliPath } from './ptyApp.js';

const run = promisify(execFile);
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** utime + stime of the whole process (every thread), and its start as a performance.now() time. */
function procStat(pid: number): { cpu: number; startedAt: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { cpu: (Number(f[11]) + Number(f[12])) / ticks, startedAt: perfTimeOfBootTicks(Number(f[19]), ticks) };
}

/**
 * When the process's first frame reached the terminal, and its CPU then: tmux copies everything the pane receives
 * to `file` (pipe-pane, set in the same tmux command that starts rein, so nothing is missed), and the file is read
 * every millisecond or two until it holds the end of a synchronized frame. Counting the process's written bytes
 * instead (/proc/<pid>/io) is early: libuv's wake-up writes of 8 bytes each pass any threshold before the frame.
 * Polling tmux's screen runs a tmux client each time, which on a busy machine is late by up to a second.
 */
function watchFirstFrame(pid: number, file: string): Promise<{ at: number; cpu: number } | undefined> {
  return new Promise((done) => {
    const deadline = performance.now() + 60_000;
    const look = (): void => {
      try {
        if (existsSync(file) && readFileSync(file, 'latin1').includes(syncEnd)) return done({ at: performance.now(), cpu: procStat(pid).cpu });
      } catch {
        return done(undefined);
      }
      if (performance.now() > deadline) return done(undefined);
      setTimeout(look, 1);
    };
    look();
  });
}

/** The end of a synchronized-output frame (DEC mode 2026), which rein writes at the end of every frame. */
const syncEnd = '\x1b[?2026l';

const peakRss = (pid: number): number => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export interface OutsideFigures {
  size: string;
  firstFrameMs: number;
  /** utime + stime of the process when its first frame was seen. */
  firstFrameCpu: number;
  streamCpu: number;
  streamSeconds: number;
  rssAfter1: number;
  rssAfter60: number;
}

/**
 * One whole measurement at a terminal size, with the render bench's own scenario: first frame of an empty session,
 * the 12 KB answer streamed 4 characters every 5 ms (CPU from the request's arrival to a quiet screen), then live
 * runs of 2 tool rounds and a 3 KB answer, peak RSS after 1 and after 60. `firstFrameOnly` ends the session after its first frame.
 */
/** The figures of a start measured only to its first frame: the rest is not a number. */
export function firstFrameFigures(cols: number, rows: number, firstFrameMs: number, firstFrameCpu: number): OutsideFigures {
  return { size: `${cols}x${rows}`, firstFrameMs, firstFrameCpu, streamCpu: Number.NaN, streamSeconds: Number.NaN, rssAfter1: Number.NaN, rssAfter60: Number.NaN };
}

export async function measureOutside(cols: number, rows: number, turns = 60, firstFrameOnly = false): Promise<OutsideFigures> {
  const server = await RemoteScript.start();
  const socket = `rein-outside-${process.pid}-${cols}`;
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'rein-outside-home-')));
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'rein-outside-cwd-')));
  // The terminal a person has, set in tmux's config rather than by tmux clients run while rein starts.
  const tmuxConf = join(home, 'tmux.conf');
  writeFileSync(tmuxConf, 'set -g status off\nset -g default-terminal xterm-256color\n');
  // tmux's server, started by the first call, passes its environment to the pane: as a person's shell has it (no CI
  // variable, so colours on; no NODE_OPTIONS).
  const paneEnv: NodeJS.ProcessEnv = { ...process.env, REIN_HOME: home, OPENAI_API_KEY: 'x' };
  for (const key of ['CI', 'FORCE_COLOR', 'NO_COLOR', 'NODE_OPTIONS', 'TMUX']) delete paneEnv[key];
  const tmux = (...args: string[]) => run('tmux', ['-L', socket, '-f', tmuxConf, ...args], { encoding: 'utf8', env: paneEnv });
  writeFixtureFiles(cwd);
  allowBenchCommands(home);
  shareCodeCache(home);
  let pid = 0;
  try {
    const url = server.baseUrl;
    const paneFile = join(home, 'pane-output.bin');
    // node is the pane's own process, started with no shell before it, as the pty bench starts it; tmux prints its pid.
    const started = await tmux('new-session', '-d', '-P', '-F', '#{pane_pid}', '-s', 'm', '-x', String(cols), '-y', String(rows), '-c', cwd,
      process.execPath, ...startFlags, cliPath(), '--provider', 'openai', '--base-url', url, '--model', 'bench',
      ';', 'pipe-pane', '-o', '-t', 'm', `cat > '${paneFile}'`);
    pid = Number(started.stdout.trim().split('\n')[0]);
    const firstWrite = watchFirstFrame(pid, paneFile);
    const capture = async (): Promise<string> => (await tmux('capture-pane', '-p', '-t', 'm')).stdout;
    const waitScreen = async (test: (s: string) => boolean, what: string, timeoutMs = 60_000): Promise<string> => {
      for (const deadline = performance.now() + timeoutMs; performance.now() < deadline; await sleep(3)) {
        const screen = await capture();
        if (test(screen)) return screen;
      }
      throw new Error(`rein did not show ${what}`);
    };
    const quiet = async (ms: number): Promise<void> => {
      let last = await capture();
      for (let since = performance.now(); performance.now() - since < ms; await sleep(20)) {
        const now = await capture();
        if (now !== last) since = performance.now();
        last = now;
      }
    };
    // The first frame is watched before the screen is polled: a tmux client started every few milliseconds while
    // rein starts would take the cores rein starts on, which nobody does to a terminal while a program starts.
    const begun = procStat(pid);
    const written = await firstWrite;
    if (written === undefined) throw new Error('rein wrote no first frame within 60 s');
    await tmux('pipe-pane', '-t', 'm');
    await waitScreen((s) => s.includes('Type a message'), 'its prompt');
    const firstFrameMs = written.at - begun.startedAt;
    const firstFrameCpu = written.cpu;
    if (firstFrameOnly) return firstFrameFigures(cols, rows, firstFrameMs, firstFrameCpu);
    await quiet(500);
    const send = async (text: string): Promise<void> => {
      await tmux('send-keys', '-t', 'm', '-l', text);
      await waitScreen((s) => s.includes(text), 'the typed prompt', 10_000);
      await tmux('send-keys', '-t', 'm', 'Enter');
    };
    // The streamed answer, CPU from the request's arrival to the screen going quiet after the answer ended.
    let cpuBefore = 0;
    const before = server.served.length;
    server.push([{ text: streamedAnswer(12 * 1024), chunkSize: 4, chunkDelayMs: 5 }], () => (cpuBefore = procStat(pid).cpu));
    await send('summarise_the_render_pipeline!');
    await server.waitServed(before + 1, 180_000);
    await quiet(300);
    const streamCpu = procStat(pid).cpu - cpuBefore;
    const request = server.served[before];
    // Memory over turns: the render bench's live runs (2 tool rounds, then a 3 KB answer).
    const make = new ContentMaker(9);
    let rssAfter1 = 0;
    for (let turn = 1; turn <= turns; turn++) {
      const runTurns = liveRunTurns(make, { rounds: 2, answerChars: 3_000, leadChars: 60 });
      const expected = server.served.length + runTurns.length;
      server.push(runTurns);
      // Typed and sent at once, as the render bench's live runs are: the screen may still be drawing the last run.
      await tmux('send-keys', '-t', 'm', '-l', make.prompt().slice(0, 60));
      await tmux('send-keys', '-t', 'm', 'Enter');
      await server.waitServed(expected, 60_000);
      if (turn === 1) {
        await quiet(300);
        rssAfter1 = peakRss(pid);
      }
    }
    await quiet(300);
    return { size: `${cols}x${rows}`, firstFrameMs, firstFrameCpu, streamCpu, streamSeconds: ((request.respondedAt ?? request.receivedAt) - request.receivedAt) / 1000, rssAfter1, rssAfter60: peakRss(pid) };
  } finally {
    await tmux('kill-server').catch(() => undefined);
    // rein's way out of the hang-up writes to its home (the session log, the code cache): its folders go after it.
    for (const deadline = performance.now() + 10_000; pid > 0 && existsSync(`/proc/${pid}`) && performance.now() < deadline; ) await sleep(10);
    server.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
}

export async function benchOutside(): Promise<string[]> {
  const out = ['outside: rein in tmux as a person starts it (node ' + startFlags.join(' ') + ' ' + relative(process.cwd(), cliPath()) + ', TERM=xterm-256color, no CI variable), the provider a separate process; figures from /proc'];
  const turns = Number(process.env.REIN_BENCH_OUTSIDE_TURNS ?? 60);
  await warmCodeCache();
  for (const [cols, rows] of [[120, 40], [80, 24]] as const) {
    const f = await measureOutside(cols, rows, turns);
    out.push(
      `  ${f.size}: first frame ${(f.firstFrameMs / 1000).toFixed(2)} s (${f.firstFrameCpu.toFixed(2)} CPU-s) · stream CPU ${f.streamCpu.toFixed(2)} s over ${f.streamSeconds.toFixed(1)} s · peak RSS ${mb(f.rssAfter1)} after 1 turn, ${mb(f.rssAfter60)} after ${turns}`,
    );
  }
  return out;
}
