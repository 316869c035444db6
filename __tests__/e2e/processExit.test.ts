// End-to-end: whichever way the built rein -p ends (SIGHUP, a second Ctrl+C), the commands it started die with it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allGone, commandPids, commandServer, killLeftovers, until } from '../support/commandPids.js';
import type { MockLlmServer } from '../support/mockLlmServer.js';
import { cliPath } from '../support/tmux.js';

afterEach(killLeftovers);

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
