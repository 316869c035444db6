// Whether the render bench's figures are what an outside measurement of the whole rein process sees: the same
// scenario run on the bench's pseudo-terminal and in tmux (bench/outside.ts), alternately, every figure from /proc.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockLlmServer } from '../__tests__/support/mockLlmServer.js';
import { firstFrameFigures, measureOutside, type OutsideFigures } from './outside.js';
import { PtyApp } from './ptyApp.js';
import { ContentMaker, streamedAnswer } from './renderContent.js';
import { driveLiveRuns, MockScript, allowBenchCommands, writeFixtureFiles, type ScriptLike } from './renderLive.js';
import { shareCodeCache, warmCodeCache } from './codeCache.js';
import { firstFrameMs, measureStream, settle } from './renderMeasure.js';
import { RemoteScript } from './remoteScript.js';
import { mb, median } from './stats.js';

const typedPrompt = 'summarise_the_render_pipeline!';

/**
 * How the bench ran rein before it measured as a person runs it: CI=false in its environment (supports-color reads
 * any CI variable as a CI machine, so colours were off) and the provider in the bench's own process.
 */
export interface PtyVariant {
  label: string;
  /** false: CI=false in rein's environment, as the old bench had it. */
  colour: boolean;
  inProcessServer: boolean;
}

export const asAPersonRunsIt: PtyVariant = { label: 'render bench (pty)', colour: true, inProcessServer: false };
export const asTheOldBenchRanIt: PtyVariant = { label: 'old bench setup (CI=false, provider in process)', colour: false, inProcessServer: true };

