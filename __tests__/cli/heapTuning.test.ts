// rein holds V8's young generation at its first size and scavenges on one thread, in every run, unless the user's
// own node flags size the young generation or choose the scavenger.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tuneHeap } from '../../source/cli/heapTuning.js';

function tuned(execArgv: string[] = [], nodeOptions = ''): string[] {
  const set: string[] = [];
  expect(tuneHeap(execArgv, nodeOptions, (flag) => set.push(flag))).toEqual(set);
  return set;
}

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const moduleUrl = pathToFileURL(path.join(root, 'source/cli/heapTuning.ts')).href;

/** New-space bytes before and after a burst of allocation in which a share of objects survives several scavenges. */
async function newSpaceAroundChurn(tune: boolean): Promise<{ before: number; after: number }> {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { tuneHeap } from ${JSON.stringify(moduleUrl)};
    const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    ${tune ? 'tuneHeap([], "");' : ''}
    const before = newSpace();
    const keep = [];
    for (let round = 0; round < 40; round++) {
      let batch = [];
      for (let i = 0; i < 200000; i++) {
        batch.push({ i, text: 'row ' + i });
        if (batch.length > 50000) { keep.push(batch.slice(0, 20)); batch = []; }
      }
    }
    process.stdout.write(JSON.stringify({ before, after: newSpace() }));
  `;
  const { stdout } = await execa(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], { cwd: root, env: { NODE_OPTIONS: '' } });
  return JSON.parse(stdout) as { before: number; after: number };
}

describe('tuneHeap', () => {
  it('sets the growth factor, the single-thread scavenger and the full collection', () => {
    expect(tuned()).toEqual(['--semi-space-growth-factor=1', '--no-parallel-scavenge', '--expose-gc']);
    expect(tuned([], '--max-old-space-size=512')).toEqual(['--semi-space-growth-factor=1', '--no-parallel-scavenge', '--expose-gc']);
  });

  it("leaves what the user's node flags set alone", () => {
    expect(tuned(['--max-semi-space-size=4'])).toEqual(['--no-parallel-scavenge', '--expose-gc']);
    expect(tuned([], '--semi_space_growth_factor=3')).toEqual(['--no-parallel-scavenge', '--expose-gc']);
    expect(tuned(['--min-semi-space-size=2', '--parallel-scavenge', '--expose-gc'])).toEqual([]);
    expect(tuned([], '--no-parallel_scavenge --no-expose_gc')).toEqual(['--semi-space-growth-factor=1']);
  });

  it('holds the new space where it was when tuned, where V8 alone grows it', async () => {
    // rein tunes before its modules load, when the space is at its first size; this script's loader has run first.
    const mb = 1024 * 1024;
    const grown = await newSpaceAroundChurn(false);
    const held = await newSpaceAroundChurn(true);
    expect(grown.after).toBeGreaterThan(8 * mb);
    expect(grown.after).toBeGreaterThan(2 * grown.before);
    expect(held.after).toBeLessThanOrEqual(held.before);
    expect(held.after).toBeLessThanOrEqual(4 * mb);
  }, 60_000);
});
