// Runs one hook command: JSON on stdin, its own process group (registered so it dies with rein), a timeout and the run's abort signal.
import { loadExeca, signalGroup } from '../tools/processGroup.js';
import { registerProcessGroup } from '../tools/processRegistry.js';
import type { HookCommand, HookRun } from './hookTypes.js';

export interface SpawnHookOptions {
  cwd: string;
  /** Added to the environment (CLAUDE_PROJECT_DIR and rein's own name for it, CLAUDE_ENV_FILE where it applies). */
  env: Record<string, string>;
  signal?: AbortSignal;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
}

/** Output kept per stream: a chatty hook cannot grow memory without bound. */
const maxOutputChars = 100_000;
/** A hook that exits but left something running in its group holding the pipes open is not waited for. */
const drainAfterExitMs = 200;

export async function spawnHook(hook: HookCommand, input: unknown, o: SpawnHookOptions): Promise<HookRun> {
  const base: HookRun = { hook, exitCode: undefined, stdout: '', stderr: '', timedOut: false, aborted: false };
  if (o.signal?.aborted) return { ...base, aborted: true };
  const execa = await loadExeca();
  // Exec form (`args` given): the command is spawned directly, with ${CLAUDE_PROJECT_DIR} filled in as plain text.
  const fill = (text: string) => text.replace(/\$\{CLAUDE_PROJECT_DIR\}/g, o.env.CLAUDE_PROJECT_DIR ?? o.cwd);
  const [file, argv] = hook.args ? [fill(hook.command), hook.args.map(fill)] : ['/bin/bash', ['-c', hook.command]];
  const child = execa(file, argv, {
    cwd: o.cwd,
    env: o.env,
    detached: true,
    input: `${JSON.stringify(input)}\n`,
    buffer: false,
    reject: false,
  });
  const pid = child.pid;
  const unregister = pid === undefined ? () => {} : registerProcessGroup(pid, `hook: ${hook.command}`);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => { if (stdout.length < maxOutputChars) stdout += chunk; });
  child.stderr?.on('data', (chunk: string) => { if (stderr.length < maxOutputChars) stderr += chunk; });
  // A hook that ignores stdin must not fail with EPIPE.
  child.stdin?.on('error', () => {});

  let exit: { code: number | null } | undefined;
  let stopped: 'timeout' | 'abort' | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      exit = { code };
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        resolve();
      }, drainAfterExitMs).unref();
    });
  });
  let result: { failed: boolean; exitCode?: number; originalMessage?: string; shortMessage?: string } | undefined;
  const done = child.then((r) => { result = r; }, (error: unknown) => { result = { failed: true, shortMessage: String(error) }; });

  const killGroup = async () => {
    if (pid === undefined) return;
    signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + (o.killGraceMs ?? 1_000);
    while (Date.now() < deadline && signalGroup(pid, 0)) await new Promise((resolve) => setTimeout(resolve, 20));
    signalGroup(pid, 'SIGKILL');
    while (signalGroup(pid, 0) && Date.now() < deadline + 2_000) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  let killing: Promise<void> | undefined;
  const stop = (why: 'timeout' | 'abort') => {
    if (stopped || exit) return;
    stopped = why;
    killing = killGroup();
  };
  const timer = setTimeout(() => stop('timeout'), hook.timeoutMs);
  const onAbort = () => stop('abort');
  o.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.race([done, exited]);
    if (killing) await killing;
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
    // What the hook left running in its group stays registered; rein's exit paths stop it.
    if (pid === undefined || !signalGroup(pid, 0)) unregister();
  }
  const spawnError = exit === undefined && result?.failed && !stopped ? (result.originalMessage || result.shortMessage) : undefined;
  return {
    ...base,
    exitCode: stopped ? undefined : (exit?.code ?? result?.exitCode ?? undefined),
    stdout,
    stderr,
    timedOut: stopped === 'timeout',
    aborted: stopped === 'abort',
    ...(spawnError ? { spawnError } : {}),
  };
}
