// bash: runs a shell command in its own process group with a timeout, streaming output lines as progress.
import { promises as fs, statSync } from 'node:fs';
import { defaultKillGraceMs, prepareExeca, spawnShell } from './processGroup.js';
import { backgroundStartedLine } from './taskStatus.js';
import { defineTool, errorResult, textResult, type ToolDefinition } from './types.js';
import { formatInt } from '../util/format.js';

export interface BashArgs {
  command: string;
  timeout?: number;
  description?: string;
  run_in_background?: boolean;
}

const defaultBashTimeoutMs = 120_000;
const maxBashTimeoutMs = 600_000;
/** Head and tail of the output kept in memory; the runner cuts it further for the model and saves what is kept. */
const keepHeadChars = 1_000_000;
const keepTailChars = 4_000_000;
/** At most one progress line per interval; the latest line wins so the UI shows where the command is. */
const progressIntervalMs = 50;

/** Keeps the start and the end of a possibly endless output within a memory budget. */
class HeadTailBuffer {
  private head = '';
  private tail = '';
  private dropped = 0;

  push(chunk: string): void {
    if (this.head.length < keepHeadChars) {
      const room = keepHeadChars - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === '') return;
    this.tail += chunk;
    if (this.tail.length > keepTailChars) {
      this.dropped += this.tail.length - keepTailChars;
      this.tail = this.tail.slice(this.tail.length - keepTailChars);
    }
  }

  text(): string {
    if (this.dropped === 0) return this.head + this.tail;
    return `${this.head}\n[… ${formatInt(this.dropped)} characters of output dropped …]\n${this.tail}`;
  }
}

/** Turns output chunks into throttled progress lines. */
function progressReporter(onProgress: (text: string) => void): { push(chunk: string): void; flush(): void } {
  let partial = '';
  let pending: string | undefined;
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = (): void => {
    timer = undefined;
    if (pending === undefined) return;
    lastSent = Date.now();
    const line = pending;
    pending = undefined;
    onProgress(line);
  };
  return {
    push(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      const last = lines.filter((line) => line.trim() !== '').pop();
      if (last === undefined) return;
      pending = last.slice(0, 500);
      if (Date.now() - lastSent >= progressIntervalMs) send();
      else timer ??= setTimeout(send, progressIntervalMs);
    },
    flush() {
      clearTimeout(timer);
      if (partial.trim() !== '') pending = partial.slice(0, 500);
      partial = '';
      send();
    },
  };
}

/**
 * A last line left without a newline that ends like a question or a prompt ("Password:", "Continue? [y/N]"), or a
 * program saying it wants a terminal (vi's "Input is not from a terminal").
 */
const waitingForInput = (output: string): boolean =>
  (/[:?>\])]\s*$/.test(output.slice(output.lastIndexOf('\n') + 1)) && !output.endsWith('\n')) || /\b(input|stdin) is not (from )?a (terminal|tty)\b/i.test(output);

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(2))} s`;

export interface BashToolOptions {
  /** Time between SIGTERM and SIGKILL when a command is stopped. */
  killGraceMs?: number;
}

export function createBashTool(options: BashToolOptions = {}): ToolDefinition<BashArgs> {
  return defineTool<BashArgs>({
    name: 'bash',
    prepare: prepareExeca,
    description:
      'Run a bash command in the working folder; stdout and stderr come back together, with the exit code when not 0. ' +
      'Each call is a new shell (cd does not persist: `cd dir && cmd`). Long output is cut to its start and end, the whole saved to a file. ' +
      'run_in_background for servers and watchers, then bash_output and kill_task. To read, search or edit files use read_file, grep, glob and edit_file.',
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1 },
        timeout: { type: 'integer', minimum: 1, maximum: maxBashTimeoutMs, description: 'Milliseconds (default 120000)' },
        description: { type: 'string', description: 'What it does, in 5-10 words' },
        run_in_background: { type: 'boolean' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    readOnly: false,
    kind: 'execute',
    // The command enforces its own timeout (and reports partial output); the runner's is only a backstop.
    timeoutMs: (args) => Math.min(args.timeout ?? defaultBashTimeoutMs, maxBashTimeoutMs) + 5_000 + (options.killGraceMs ?? defaultKillGraceMs),
    summarize: (args) => args.command,

    async execute(args, ctx) {
      const command = withHookEnv(args.command, ctx.state.envFile);
      if (args.run_in_background) {
        const task = ctx.state.background.start(args.command, ctx.cwd, ctx.outsideSandbox ? undefined : ctx.state.sandbox?.(), command);
        return textResult(
          `Started in the background as ${task.taskId}. Read its output with bash_output (task_id "${task.taskId}"), ` +
            `stop it with kill_task; you will be told when it ends.`,
          false,
          backgroundStartedLine(task.taskId),
        );
      }
      if (!(await fs.stat(ctx.cwd).then((s) => s.isDirectory(), () => false))) {
        return errorResult(`The working folder ${ctx.cwd} does not exist, so bash cannot run there; start rein in an existing folder.`);
      }
      const timeoutMs = Math.min(args.timeout ?? defaultBashTimeoutMs, maxBashTimeoutMs);
      const output = new HeadTailBuffer();
      const progress = progressReporter(ctx.onProgress);
      const sandbox = ctx.outsideSandbox ? undefined : ctx.state.sandbox?.();
      const shell = spawnShell(command, {
        cwd: ctx.cwd,
        killGraceMs: options.killGraceMs,
        wrap: sandbox?.words,
        onOutput: (chunk) => {
          // Binary output: NUL bytes mean nothing to the model and some APIs refuse them.
          chunk = chunk.replace(/\u0000/g, '');
          output.push(chunk);
          progress.push(chunk);
        },
      });
      let timedOut = false;
      let stopping: Promise<void> | undefined;
      const timer = setTimeout(() => {
        timedOut = true;
        stopping ??= shell.kill();
      }, timeoutMs);
      const onAbort = (): void => {
        stopping ??= shell.kill();
      };
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      if (ctx.signal.aborted) onAbort();
      const exit = await shell.exited;
      sandbox?.release();
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      await stopping;
      progress.flush();

      if (exit.spawnError) return errorResult(`bash could not start: ${exit.spawnError}`);
      const lines = [output.text().replace(/\n$/, '')];
      if (timedOut) lines.push(`[killed after timeout of ${seconds(timeoutMs)}${waitingForInput(output.text()) ? '; it seems to be waiting for input, which commands here never get (stdin is closed): pass the answer as an argument or a flag such as --yes' : '; if it was waiting for input, pass the answer as an argument or a flag such as --yes, since stdin is closed'}]`);
      else if (ctx.signal.aborted) lines.push('[interrupted]');
      else if (exit.signal) lines.push(`[killed by ${exit.signal}]`);
      else if (exit.exitCode !== 0) lines.push(`exit code ${String(exit.exitCode)}`);
      const content = lines.filter((line) => line !== '').join('\n');
      return textResult(content, timedOut || ctx.signal.aborted || exit.exitCode !== 0);
    },
  });
}

export const bashTool = createBashTool();

/** The command with the hooks' environment file sourced first, when hooks have written one (CLAUDE_ENV_FILE). */
function withHookEnv(command: string, envFile: string | undefined): string {
  if (!envFile) return command;
  try {
    if (statSync(envFile).size === 0) return command;
  } catch {
    return command;
  }
  return `. '${envFile.replace(/'/g, `'\\''`)}'\n${command}`;
}
