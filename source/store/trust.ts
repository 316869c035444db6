// The trust question the screen asks about code a project brings (its MCP servers; later its hooks too): one request
// listing every item waiting, answered once for all of them.
import type { McpTrustRequest } from '../mcp/types.js';

/** What kind of project item waits for trust; each kind is answered by its own source. */
export type TrustItemKind = 'mcp';

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
export function trustRequestOf(sources: { mcp?: McpTrustRequest }): TrustRequest | undefined {
  const mcp = sources.mcp;
  if (!mcp || mcp.servers.length === 0) return undefined;
  return { projectDir: mcp.projectDir, items: mcp.servers.map((s) => ({ kind: 'mcp', name: s.name, file: s.file, definition: s.definition })) };
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
