// `npm run fuzz:screen [-- FIRST COUNT]`: runs COUNT seeds (default 10,000 from 1) of the screen property, printing each failure with its seed.
import { runScreenSeed } from './screenProperty.js';

const from = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 10_000);
const failed: number[] = [];
const started = performance.now();
for (let seed = from; seed < from + count; seed++) {
  try {
    await runScreenSeed(seed);
  } catch (error) {
    failed.push(seed);
    process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n\n`);
  }
  if ((seed - from + 1) % 10 === 0) process.stdout.write(`${seed - from + 1} seeds, ${failed.length} failed, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
process.stdout.write(`seeds ${from}..${from + count - 1}: ${count - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}\n`);
process.exit(failed.length > 0 ? 1 : 0);
