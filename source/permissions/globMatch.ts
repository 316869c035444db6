// Expands a bash glob against the disk as bash does (no dot files unless the pattern names the dot, no match
// leaves the word as it is), with caps so one decision stays cheap.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { minimatch } from 'minimatch';

const maxGlobMatches = 1000;

const hasGlob = (segment: string) => /(^|[^\\])[*?[]/.test(segment);
const unescapeGlob = (segment: string) => segment.replace(/\\(.)/g, '$1');

/** The paths a glob matches at `cwd`, as bash would print them; undefined when it matches nothing. */
export function matchGlob(pattern: string, cwd: string): string[] | undefined {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/');
  let found: string[] = [absolute ? '' : '.'];
  let shown: string[] = [''];
  let reads = 0;
  segments.forEach((segment, index) => {
    if (index === 0 && absolute) return;
    if (segment === '') {
      shown = shown.map((s) => `${s}/`);
      return;
    }
    const nextFound: string[] = [];
    const nextShown: string[] = [];
    for (let k = 0; k < found.length && nextFound.length <= maxGlobMatches; k++) {
      const dir = absolute ? found[k] || '/' : join(cwd, found[k]);
      const sep = shown[k] === '' || shown[k].endsWith('/') ? '' : '/';
      if (!hasGlob(segment)) {
        nextFound.push(join(found[k] || '/', unescapeGlob(segment)));
        nextShown.push(shown[k] + sep + unescapeGlob(segment));
        continue;
      }
      if (++reads > 200) break;
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        if (!minimatch(name, segment, { dot: false })) continue;
        nextFound.push(join(found[k] || '/', name));
        nextShown.push(shown[k] + sep + name);
      }
    }
    found = nextFound;
    shown = nextShown;
  });
  if (!segments.some(hasGlob)) return undefined;
  return shown.length > 0 ? shown.map((s) => (absolute ? `/${s.replace(/^\/+/, '')}` : s)) : undefined;
}
