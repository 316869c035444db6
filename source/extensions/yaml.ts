// YAML for frontmatter, loaded on the first file that has some rather than at every start: a folder without
// skills, commands or agent files never pays for it. The build writes yaml out as one file (dist/yaml.cjs), which
// a synchronous require loads in about 13 ms where the package's own 55 files take about 50; running from the
// sources (tests, development), the package is required instead.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

const requireHere = createRequire(import.meta.url);
let yaml: Yaml | undefined;

function loadYaml(): Yaml {
  try {
    return requireHere('./yaml.cjs') as Yaml;
  } catch {
    // Not built: the package itself.
    return requireHere('yaml') as Yaml;
  }
}

export function parseYaml(text: string): unknown {
  yaml ??= loadYaml();
  return yaml.parse(text);
}

/** True once a file's frontmatter has needed YAML. */
export const yamlLoaded = (): boolean => yaml !== undefined;
