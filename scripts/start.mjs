// `npm start`: builds when the bundle is missing or older than the sources, then runs rein with the given arguments.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const bundle = 'dist/cli.js';
const sources = ['source', 'components', 'hooks'].filter(existsSync);
const stale = !existsSync(bundle) || sources.some((dir) => newestMtime(dir) > statSync(bundle).mtimeMs);
if (stale) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// One V8 helper thread instead of four: each thread keeps its own malloc arena for compiler memory, about
// 10 MB more resident after a long session, with no measurable difference in speed (see docs/benchmarks.md).
const nodeFlags = JSON.parse(readFileSync(new URL('./node-flags.json', import.meta.url), 'utf8'));
// REIN_LAUNCHER lets rein's closing lines say `npm start -- --resume <id>`, which works where this was typed.
const env = { ...process.env, REIN_LAUNCHER: 'npm start --' };
const run = spawnSync(process.execPath, [...nodeFlags, bundle, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
