// `npm run bench`: runs every benchmark against the built CLI and prints the figures.
import { benchContext } from './context.js';
import { benchHeadless } from './headless.js';
import { benchRender } from './render.js';

const sections: Array<[string, () => Promise<string[]>]> = [
  ['headless', () => benchHeadless()],
  ['render', () => benchRender()],
  ['context', () => benchContext()],
];
const only = process.argv[2];

for (const [name, bench] of sections) {
  if (only && only !== name) continue;
  const lines = await bench();
  process.stdout.write(`\n${lines.join('\n')}\n`);
}
