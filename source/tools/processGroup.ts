// Runs a bash command in its own process group so a timeout, an abort or a kill takes down everything it started.
import type { execa as ExecaFn } from 'execa';
import { registerProcessGroup } from './processRegistry.js';
import { errorMessage } from '../util/errors.js';

type Execa = typeof ExecaFn;
let loadedExeca: Execa | undefined;

/** execa and its dependencies take tens of milliseconds to load: loaded on the first command, not at start-up. */
export async function loadExeca(): Promise<Execa> {
  loadedExeca ??= (await import('execa')).execa;
  return loadedExeca;
}

/** A tool's `prepare` for tools that start processes: execa loads while the call streams. */
export function prepareExeca(): void {
  loadExeca().catch(() => undefined);
}

export interface ShellExit {
  /** Undefined when the shell was ended by a signal or never started. */
  exitCode: number | undefined;
  signal: string | undefined;
  /** Set when the shell could not be started at all. */
  spawnError?: string;
}

export interface ShellProcess {
  pid: number | undefined;
  /** Resolves once the shell has exited and its output has drained. Never rejects. */
  exited: Promise<ShellExit>;
  /** SIGTERM to the whole group, SIGKILL after the grace period if anything is left; resolves when the shell is gone. */
  kill(): Promise<void>;
}

export interface ShellOptions {
  cwd: string;
  /** Called with each chunk of combined stdout+stderr, in order. */
  onOutput: (chunk: string) => void;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /** Words that run the shell inside something else (the sandbox): `bwrap … --`. */
  wrap?: string[];
}

export const defaultKillGraceMs = 2_000;

/**
 * How long to keep reading after the shell exits: a job it left running in the background
 * (`server &`) holds the pipe open, and waiting for it would hang the call.
 */
const drainAfterExitMs = 200;

/**
 * Keeps commands non-interactive: no pagers, editors that return at once (`git commit` without -m fails instead
 * of waiting), no password or installer prompts, no colour codes. stdin is closed as well.
 */
export const shellEnv: Readonly<Record<string, string>> = {
  PAGER: 'cat', GIT_PAGER: 'cat', MANPAGER: 'cat', SYSTEMD_PAGER: 'cat',
  EDITOR: 'true', VISUAL: 'true', GIT_EDITOR: 'true', GIT_SEQUENCE_EDITOR: 'true',
  GIT_TERMINAL_PROMPT: '0', DEBIAN_FRONTEND: 'noninteractive',
  NO_COLOR: '1', TERM: 'dumb',
};

/** Sends `signal` to the process group led by `pid`; false when the group is gone. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function spawnShell(command: string, options: ShellOptions): ShellProcess {
  if (loadedExeca) return startShell(loadedExeca, command, options);
  // First command of the process: start as soon as execa is loaded; callers see the same interface meanwhile.
  let started: ShellProcess | undefined;
  const ready = loadExeca().then((execa) => (started = startShell(execa, command, options)));
  return {
    get pid() {
      return started?.pid;
    },
    exited: ready.then((shell) => shell.exited),
    kill: async () => (await ready).kill(),
  };
}

function startShell(execa: Execa, command: string, options: ShellOptions): ShellProcess {
  // `exec 2>&1` merges stderr into stdout inside the shell, so lines keep their true order.
  const shellArgs = ['-c', `exec 2>&1\n${command}`];
  const [program, ...args] = options.wrap && options.wrap.length > 0 ? [...options.wrap, '/bin/bash', ...shellArgs] : ['/bin/bash', ...shellArgs];
  const subprocess = execa(program, args, {
    cwd: options.cwd,
    env: shellEnv,
    detached: true,
    stdin: 'ignore',
    all: true,
    buffer: false,
    reject: false,
    stripFinalNewline: false,
  });
  const pid = subprocess.pid;
  const grace = options.killGraceMs ?? defaultKillGraceMs;
  let exitedEarly: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  // Registered until the whole group is gone, so every way out of rein can stop it (see processRegistry.ts).
  const unregister = pid === undefined ? () => {} : registerProcessGroup(pid, command);

  subprocess.all?.setEncoding('utf8');
  subprocess.all?.on('data', (chunk: string) => options.onOutput(chunk));
  subprocess.on('exit', (code, signal) => {
    exitedEarly = { code, signal };
    // What the shell left running in its group (`server &`) stays registered; it dies with rein at the latest.
    if (pid !== undefined && !signalGroup(pid, 0)) unregister();
    setTimeout(() => {
      subprocess.stdout?.destroy();
      subprocess.stderr?.destroy();
    }, drainAfterExitMs).unref();
  });

  const exited: Promise<ShellExit> = subprocess.then(
    (result) => {
      const exitCode = exitedEarly?.code ?? result.exitCode;
      const signal = exitedEarly?.signal ?? result.signal;
      if (exitCode === undefined && signal === undefined && result.failed && !exitedEarly) {
        return { exitCode: undefined, signal: undefined, spawnError: result.originalMessage || result.shortMessage };
      }
      return { exitCode: exitCode ?? undefined, signal: signal ?? undefined };
    },
    (err: unknown) => ({ exitCode: undefined, signal: undefined, spawnError: errorMessage(err) }),
  );

  const kill = async (): Promise<void> => {
    if (pid === undefined) return;
    signalGroup(pid, 'SIGTERM');
    // Give the group the grace period to exit cleanly, then SIGKILL whatever is left.
    const deadline = Date.now() + grace;
    while (Date.now() < deadline && (exitedEarly === undefined || signalGroup(pid, 0))) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    signalGroup(pid, 'SIGKILL');
    await exited;
    unregister();
  };

  return { pid, exited, kill };
}
