// Runs the built rein TUI on a pseudo-terminal and records every byte it writes, with arrival times, for the render bench.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import xterm from '@xterm/headless';
import pty from '@lydell/node-pty';
import startFlags from '../scripts/node-flags.json' with { type: 'json' };
import { perfTimeOfBootTicks } from './bootClock.js';

export { startFlags };

export interface PtyAppOptions {
  /** Working directory rein starts in (the transcript's cwd). */
  cwd: string;
  /** $REIN_HOME for this run. */
  home: string;
  /** The mock server's OpenAI-style base URL (…/v1). */
  baseUrl: string;
  /** Extra CLI arguments, e.g. ['--resume', id]. */
  args?: string[];
  cols?: number;
  rows?: number;
  /**
   * Colours as a person's xterm-256color terminal has them (the default: no CI variable, which supports-color
   * reads as a CI machine with colours off); false sets NO_COLOR.
   */
  colour?: boolean;
  /** Node flags for the rein process, e.g. ['--cpu-prof', '--cpu-prof-dir=…']. */
  nodeFlags?: string[];
  /** Variables set in the rein process's environment after the bench's own (e.g. CI=false, as an old setup had it). */
  env?: Record<string, string>;
}

/** One read from the pty: when it arrived (performance.now()), its raw bytes and its text. */
export interface OutputChunk {
  at: number;
  bytes: number;
  text: string;
}

export const benchCols = 120;
export const benchRows = 40;
let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc/<pid>/stat times, from `getconf CLK_TCK` (100 on Linux). */
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The rein build under test; REIN_BENCH_CLI points at another build, to compare builds with the same bench. */
export const cliPath = (): string => resolve(process.env.REIN_BENCH_CLI ?? 'dist/cli.js');

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The rein process's environment. Keys are deleted, not set to undefined: node-pty would pass the text "undefined". */
function benchEnv(opts: PtyAppOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  // As a person's shell has it: no CI variable (Ink would print only static output under CI=true).
  for (const key of ['CI', 'FORCE_COLOR', 'NO_COLOR', 'NODE_OPTIONS', 'ANTHROPIC_API_KEY', 'DEEPSEEK_API_KEY']) delete env[key];
  Object.assign(env, { TERM: 'xterm-256color', REIN_HOME: opts.home, OPENAI_API_KEY: 'x' });
  if (opts.colour === false) env.NO_COLOR = '1';
  Object.assign(env, opts.env ?? {});
  return env;
}

export class PtyApp {
  readonly chunks: OutputChunk[] = [];
  readonly spawnedAt: number;
  /** process.hrtime.bigint() at the spawn, to line up with the rein process's CPU profile. */
  readonly spawnedNs: bigint;
  exitCode: number | undefined;
  /**
   * utime + stime of the process when its first frame's end (?2026l) arrived: the start-up's cost in CPU, which a
   * busy machine does not inflate as it does the wall time.
   */
  firstFrameCpuSeconds: number | undefined;
  private outputTail = '';
  readonly cols: number;
  readonly rows: number;
  private readonly term: pty.IPty;
  private readonly decoder = new StringDecoder('utf8');
  private readonly exited: Promise<void>;
  private waiters: Array<() => void> = [];
  /** A headless terminal fed the output in order, for waits on what the screen shows rather than on bytes. */
  private screenTerm: InstanceType<typeof xterm.Terminal> | undefined;
  private fedChunks = 0;

  constructor(opts: PtyAppOptions) {
    const cli = cliPath();
    // REIN_BENCH_NODE_FLAGS adds node flags to every rein process (e.g. --max-old-space-size=96), for experiments.
    const extraFlags = (process.env.REIN_BENCH_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
    // Started as `npm start` starts it, with the same node flags.
    const args = [...startFlags, ...extraFlags, ...(opts.nodeFlags ?? []), cli, '--provider', 'openai', '--base-url', opts.baseUrl, '--model', 'bench', ...(opts.args ?? [])];
    this.cols = opts.cols ?? benchCols;
    this.rows = opts.rows ?? benchRows;
    this.spawnedAt = performance.now();
    this.spawnedNs = process.hrtime.bigint();
    // encoding null hands over raw Buffers, so byte counts are exact and multibyte characters split across reads decode correctly.
    this.term = pty.spawn(process.execPath, args, {
      name: 'xterm-256color',
      cols: this.cols,
      rows: this.rows,
      cwd: opts.cwd,
      encoding: null,
      env: benchEnv(opts),
    });
    this.term.onData((data: string | Buffer) => {
      const at = performance.now();
      const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      const text = this.decoder.write(buffer);
      this.chunks.push({ at, bytes: buffer.length, text });
      if (this.firstFrameCpuSeconds === undefined) {
        if ((this.outputTail + text).includes('\x1b[?2026l')) this.firstFrameCpuSeconds = this.cpuSeconds();
        this.outputTail = text.slice(-7);
      }
      this.wake();
    });
    this.exited = new Promise((done) => {
      this.term.onExit(({ exitCode }) => {
        this.exitCode = exitCode;
        this.wake();
        done();
      });
    });
  }

  get pid(): number {
    return this.term.pid;
  }

  /** Index of the next chunk to arrive: a bookmark for later searches. */
  mark(): number {
    return this.chunks.length;
  }

  write(data: string): void {
    this.term.write(data);
  }

  /** All text from chunk `from` (inclusive) to `to` (exclusive). */
  textBetween(from: number, to = this.chunks.length): string {
    let text = '';
    for (let i = from; i < to; i++) text += this.chunks[i].text;
    return text;
  }

  bytesBetween(from: number, to = this.chunks.length): number {
    let bytes = 0;
    for (let i = from; i < to; i++) bytes += this.chunks[i].bytes;
    return bytes;
  }

  /** Waits for the first chunk at or after `from` that satisfies `test`; returns its index. */
  async waitForChunk(from: number, test: (chunk: OutputChunk) => boolean, timeoutMs: number, what: string): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    let i = from;
    for (;;) {
      for (; i < this.chunks.length; i++) if (test(this.chunks[i])) return i;
      if (this.exitCode !== undefined) throw new Error(`rein exited (code ${this.exitCode}) while the bench waited for ${what}.`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`rein did not show ${what} within ${timeoutMs} ms.`);
      await this.nextChunk(left);
    }
  }

