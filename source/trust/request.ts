// What a project asks to be trusted with: its MCP servers, hooks, settings that widen rein's power, where its requests
// would go, and instruction imports from outside it; one question lists them all.
import { hashOf } from './canonical.js';

export type TrustItemKind = 'endpoint' | 'setting' | 'mcp' | 'hook' | 'import';

export interface TrustItem {
  kind: TrustItemKind;
  /** A server's or hook's name, a setting's key, an imported path. */
  name: string;
  /** The file that asks for it. */
  file: string;
  /** What it does: a command line, a transport and URL, a setting's new value. */
  definition: string;
}

export interface TrustRequest {
  projectDir: string;
  items: TrustItem[];
  /** The user answered for this project before, and what it asks for has changed since. */
  changed?: boolean;
}

export type TrustDecision = 'trust' | 'deny';

const kindOrder: Record<TrustItemKind, number> = { endpoint: 0, setting: 1, mcp: 2, hook: 3, import: 4 };

/** Items in the order the question shows them: where requests go first. */
export function orderedItems(items: readonly TrustItem[]): TrustItem[] {
  return [...items].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]);
}

/** The fingerprint trust is given to: every item as written, so any change is asked about again. */
export function fingerprintOf(items: readonly TrustItem[]): string {
  return hashOf(items.map((i) => [i.kind, i.name, i.file, i.definition]).sort());
}
