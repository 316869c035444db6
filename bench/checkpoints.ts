// Benchmarks checkpoints: what one snapshot after a tool call costs in a git repository of 5,000 files, the first
// snapshot of a session, and the shadow repository's size after 100 edits.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
import { SessionCheckpoints } from '../source/checkpoints/sessionCheckpoints.js';
import { defaultCheckpointSettings } from '../source/checkpoints/types.js';
import { median, ms, row } from './stats.js';

const fileCount = 5000;
const edits = 100;

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return total;
}

async function makeRepository(): Promise<string> {
  const ws = mkdtempSync(join(tmpdir(), 'rein-bench-ckpt-'));
  for (let i = 0; i < fileCount; i++) {
    const dir = join(ws, `src/module${i % 50}`);
    if (i < 50) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `file${i}.ts`), `export const value${i} = ${i};\n`.repeat(20));
  }
  await execa('git', ['init', '-q'], { cwd: ws });
  await execa('git', ['add', '.'], { cwd: ws });
  await execa('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-qm', 'bench'], { cwd: ws });
  return ws;
}

export async function benchCheckpoints(): Promise<string[]> {
  const ws = await makeRepository();
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-ckpt-home-'));
  try {
    const checkpoints = new SessionCheckpoints({
      workspace: ws, reinHome: home, sessionsDir: join(home, 'sessions'), sessionId: 'bench-session', settings: defaultCheckpointSettings,
      append: () => {}, warn: (message) => { throw new Error(message); }, now: () => new Date(),
    });
    let started = performance.now();
    await checkpoints.beforeRun();
    const first = performance.now() - started;
    checkpoints.addPoint({ id: 'run-1', text: 'bench', sent: 'bench', historyLength: 0 });
    const unchanged: number[] = [];
    for (let i = 0; i < 20; i++) {
      started = performance.now();
      await checkpoints.afterCall('bash', `call-${i}`);
      unchanged.push(performance.now() - started);
    }
    const edited: number[] = [];
    for (let i = 0; i < edits; i++) {
      writeFileSync(join(ws, `src/module${i % 50}`, `file${i}.ts`), `export const edited${i} = ${i};\n`.repeat(20));
      started = performance.now();
      await checkpoints.afterCall('edit_file', `edit-${i}`);
      edited.push(performance.now() - started);
    }
    const shadow = join(home, 'checkpoints');
    return [
      `checkpoints (a git repository of ${fileCount} files)`,
      row('first pass of a session (at start, while the user types)', ms(first)),
      row('checkpoint after a tool call, nothing changed (median)', ms(median(unchanged)), '< 50 ms'),
      row('checkpoint after a tool call that edited one file (median)', ms(median(edited)), '< 50 ms'),
      row(`shadow repository after ${edits} edits`, `${(sizeOf(shadow) / 1024 / 1024).toFixed(1)} MB`),
    ];
  } finally {
    rmSync(ws, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
