// End-to-end: whichever way the built rein ends (SIGTERM, SIGHUP, tmux kill-server, a second Ctrl+C), the commands it started die with it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { cliPath, promptLine, openRein, tmuxServer, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Whether a process exists and is not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The pid a command wrote to `file` in `dir`, once it is there. */
const pidIn = (dir: string, file: string): Promise<number> =>
  until(`${file} to hold a pid`, () => {
    const text = existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').trim() : '';
    return /^\d+$/.test(text) ? Number(text) : undefined;
  });

/** The child of `parent` whose command line mentions `needle`. */
function childOf(parent: number, needle: string): number | undefined {
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
afterEach(() => {
  // A failed test must not leave its sleeps behind.
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/** One model turn that starts a background task and then a foreground command, both writing their pid first. */
async function commandServer(
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

async function commandPids(dir: string): Promise<number[]> {
  const pids = [await pidIn(dir, 'bg.pid'), await pidIn(dir, 'fg.pid')];
  started.push(...pids);
  expect(pids.map(isRunning)).toEqual([true, true]);
  return pids;
}

const allGone = (pids: number[]) => until(`pids ${pids.join(', ')} to end`, () => pids.every((pid) => !isRunning(pid)));

describe('the rein TUI stops its commands on every way out', () => {
  const fx = useTuiFixture('procexit');

  async function startWithCommands(tmux = fx.tmux): Promise<{ pane: TmuxPane; rein: number; pids: number[] }> {
    const pane = await openRein(fx, await commandServer(), ['--permission-mode', 'yolo'], tmux);
    await typeAndSend(pane, 'Start the server and the build');
    const pids = await commandPids(fx.cwd);
    const shell = await pane.panePid();
    const rein = await until('the rein process', () => childOf(shell, 'cli.js'));
    return { pane, rein, pids };
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('on %s kills the background task and the running command, and says so after the screen is restored', async (signal, code) => {
    const { pane, rein, pids } = await startWithCommands();
    process.kill(rein, signal);
    const screen = await pane.waitFor(/EXIT:\d+/);
    await allGone(pids);
    expect(await pane.alternateOn()).toBe(false);
    expect(screen).toMatch(new RegExp(`^EXIT:${code}$`, 'm'));
    expect(screen).toMatch(/^rein: Stopped 2 running commands\.$/m);
    expect(screen).toMatch(/^Session (\S+) saved\. Continue with: rein --resume \1$/m);
    expect(promptLine(screen)).toBe('');
  });

  it('when quit with Ctrl+C twice while both run', async () => {
    const { pane, pids } = await startWithCommands();
    await pane.sendKeys('C-c');
    await pane.waitFor('Press Ctrl+C again to exit');
    await pane.sendKeys('C-c');
    const screen = await pane.waitFor(/EXIT:\d+/);
    await allGone(pids);
    expect(screen).toMatch(/^EXIT:0$/m);
    // The first Ctrl+C interrupts the run and its command, as Esc does; quitting had to stop the background task,
    // and the foreground command too when the second Ctrl+C came before its kill had finished (a slow machine).
    expect(screen).toMatch(/^rein: Stopped [12] running commands?\.$/m);
    expect(screen).toMatch(/^Session (\S+) saved\. Continue with: rein --resume \1$/m);
  });

  it('when the tmux server is killed (the terminal goes away)', async () => {
    const own = tmuxServer('procexit-kill');
    try {
      const { rein, pids } = await startWithCommands(own);
      await own.close();
      await allGone([...pids, rein]);
    } finally {
      await own.close();
    }
  });
});

describe('rein -p stops its commands on every way out', () => {
  let dir: string;
  let home: string;
  let server: MockLlmServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rein-procexit-'));
    home = mkdtempSync(join(tmpdir(), 'rein-procexit-home-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  const rein = (s: MockLlmServer) =>
    execa('node', [cliPath, '-p', 'Start the server and the build', '--provider', 'openai', '--base-url', s.openaiBaseUrl, '--model', 'test-model'], {
      cwd: dir,
      reject: false,
      env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '' },
      timeout: 60_000,
    });

  it('on SIGHUP', async () => {
    server = await commandServer();
    const run = rein(server);
    const pids = await commandPids(dir);
    run.kill('SIGHUP');
    const result = await run;
    await allGone(pids);
    expect(result.signal).toBe('SIGHUP');
    expect(result.stderr).toMatch(/^rein: Stopped 2 running commands\.$/m);
  });

  it('on a second Ctrl+C while the first one is still stopping a command', async () => {
    // Both shells shrug off SIGTERM (noting it): the first Ctrl+C ends the run, then closing waits out the
    // background task's grace period, and the second Ctrl+C lands in it.
    const stubborn = (name: string) => `echo $$ > ${name}.pid; trap "echo > ${name}.term" TERM; while :; do sleep 0.1; done`;
    server = await commandServer(stubborn('fg'), stubborn('bg'));
    const run = rein(server);
    const pids = await commandPids(dir);
    run.kill('SIGINT');
    await until('the background task to be sent SIGTERM', () => existsSync(join(dir, 'bg.term')));
    run.kill('SIGINT');
    const result = await run;
    await allGone(pids);
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(/^rein: Stopped 2 running commands\.$/m);
  });
});
