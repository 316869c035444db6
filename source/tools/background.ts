// Background shell tasks: started by the bash tool, watched by the UI, read by the model through bash_output.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '../util/redact.js';
import type { BackgroundTaskInfo } from '../protocol/events.js';
import { spawnShell, type ShellProcess } from './processGroup.js';
import { beginShutdown } from './processRegistry.js';
import type { SandboxRun } from './sandboxRun.js';
import { errorMessage } from '../util/errors.js';
import { formatInt } from '../util/format.js';

export interface BackgroundTasksOptions {
  /** Output kept per task; older output is dropped first. */
  maxOutputChars?: number;
  /** Where a finished task's output is saved in full (the session's `outputs/` folder). */
  outputDir?: string;
  /** Output kept in memory for a finished task once the model was told it ended; the rest is in the saved file. */
  keptTailChars?: number;
  /** Minimum time between two output notifications of one task (start and exit always notify). */
  notifyIntervalMs?: number;
  killGraceMs?: number;
  now?: () => number;
}

interface Task {
  info: BackgroundTaskInfo;
  process: ShellProcess;
  output: string;
  /** Characters dropped from the front of `output` so far. */
  dropped: number;
  /** Absolute offset (counting dropped characters) up to which readNew has returned output. */
  readOffset: number;
  killed: boolean;
  /** The model has seen how this task ended (or it is still running). */
  seen: boolean;
  /** The file holding the task's output, once it ended and was saved. */
  savedPath?: string;
  /** Characters dropped before the output was saved (so the file lacks them too). */
  droppedBeforeSave: number;
  lastNotify: number;
  pendingNotify?: NodeJS.Timeout;
  exited: Promise<void>;
}

const lastLineOf = (text: string): string => {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return lines[i].trim();
  return '';
};

export class BackgroundTasks {
  private readonly tasks = new Map<string, Task>();
  private readonly listeners = new Set<(info: BackgroundTaskInfo) => void>();
  private nextId = 1;
  private readonly maxOutputChars: number;
  private readonly keptTailChars: number;
  private readonly outputDir: string | undefined;
  private readonly notifyIntervalMs: number;
  private readonly killGraceMs: number | undefined;
  private readonly now: () => number;

  constructor(options: BackgroundTasksOptions = {}) {
    this.maxOutputChars = options.maxOutputChars ?? 4_000_000;
    this.keptTailChars = options.keptTailChars ?? 20_000;
    this.outputDir = options.outputDir;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 250;
    this.killGraceMs = options.killGraceMs;
    this.now = options.now ?? Date.now;
  }

  /** `sandbox`: the command runs inside it, released once the command has exited. */
  /** `runAs`: what bash runs when it differs from what is shown (the hooks' environment sourced first). */
  start(command: string, cwd: string, sandbox?: SandboxRun, runAs = command): BackgroundTaskInfo {
    return this.track(command, undefined, (onOutput) => {
      const shell = spawnShell(runAs, { cwd, killGraceMs: this.killGraceMs, onOutput, wrap: sandbox?.words });
      void shell.exited.then(() => sandbox?.release());
      return shell;
    });
  }

  /**
   * Background work that is not a shell command (a subagent): it writes its output through `onOutput` and
   * resolves with an exit code; kill_task, Esc and shutdown abort its signal.
   */
  startWork(label: string, work: (onOutput: (chunk: string) => void, signal: AbortSignal) => Promise<number>): BackgroundTaskInfo {
    return this.track(label, 'subagent', (onOutput) => {
      const controller = new AbortController();
      // Started on the next tick, so output never arrives before the task is tracked.
      const exited = Promise.resolve().then(() => work(onOutput, controller.signal)).then(
        (exitCode) => ({ exitCode, signal: undefined }),
        (err: unknown) => ({ exitCode: 1, signal: undefined, spawnError: errorMessage(err) }),
      );
      return { pid: undefined, exited, kill: async () => { controller.abort(); await exited; } };
    });
  }

  /** Stops every background subagent (Esc stops them with the run). */
  async killSubagents(): Promise<void> {
    await Promise.all([...this.tasks.values()].filter((t) => t.info.kind === 'subagent').map((t) => this.kill(t.info.taskId)));
  }

  private track(command: string, kind: 'subagent' | undefined, launch: (onOutput: (chunk: string) => void) => ShellProcess): BackgroundTaskInfo {
    const taskId = `bg${this.nextId++}`;
    const info: BackgroundTaskInfo = { taskId, command, status: 'running', startedAt: this.now(), lastLine: '', ...(kind ? { kind } : {}) };
    // Output arrives only after launch returns, when `task` is set.
    const process = launch((chunk) => this.append(task, chunk));
    const task: Task = {
      info,
      output: '',
      dropped: 0,
      readOffset: 0,
      killed: false,
      seen: true,
      droppedBeforeSave: 0,
      lastNotify: 0,
      process,
      exited: Promise.resolve(),
    };
    task.exited = task.process.exited.then(async (exit) => {
      if (exit.spawnError) this.append(task, `${exit.spawnError}\n`);
      clearTimeout(task.pendingNotify);
      await this.save(task);
      task.info.exitCode = exit.exitCode;
      task.info.status = task.killed ? 'killed' : exit.exitCode === 0 ? 'exited' : 'failed';
      task.info.endedAt = this.now();
      // Reported through takeFinished until the model reads it (kill_task reads it, so its own kills are not repeated).
      task.seen = false;
      this.notify(task);
    });
    this.tasks.set(taskId, task);
    this.notify(task);
    return { ...info };
  }

