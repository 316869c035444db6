// YAML for frontmatter, loaded on the first file that has some rather than at every start: a folder without
// skills, commands or agent files never pays for it. The build writes yaml out as one file (dist/yaml.cjs), which
// a synchronous require loads in about 13 ms where the package's own 55 files take about 50; running from the
// sources (tests, development), the package is required instead.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { requireCached } from '../config/codeCache.js';

type Yaml = typeof import('yaml');

const requireHere = createRequire(import.meta.url);
let yaml: Yaml | undefined;
let keepCode = (): void => undefined;

function loadYaml(): Yaml {
  try {
    const loaded = requireCached<Yaml>(fileURLToPath(new URL('./yaml.cjs', import.meta.url)));
    keepCode = loaded.keep;
    return loaded.exports;
  } catch {
    // Not built: the package itself.
    return requireHere('yaml') as Yaml;
  }
}

export function parseYaml(text: string): unknown {
  yaml ??= loadYaml();
  try {
    return yaml.parse(text);
  } finally {
    // The parser's code is compiled by now: the code cache keeps it for the next start.
    keepCode();
  }
}

/** True once a file's frontmatter has needed YAML. */
export const yamlLoaded = (): boolean => yaml !== undefined;
