// Runs the user's status line command as Claude Code does: session facts as JSON on stdin, its stdout is the status
// line. Updates are debounced (300 ms) and a newer one cancels a run still going, so it never competes with typing.
import { spawnHook } from './spawnHook.js';
import type { HookCommand } from './hookTypes.js';
import type { StatusLineSetting } from './statusLineConfig.js';

export interface StatusLineRunnerOptions {
  setting: StatusLineSetting;
  /** The project folder: the command runs there, and CLAUDE_PROJECT_DIR names it. */
  projectDir: string;
  /** The text to show, or undefined to show none (a command that failed or printed nothing). */
  onText: (text: string | undefined) => void;
  /** The terminal's size, for COLUMNS and LINES (the command's output is captured, so it cannot ask the terminal). */
  size?: () => { columns: number; rows: number };
  debounceMs?: number;
  /** A run taking longer is stopped (default 5 s). */
  timeoutMs?: number;
}

export class StatusLineRunner {
  private timer: NodeJS.Timeout | undefined;
  private interval: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private input: (() => unknown) | undefined;
  private disposed = false;
  /** How many runs have finished (tests wait on it). */
  runs = 0;

  constructor(private readonly o: StatusLineRunnerOptions) {
    const every = o.setting.refreshIntervalS;
    if (every) {
      this.interval = setInterval(() => this.request(), every * 1000);
      this.interval.unref();
    }
  }

  /** Asks for a run with the newest facts (`input` is read when the run starts); runs settle into one. */
  request(input?: () => unknown): void {
    if (input) this.input = input;
    if (this.disposed || !this.input) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runNow(), this.o.debounceMs ?? 300);
    this.timer.unref();
  }

  private async runNow(): Promise<void> {
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const size = this.o.size?.() ?? { columns: process.stdout.columns ?? 80, rows: process.stdout.rows ?? 24 };
    const hook: HookCommand = { event: 'Notification', matcher: '', command: this.o.setting.command, timeoutMs: this.o.timeoutMs ?? 5_000, file: this.o.setting.file, scope: 'user' };
    const run = await spawnHook(hook, this.input?.() ?? {}, {
      cwd: this.o.projectDir,
      env: { CLAUDE_PROJECT_DIR: this.o.projectDir, REIN_PROJECT_DIR: this.o.projectDir, COLUMNS: String(size.columns), LINES: String(size.rows) },
      signal: controller.signal,
      killGraceMs: 200,
    }).catch(() => undefined);
    // A newer request took over: its own run reports.
    if (controller.signal.aborted || this.disposed) return;
    this.inFlight = undefined;
    this.runs += 1;
    const text = run && run.exitCode === 0 ? run.stdout.replace(/\s+$/, '') : '';
    this.o.onText(text === '' ? undefined : text);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    clearInterval(this.interval);
    this.inFlight?.abort();
  }
}
