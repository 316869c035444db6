// `npm run bench`: runs every benchmark against the built CLI and prints the figures.
import { benchHeadless } from './headless.js';

const sections: Array<[string, () => Promise<string[]>]> = [['headless', () => benchHeadless()]];
const only = process.argv[2];

for (const [name, bench] of sections) {
  if (only && only !== name) continue;
  const lines = await bench();
  process.stdout.write(`\n${lines.join('\n')}\n`);
}
