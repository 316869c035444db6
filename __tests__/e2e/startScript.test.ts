// `npm start` runs the built CLI with rein's node flags (scripts/node-flags.json) and passes the user's arguments on.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import nodeFlags from '../../scripts/node-flags.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('scripts/start.mjs', () => {
  it('starts rein with the node flags and the arguments given', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rein-start-'));
    const probe = path.join(dir, 'probe.cjs');
    const seen = path.join(dir, 'seen.txt');
    // Preloaded into every node process of the run: records each one's node flags and script arguments.
    writeFileSync(probe, `require('node:fs').appendFileSync(${JSON.stringify(seen)}, JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(1) }) + '\\n');`);
    const run = await execa(process.execPath, ['scripts/start.mjs', '--version'], { cwd: root, env: { NODE_OPTIONS: `--require ${probe}` }, reject: false });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/\d+\.\d+\.\d+/);
    const processes = readFileSync(seen, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { execArgv: string[]; argv: string[] });
    const cli = processes.find((p) => p.argv[0].endsWith(path.join('dist', 'cli.js')));
    expect(cli?.execArgv).toEqual(nodeFlags);
    expect(cli?.argv.slice(1)).toEqual(['--version']);
  }, 60_000);
});
