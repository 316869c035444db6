// The trust question the screen asks about code a project brings (its MCP servers and its hooks): one request
// listing every item waiting, answered once for all of them.
import type { McpTrustRequest } from '../mcp/types.js';
import type { HookTrustRequest } from '../extensions/hookTypes.js';

/** What kind of project item waits for trust; each kind is answered by its own source. */
export type TrustItemKind = 'mcp' | 'hook';

export interface TrustItem {
  kind: TrustItemKind;
  name: string;
  /** The file that defines it (.mcp.json, agent.config.json). */
  file: string;
  /** What it runs: a command line, or a transport and URL. */
  definition: string;
}

export interface TrustRequest {
  projectDir: string;
  items: TrustItem[];
}

export type TrustDecision = 'trust' | 'deny';

/** Joins what each source is waiting on into one request; undefined when nothing waits. */
export function trustRequestOf(sources: { mcp?: McpTrustRequest; hooks?: HookTrustRequest }): TrustRequest | undefined {
  const items: TrustItem[] = [
    ...(sources.mcp?.servers ?? []).map((s): TrustItem => ({ kind: 'mcp', name: s.name, file: s.file, definition: s.definition })),
    ...(sources.hooks?.hooks ?? []).map((h): TrustItem => ({ kind: 'hook', name: h.name, file: h.file, definition: h.command })),
  ];
  const projectDir = sources.mcp?.projectDir ?? sources.hooks?.projectDir;
  if (items.length === 0 || projectDir === undefined) return undefined;
  return { projectDir, items };
}

/** Whether two requests ask the same thing (so the store keeps the one it has and the dialog keeps its selection). */
export function sameTrustRequest(a: TrustRequest | undefined, b: TrustRequest | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.projectDir !== b.projectDir || a.items.length !== b.items.length) return false;
  return a.items.every((item, i) => {
    const other = b.items[i];
    return item.kind === other.kind && item.name === other.name && item.file === other.file && item.definition === other.definition;
  });
}