  /** Waits until `text` has appeared in the output written since chunk `from`; returns the index of the chunk that completed it. */
  async waitForText(from: number, text: string, timeoutMs: number): Promise<number> {
    let seen = '';
    return this.waitForChunk(from, (chunk) => {
      seen = (seen + chunk.text).slice(-(text.length + chunk.text.length));
      return seen.includes(text);
    }, timeoutMs, JSON.stringify(text));
  }

  /**
   * Waits until the emulated screen shows `text` on one row, after chunk `from` or later; returns the index of the
   * chunk that drew it. The writer may send only the changed cells of a row, so the bytes alone need not hold it.
   */
  async waitForScreenText(from: number, text: string, timeoutMs: number): Promise<number> {
    const term = (this.screenTerm ??= new xterm.Terminal({ cols: this.term.cols, rows: this.term.rows, allowProposedApi: true }));
    const feed = (chunk: OutputChunk): Promise<void> => new Promise((done) => term.write(chunk.text, done));
    const shows = (): boolean => {
      const buffer = term.buffer.active;
      for (let row = 0; row < term.rows; row++) if (buffer.getLine(buffer.baseY + row)?.translateToString(true).includes(text)) return true;
      return false;
    };
    while (this.fedChunks < from && this.fedChunks < this.chunks.length) await feed(this.chunks[this.fedChunks++]);
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      while (this.fedChunks < this.chunks.length) {
        const index = this.fedChunks++;
        await feed(this.chunks[index]);
        if (index >= from && shows()) return index;
      }
      if (this.exitCode !== undefined) throw new Error(`rein exited (code ${this.exitCode}) while the bench waited for ${JSON.stringify(text)}.`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`rein did not show ${JSON.stringify(text)} within ${timeoutMs} ms.`);
      await this.nextChunk(left);
    }
  }

  /** Waits until nothing has been written for `quietMs`. */
  async waitForQuiet(quietMs: number, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const last = this.chunks.length > 0 ? this.chunks[this.chunks.length - 1].at : this.spawnedAt;
      const idleFor = performance.now() - last;
      if (idleFor >= quietMs) return;
      if (performance.now() > deadline) throw new Error(`rein kept writing for more than ${timeoutMs} ms.`);
      await sleep(quietMs - idleFor);
    }
  }

  /**
   * When the kernel started the rein process, on performance.now()'s clock: the start an outside measurement
   * counts from (the spawn call's own moment is earlier by the fork and exec).
   */
  processStartedAt(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    return perfTimeOfBootTicks(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]), clockTicksPerSecond());
  }

  /** utime + stime of the rein process so far, in seconds. */
  cpuSeconds(): number {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond();
  }

  /** utime + stime of the process's main (JavaScript) thread alone, in seconds; the rest is V8's and libuv's helper threads. */
  mainThreadCpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.pid}/task/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond();
  }

  /** Peak resident set size so far (VmHWM), in bytes. */
  peakRss(): number {
    return this.statusBytes('VmHWM');
  }

  /** Resident set size now (VmRSS), in bytes. */
  rss(): number {
    return this.statusBytes('VmRSS');
  }

  private statusBytes(field: string): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${this.pid}/status has no ${field} line.`);
    return Number(match[1]) * 1024;
  }

  /** Asks rein to exit (Ctrl+C twice with an empty prompt) and kills it if it does not. */
  async close(timeoutMs = 5_000): Promise<void> {
    if (this.exitCode === undefined) {
      this.write('\x15'); // Ctrl+U: an empty prompt, so Ctrl+C means exit rather than clear
      await sleep(30);
      this.write('\x03');
      await sleep(30);
      this.write('\x03');
      this.screenTerm?.dispose();
      this.screenTerm = undefined;
      const timedOut = await Promise.race([this.exited.then(() => false), sleep(timeoutMs).then(() => true)]);
      if (timedOut) {
        this.term.kill('SIGKILL');
        await this.exited;
      }
    }
  }

  private nextChunk(timeoutMs: number): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(done, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