/** outside.ts's scenario on the render bench's pseudo-terminal: first frame, the 12 KB stream, then live runs (or only the first frame). */
export async function measurePty(cols: number, rows: number, turns: number, variant: PtyVariant, firstFrameOnly = false): Promise<OutsideFigures> {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'rein-agree-home-')));
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'rein-agree-cwd-')));
  writeFixtureFiles(cwd);
  allowBenchCommands(home);
  shareCodeCache(home);
  let script: ScriptLike;
  let baseUrl: string;
  let close: () => Promise<void>;
  if (variant.inProcessServer) {
    const local = new MockScript();
    const server = await startMockLlmServer({ respond: local.respond });
    [script, baseUrl, close] = [local, server.openaiBaseUrl, () => server.close()];
  } else {
    const remote = await RemoteScript.start();
    [script, baseUrl, close] = [remote, remote.baseUrl, async () => remote.close()];
  }
  const app = new PtyApp({ cwd, home, baseUrl, cols, rows, colour: true, env: variant.colour ? {} : { CI: 'false' } });
  try {
    const firstFrame = await firstFrameMs(app);
    const firstFrameCpu = app.firstFrameCpuSeconds ?? Number.NaN;
    if (firstFrameOnly) return firstFrameFigures(cols, rows, firstFrame, firstFrameCpu);
    await settle(app, 500);
    app.write(typedPrompt);
    await app.waitForScreenText(0, typedPrompt, 10_000);
    const stream = await measureStream(app, script, streamedAnswer(12 * 1024), 4, 5);
    const shape = { rounds: 2, answerChars: 3_000, leadChars: 60 };
    // One run, then the rest: ContentMaker(9) draws the same prompts and answers outside.ts sends.
    const make = new ContentMaker(9);
    await driveLiveRuns(app, script, [shape], make);
    await app.waitForQuiet(300, 60_000);
    const rssAfter1 = app.peakRss();
    if (turns > 1) await driveLiveRuns(app, script, Array.from({ length: turns - 1 }, () => shape), make);
    await app.waitForQuiet(300, 60_000);
    return { size: `${cols}x${rows}`, firstFrameMs: firstFrame, firstFrameCpu, streamCpu: stream.cpuSeconds, streamSeconds: stream.streamSeconds, rssAfter1, rssAfter60: app.peakRss() };
  } finally {
    await app.close();
    await close();
    rmSync(home, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
}

const pct = (a: number, b: number): string => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(0)}%`;

function row(label: string, unit: (x: number) => string, pick: (f: OutsideFigures) => number, runs: OutsideFigures[][], goal?: [string, (x: number) => boolean]): string {
  const medians = runs.map((r) => median(r.map(pick)));
  const cells = medians.map((m, i) => `${unit(m)}${i > 0 ? ` (${pct(m, medians[0])})` : ''}`.padStart(20));
  const miss = goal && medians.slice(0, 2).some((m) => !goal[1](m)) ? '   << MISSED' : '';
  return `  ${label.padEnd(34)}${cells.join('')}${goal ? `   (goal ${goal[0]})` : ''}${miss}`;
}

/**
 * Runs the scenario `runs` times each way, alternately (outside first, then the pty, then the old setup where
 * asked), and prints the medians side by side with the bench's difference from the outside figure.
 */
export async function benchAgree(): Promise<string[]> {
  // One stream's CPU moves by a tenth from run to run: medians of three, taken apart, could differ by more than the
  // 10% the two sides must agree within even when they measure the same thing; five hold still.
  const runs = Math.max(1, Number(process.env.REIN_BENCH_AGREE_RUNS ?? 5));
  // The first frame varies with the machine's moment more than the rest: it is taken from starts of its own, alternately.
  const starts = Math.max(1, Number(process.env.REIN_BENCH_AGREE_STARTS ?? 7));
  const turns = Number(process.env.REIN_BENCH_OUTSIDE_TURNS ?? 60);
  const variants = [asAPersonRunsIt, ...(process.env.REIN_BENCH_AGREE_OLD === '1' ? [asTheOldBenchRanIt] : [])];
  const out = [
    `agree: the same scenario (empty session, first frame, the 12 KB answer in 4-character deltas every 5 ms, then ${turns} live runs) ` +
      `measured from outside (rein in tmux, node with scripts/node-flags.json) and on the render bench's pty, ${runs} runs each (the first frame: ${starts} starts each), alternately; medians, the difference from outside in brackets`,
  ];
  await warmCodeCache();
  const sizes = (process.env.REIN_BENCH_RENDER_SCREENS ?? '120x40,80x24').split(',').map((s) => s.split('x').map(Number) as [number, number]);
  for (const [cols, rows] of sizes) {
    const frames: OutsideFigures[][] = [[], ...variants.map(() => [])];
    for (let i = 0; i < starts; i++) {
      frames[0].push(await measureOutside(cols, rows, 0, true));
      for (const [v, variant] of variants.entries()) frames[v + 1].push(await measurePty(cols, rows, 0, variant, true));
    }
    const results: OutsideFigures[][] = [[], ...variants.map(() => [])];
    for (let i = 0; i < runs; i++) {
      results[0].push(await measureOutside(cols, rows, turns));
      for (const [v, variant] of variants.entries()) results[v + 1].push(await measurePty(cols, rows, turns, variant));
    }
    const s = (x: number): string => `${x.toFixed(2)} s`;
    out.push(
      `${cols}×${rows}: ${['outside (tmux)', ...variants.map((v) => v.label)].join(' | ')}`,
      row(`first frame (${starts} starts)`, s, (f) => f.firstFrameMs / 1000, frames, ['≤ 0.25 s', (x) => x <= 0.25]),
      row('  CPU-s spent by then', s, (f) => f.firstFrameCpu, frames),
      row('CPU of the 12 KB stream', s, (f) => f.streamCpu, results, ['≤ 1.0 s', (x) => x <= 1.0]),
      row('  the stream lasted', s, (f) => f.streamSeconds, results),
      row(`peak RSS after 1 run`, mb, (f) => f.rssAfter1, results, ['≤ 100 MB', (x) => x <= 100 * 1024 * 1024]),
      row(`peak RSS after ${turns} runs`, mb, (f) => f.rssAfter60, results, ['≤ 100 MB', (x) => x <= 100 * 1024 * 1024]),
      `  each start: ${frames.map((r) => r.map((f) => `${(f.firstFrameMs / 1000).toFixed(2)}/${f.firstFrameCpu.toFixed(2)}`).join(' ')).join(' | ')}`,
      `  each run: ${results.map((r) => r.map((f) => `${(f.firstFrameMs / 1000).toFixed(2)}/${f.streamCpu.toFixed(2)}/${mb(f.rssAfter60)}`).join(' ')).join(' | ')}`,
    );
  }
  return out;
}
