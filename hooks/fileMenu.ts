// The `@` file completion: the mention being typed at the cursor, fuzzy-matched against the workspace's files.
import type { Fzf as FzfClass } from 'fzf';

/** Rows the menu can offer; the prompt shows fewer. */
const maxItems = 20;

export interface MentionToken {
  /** Where the `@` is. */
  start: number;
  /** What follows it, up to the cursor. */
  query: string;
}

/** The `@word` that ends at the cursor, after a line start or whitespace; undefined when none is being typed. */
export function mentionAt(text: string, cursor: number): MentionToken | undefined {
  const before = text.slice(0, cursor);
  const match = /(^|\s)@([^\s"@]*)$/.exec(before);
  if (!match) return undefined;
  // An MCP resource (`@server:uri`) is not a file.
  if (/^[A-Za-z0-9_-]+:/.test(match[2])) return undefined;
  // Only while the word goes on to the cursor: `@a.ts done` with the cursor at the end offers nothing.
  const after = text.slice(cursor);
  if (after !== '' && !/^\s/.test(after)) return undefined;
  return { start: cursor - match[2].length - 1, query: match[2] };
}

/**
 * What matchFiles needs of fzf: its declaration files name their modules without extensions, which this project's
 * module resolution cannot follow, so the library's own `find` type comes through unresolved.
 */
interface FileFinder {
  find: (query: string) => Array<{ item: string }>;
}

let matcher: { files: readonly string[]; fzf: FileFinder } | undefined;
let Fzf: typeof FzfClass | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads fzf, which the workspace listing awaits (useWorkspaceFiles.ts): on the first `@`, not at every start, as
 * fzf's module builds its table of accented letters (5,800 normalize calls) while it loads: 8-12 ms to import it
 * alone here.
 */
export function loadFileMatcher(): Promise<void> {
  return (loading ??= import('fzf').then((loaded) => {
    Fzf = loaded.Fzf;
  }));
}

const shortestFirst = (files: readonly string[]): string[] => [...files].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));

/**
 * Files matching the query, best first: fuzzy (fzf's algorithm); with no query, the shortest paths first. Before
 * loadFileMatcher is done, the paths that contain the query, shortest first.
 */
export function matchFiles(files: readonly string[], query: string): string[] {
  if (query === '') return shortestFirst(files).slice(0, maxItems);
  if (!Fzf) return shortestFirst(files.filter((file) => file.includes(query))).slice(0, maxItems);
  if (matcher?.files !== files) matcher = { files, fzf: new Fzf([...files], { limit: maxItems }) };
  return matcher.fzf.find(query).map((entry) => entry.item);
}

/** The prompt after choosing `path` for the mention: the token replaced by `@path ` (quoted when it has spaces). */
export function completeMention(text: string, token: MentionToken, cursor: number, path: string): { text: string; cursor: number } {
  const written = /\s/.test(path) ? `@"${path}" ` : `@${path} `;
  const next = text.slice(0, token.start) + written + text.slice(cursor).replace(/^ /, '');
  return { text: next, cursor: token.start + written.length };
}
