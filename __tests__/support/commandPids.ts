// Commands that write their pid first, and waits on processes: for the tests that check every way out of rein stops them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from './mockLlmServer.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Whether a process exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The pid a command wrote to `file` in `dir`, once it is there. */
export const pidIn = (dir: string, file: string): Promise<number> =>
  until(`${file} to hold a pid`, () => {
    const text = existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').trim() : '';
    return /^\d+$/.test(text) ? Number(text) : undefined;
  });

/** The child of `parent` whose command line mentions `needle`. */
export function childOf(parent: number, needle: string): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(needle)) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

const started: number[] = [];
/** For afterEach: a failed test must not leave its sleeps behind. */
export function killLeftovers(): void {
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

/** One model turn that starts a background task and then a foreground command, both writing their pid first. */
export async function commandServer(
  foreground = `sh -c 'echo $$ > fg.pid; exec sleep 300'`,
  background = `sh -c 'echo $$ > bg.pid; exec sleep 300'`,
): Promise<MockLlmServer> {
  return startMockLlmServer({
    respond: (_req, index) => index === 0
      ? { toolCalls: [
        { name: 'bash', input: { command: background, run_in_background: true } },
        { name: 'bash', input: { command: foreground } },
      ] }
      : { text: 'Done.' },
  });
}

export async function commandPids(dir: string): Promise<number[]> {
  const pids = [await pidIn(dir, 'bg.pid'), await pidIn(dir, 'fg.pid')];
  started.push(...pids);
  expect(pids.map(isRunning)).toEqual([true, true]);
  return pids;
}

export const allGone = (pids: number[]) => until(`pids ${pids.join(', ')} to end`, () => pids.every((pid) => !isRunning(pid)));
