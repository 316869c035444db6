// npm test on a machine without tmux or bubblewrap: the tmux files are left out and named at the end; under CI the run fails.
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciProblems, notRunLines, tmuxTestFiles } from '../support/machineTools.js';

let bare: string;

/** A PATH folder of links to every program on this PATH except tmux and bwrap: this machine with them uninstalled. */
beforeAll(() => {
  bare = mkdtempSync(join(tmpdir(), 'rein-bare-path-'));
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === 'tmux' || name === 'bwrap') continue;
      try {
        symlinkSync(join(dir, name), join(bare, name));
      } catch {
        // An earlier folder on PATH has this name: it wins, as it would on PATH.
      }
    }
  }
});
afterAll(() => rmSync(bare, { recursive: true, force: true }));

/** vitest on one small file and one tmux file with the bare PATH, as `npm test` would run it there. */
function vitestWithoutTools(ci: string | undefined) {
  const env: Record<string, string | undefined> = { ...process.env, PATH: bare, CI: ci, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') env[key] = undefined;
  return execa(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '__tests__/config/interpolate.test.ts', '__tests__/e2e/tui-replay.test.ts'], {
    env, extendEnv: false, reject: false, all: true, timeout: 120_000,
  });
}

describe('the suite on a machine without tmux and bubblewrap', () => {
  it('finds the tmux end-to-end files by their tmux fixture, and none that only borrow a helper', () => {
    const files = tmuxTestFiles();
    expect(files).toContain('__tests__/e2e/tui.test.ts');
    expect(files).toContain('__tests__/e2e/tui-processExit.test.ts');
    expect(files).not.toContain('__tests__/e2e/processExit.test.ts');
    expect(files).not.toContain('__tests__/faults/process.test.ts');
  });

  it('passes and ends with one line per missing tool, naming what was not run and how to install it', async () => {
    const run = await vitestWithoutTools(undefined);
    expect(run.exitCode).toBe(0);
    const last = run.all.trimEnd().split('\n').slice(-2);
    expect(last).toEqual(notRunLines({ tmux: false, bwrap: false }, tmuxTestFiles()));
    expect(last[0]).toMatch(/^Not run: \d+ tmux end-to-end test files \(.*e2e\/tui\.test\.ts.*\); tmux is not installed: apt-get install tmux, then npm test again\.$/);
    expect(run.all).toMatch(/Tests\s+\d+ passed/);
  });

  it('fails under CI=true, saying which tool is missing', async () => {
    const run = await vitestWithoutTools('true');
    expect(run.exitCode).not.toBe(0);
    for (const problem of ciProblems({ tmux: false, bwrap: false })) expect(run.all).toContain(problem);
    expect(run.all).not.toContain('Not run:');
  });
});
