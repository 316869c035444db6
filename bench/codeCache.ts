// rein keeps a code cache in its home (cache/code, see source/config/codeCache.ts) that every start after the first
// reads. The bench gives each run a fresh home; all of them share one cache folder, so a start-up figure is that of
// a usual start rather than of the first start after an install. The first start of each kind (its node flags)
// writes the cache: the headless bench's warm-up run, and `warmCodeCache` for the terminal benches.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PtyApp } from './ptyApp.js';
import { settle } from './renderMeasure.js';

let shared: string | undefined;

/** Points `home`'s code cache at the folder every home of this bench process shares. */
export function shareCodeCache(home: string): void {
  if (!shared) {
    const made = mkdtempSync(join(tmpdir(), 'rein-bench-code-cache-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    shared = made;
  }
  mkdirSync(join(home, 'cache'), { recursive: true });
  symlinkSync(shared, join(home, 'cache', 'code'));
}

let warmed: Promise<void> | undefined;

/** Starts the TUI once as the terminal benches start it, to its first frame, so the shared cache is written. */
export function warmCodeCache(): Promise<void> {
  warmed ??= (async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rein-bench-warm-cwd-'));
    const home = mkdtempSync(join(tmpdir(), 'rein-bench-warm-home-'));
    shareCodeCache(home);
    // Nothing is asked of a model before a prompt: no server is needed.
    const app = new PtyApp({ cwd, home, baseUrl: 'http://127.0.0.1:9/v1' });
    try {
      await settle(app);
    } finally {
      await app.close();
      rmSync(cwd, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  })();
  return warmed;
}
