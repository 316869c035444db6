// Runs `rein -p` once with the JSON result, a recording and the session log gathered into one folder; shared by the
// GitHub Action (action/main.mjs) and the container's task runner (deploy/run-task.mjs).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs rein headless in `cwd` with the prompt on standard input (so a prompt starting with `-` is never read as a
 * flag). Writes into `outDir`: `record.jsonl` (--record), `result.json` (rein's JSON result, or an error object of
 * the same shape when rein printed none), `stderr.txt`, and `session/` (the session log folder). Never throws for
 * a failed run: the outcome is in `exitCode`, `result` and `error`.
 */
export async function runRein({ cli, cwd, prompt, args = [], env, outDir, echo = process.stderr }) {
  mkdirSync(outDir, { recursive: true });
  const recordFile = join(outDir, 'record.jsonl');
  const child = spawn(process.execPath, [cli, '-p', '-', '--output-format', 'json', '--record', recordFile, ...args], {
    cwd, env, stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A cancelled job signals this process; rein gets the same signal and stops everything it started.
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
    echo?.write(chunk);
  });
  child.stdin.on('error', () => {}); // rein may exit before reading (bad usage): its exit code says why
  child.stdin.end(prompt);
  const exitCode = await new Promise((resolve) => {
    child.on('error', (error) => {
      stderr += `${error.message}\n`;
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, forward);

  const result = parseResult(stdout);
  const error = exitCode === 0 && result && !result.is_error ? undefined : errorOf(result, stderr, exitCode);
  writeFileSync(join(outDir, 'stderr.txt'), stderr);
  writeFileSync(join(outDir, 'result.json'), `${JSON.stringify(result ?? { type: 'result', subtype: 'error_during_execution', is_error: true, error, exit_code: exitCode }, null, 2)}\n`);
  const sessionId = result?.session_id;
  const sessionDir = sessionId && env.REIN_HOME ? join(env.REIN_HOME, 'sessions', sessionId) : undefined;
  if (sessionDir && existsSync(sessionDir)) cpSync(sessionDir, join(outDir, 'session'), { recursive: true });
  return { exitCode, result, error, sessionId, stderr, recordFile: existsSync(recordFile) ? recordFile : undefined };
}

/** rein's `json` output is one object on standard output; anything else means it stopped before a run. */
function parseResult(stdout) {
  try {
    const value = JSON.parse(stdout.trim());
    return value && typeof value === 'object' && value.type === 'result' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The one sentence that says why a run failed: rein's own error, the result's errors, or its last stderr line. */
export function errorOf(result, stderr, exitCode) {
  if (result) {
    const message = result.error ?? result.errors?.join('; ') ?? (result.is_error ? result.result : undefined);
    if (message) return String(message);
  }
  const lastLine = stderr.trim().split('\n').filter(Boolean).at(-1);
  if (lastLine) return lastLine.replace(/^rein: /, '');
  return `rein exited with code ${exitCode}.`;
}
