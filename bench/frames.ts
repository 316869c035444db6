// The render pipeline's cost per streamed frame, apart from the terminal and the machine's moods: the stream
// replayed in process (bench/framesReplay.ts, bundled as the CLI is), timed, and counted in instructions by
// callgrind with V8 made deterministic (--predictable), which repeats to the instruction from run to run.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { swapPlugin } from '../scripts/bundleSwaps.mjs';
import { median } from './stats.js';
import type { RoundFigures } from './framesReplay.js';

const run = promisify(execFile);

async function bundle(dir: string): Promise<string> {
  const out = join(dir, 'frames.mjs');
  await build({
    entryPoints: [resolve('bench/framesReplay.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [swapPlugin],
    alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
    external: ['@vscode/ripgrep', 'react-devtools-core', 'js-tiktoken/ranks/*'],
    banner: { js: "import { createRequire as __benchRequire } from 'node:module';\nconst require = __benchRequire(import.meta.url);" },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return out;
}

/** Instructions callgrind counts for a whole run of `rounds` rounds. */
async function instructions(script: string, rounds: number): Promise<number> {
  const { stderr } = await run('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--predictable', script], {
    env: { ...process.env, REIN_FRAMES_ROUNDS: String(rounds) },
    maxBuffer: 16 * 1024 * 1024,
  });
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) throw new Error('callgrind printed no instruction count.');
  return Number(collected[1]);
}

async function hasValgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export async function benchFrames(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rein-bench-frames-'));
  try {
    const script = await bundle(dir);
    const { stdout } = await run(process.execPath, [script], { env: { ...process.env, REIN_FRAMES_ROUNDS: '10' } });
    // The first round runs while V8 still compiles, as a real stream's few hundred frames do; later ones are warm.
    const all = stdout.trim().split('\n').map((l) => JSON.parse(l) as RoundFigures);
    const [cold, warm] = [all[0], all.slice(3)];
    const row = (label: string, pick: (r: RoundFigures) => number): string =>
      `  ${label.padEnd(44)} ${`${pick(cold).toFixed(0)} µs`.padStart(9)} ${`${median(warm.map(pick)).toFixed(0)} µs`.padStart(9)}`;
    const out = [
      `frames: the 12 KB answer of the render bench replayed in process, ${cold.frames} frames a round (no terminal); per frame, the first round (cold) and the median of ${warm.length} warm ones`,
      row('layout (transcript lines and the viewport)', (r) => r.layout),
      row('frame plan', (r) => r.plan),
      row('encoding', (r) => r.encode),
      `  ${'bytes a frame'.padEnd(44)} ${median(all.map((r) => r.bytesPerFrame)).toFixed(0).padStart(9)}`,
    ];
    if (process.env.REIN_BENCH_FRAMES_INSTRUCTIONS === '0') return out;
    if (!(await hasValgrind())) return [...out, '  instructions: valgrind is not installed (apt-get install valgrind)'];
    // Two runs that differ by four rounds: start-up and the first compilations cancel out.
    const [two, six] = [await instructions(script, 2), await instructions(script, 6)];
    const perFrame = (six - two) / 4 / cold.frames;
    return [...out, `  instructions a frame (callgrind, node --predictable)  ${(perFrame / 1e6).toFixed(2).padStart(6)} M`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