  list(): BackgroundTaskInfo[] {
    return [...this.tasks.values()].map((task) => ({ ...task.info }));
  }

  get(taskId: string): BackgroundTaskInfo | undefined {
    const task = this.tasks.get(taskId);
    return task ? { ...task.info } : undefined;
  }

  output(taskId: string): string {
    return this.tasks.get(taskId)?.output ?? '';
  }

  /** Output since the previous readNew; reading a finished task marks its end as seen by the model. */
  readNew(taskId: string): { output: string; info: BackgroundTaskInfo } | undefined {
    const task = this.tasks.get(taskId);
    if (!task) return undefined;
    const end = task.dropped + task.output.length;
    let output = task.output.slice(Math.max(0, task.readOffset - task.dropped));
    if (task.readOffset < task.dropped) {
      const count = formatInt(task.dropped - task.readOffset);
      const where = !task.savedPath ? ''
        : task.droppedBeforeSave === 0 ? `; the full output is in ${task.savedPath}`
        : `; the last ${formatInt(this.maxOutputChars)} are in ${task.savedPath}`;
      output = `[… ${count} earlier characters were dropped${where} …]\n${output}`;
    }
    task.readOffset = end;
    if (task.info.status !== 'running') this.markSeen(task);
    return { output, info: { ...task.info } };
  }

  /** Kills the task's whole process group; false when the id is unknown or the task had already ended. */
  async kill(taskId: string): Promise<boolean> {
    const task = this.tasks.get(taskId);
    if (!task || task.info.status !== 'running') return false;
    task.killed = true;
    await task.process.kill();
    await task.exited;
    return true;
  }

  /** Stops every task as the session closes; the commands still running count as stopped by rein's shutdown. */
  async killAll(): Promise<void> {
    beginShutdown();
    await Promise.all([...this.tasks.keys()].map((taskId) => this.kill(taskId)));
  }

  onChange(listener: (info: BackgroundTaskInfo) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tasks that ended (or were killed from the UI) since the last call and whose result the model has not seen yet. */
  takeFinished(): BackgroundTaskInfo[] {
    const finished: BackgroundTaskInfo[] = [];
    for (const task of this.tasks.values()) {
      if (task.info.status !== 'running' && !task.seen) {
        this.markSeen(task);
        finished.push({ ...task.info });
      }
    }
    return finished;
  }

  /** Writes a finished task's output to the session folder; without a folder (or on failure) it stays in memory only. */
  private async save(task: Task): Promise<void> {
    if (!this.outputDir || task.output === '') return;
    const file = path.join(this.outputDir, `background-${task.info.taskId}-${task.info.startedAt}.txt`);
    try {
      await fs.mkdir(this.outputDir, { recursive: true });
      await fs.writeFile(file, redactSecrets(task.output));
      task.savedPath = file;
      task.droppedBeforeSave = task.dropped;
    } catch {
      // The output stays in memory (the tail of it, once reported); the drop marker then names no file.
    }
  }

  /** Once the model was told a task ended, only a tail stays in memory: long-lived sessions run many tasks. */
  private markSeen(task: Task): void {
    task.seen = true;
    if (task.output.length <= this.keptTailChars) return;
    const drop = task.output.length - this.keptTailChars;
    task.output = task.output.slice(drop);
    task.dropped += drop;
  }

  private append(task: Task, chunk: string): void {
    task.output += chunk;
    if (task.output.length > this.maxOutputChars) {
      const drop = task.output.length - this.maxOutputChars;
      task.output = task.output.slice(drop);
      task.dropped += drop;
    }
    const line = lastLineOf(chunk);
    if (line !== '') task.info.lastLine = line.slice(0, 500);
    this.notifyThrottled(task);
  }

  /** At most one output notification per interval per task; the last one is delivered late rather than lost. */
  private notifyThrottled(task: Task): void {
    if (task.pendingNotify) return;
    const wait = task.lastNotify + this.notifyIntervalMs - this.now();
    if (wait <= 0) {
      this.notify(task);
      return;
    }
    task.pendingNotify = setTimeout(() => {
      task.pendingNotify = undefined;
      if (task.info.status === 'running') this.notify(task);
    }, wait);
  }

  private notify(task: Task): void {
    task.lastNotify = this.now();
    const snapshot = { ...task.info };
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch {
        // A broken listener must not stop the task or the other listeners.
      }
    }
  }
}
