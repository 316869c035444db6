// The young-generation cap: in a process that allocates hard and keeps some of it, V8's new space stays at the cap.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const moduleUrl = pathToFileURL(path.join(root, 'components/screen/youngGeneration.ts')).href;

/** New-space bytes after a burst of allocation in which a share of objects survives several scavenges. */
async function newSpaceAfterChurn(cap: boolean): Promise<number> {
  const script = `
    import { capYoungGeneration, newSpaceBytes } from ${JSON.stringify(moduleUrl)};
    const stop = ${cap ? 'capYoungGeneration(2)' : '() => undefined'};
    const keep = [];
    for (let round = 0; round < 40; round++) {
      let batch = [];
      for (let i = 0; i < 200000; i++) {
        batch.push({ i, text: 'row ' + i });
        if (batch.length > 50000) { keep.push(batch.slice(0, 20)); batch = []; }
      }
      // Let the observer see this round's collections.
      await new Promise((resolve) => setImmediate(resolve));
    }
    stop();
    process.stdout.write(String(newSpaceBytes()));
  `;
  const { stdout } = await execa(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], { cwd: root });
  return Number(stdout);
}

describe('capYoungGeneration', () => {
  it('keeps the new space at the cap where V8 alone grows it', async () => {
    const mb = 1024 * 1024;
    const uncapped = await newSpaceAfterChurn(false);
    const capped = await newSpaceAfterChurn(true);
    expect(uncapped).toBeGreaterThan(8 * mb);
    // Both semi-spaces of 2 MB, with V8's rounding.
    expect(capped).toBeLessThanOrEqual(5 * mb);
  }, 60_000);
});
