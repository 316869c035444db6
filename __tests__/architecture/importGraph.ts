// The import graph of rein's own code, read from its sources: files, the rooms (folders) they live in, and every
// import between them (type imports, re-exports and dynamic imports included).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const roots = ['source', 'components', 'hooks'];

/** Rooms from the top floor down (see DESIGN.md); a file belongs to the longest room path that contains it. */
export const rooms = [
  'source/cli',
  'components',
  'components/screen',
  'hooks',
  'components/view',
  'source/store',
  'source/commands',
  'source/agents',
  'source/engine',
  'source/mcp',
  'source/extensions',
  'source/checkpoints',
  'source/replay',
  'source/permissions',
  'source/trust',
  'source/sessionLog',
  'source/memory',
  'source/tools',
  'source/providers',
  'source/config',
  'source/protocol',
  'source/util',
] as const;

/** Rooms every room may import. */
export const everywhere = new Set(['source/protocol', 'source/util']);

export interface ImportEdge {
  from: string;
  to: string;
  /** The import as written. */
  spec: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    const rel = relative(process.cwd(), candidate);
    if (files.has(rel)) return rel;
  }
  return undefined;
}

export function importGraph(cwd = process.cwd()): { files: string[]; edges: ImportEdge[] } {
  const files = roots.flatMap((root) => sourceFiles(join(cwd, root))).map((f) => relative(cwd, f));
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2];
      const to = resolveImport(file, spec, known);
      if (to) edges.push({ from: file, to, spec });
    }
  }
  return { files, edges };
}

export function roomOf(file: string): string {
  let best = '';
  for (const room of rooms) if ((file === room || file.startsWith(`${room}/`)) && room.length > best.length) best = room;
  return best || dirname(file);
}

/** Every cycle's nodes in a graph, each reported once (strongly connected components of two or more, or a self-loop). */
export function cycles(nodes: readonly string[], edges: readonly [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, indexOf.get(w) as number));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (next.get(v) ?? []).includes(v)) out.push(group.sort());
    }
  };
  for (const n of nodes) if (!indexOf.has(n)) visit(n);
  return out;
}
