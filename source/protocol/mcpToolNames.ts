// Names MCP tools `mcp__<server>__<tool>` in what both providers accept ([A-Za-z0-9_-], at most 64 characters),
// resolving clashes the same way every time, so the request prefix is byte-identical across sessions.
import { createHash } from 'node:crypto';

export const maxToolNameLength = 64;

const sanitize = (part: string): string => part.replace(/[^A-Za-z0-9_-]/g, '_');
const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);
const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface ToolRef {
  server: string;
  tool: string;
}

/** The name before clash resolution: too long a name keeps its start and ends in a hash of the original pair. */
export function baseToolName(ref: ToolRef): string {
  const name = `mcp__${sanitize(ref.server)}__${sanitize(ref.tool)}`;
  if (name.length <= maxToolNameLength) return name;
  return `${name.slice(0, maxToolNameLength - 9)}_${shortHash(`${ref.server}\0${ref.tool}`)}`;
}

/**
 * Exposed names for every (server, tool) pair, keyed `server\0tool`. Pairs are taken in byte order of their
 * original names: the first keeps the base name, later clashes get `_2`, `_3`… (shortened to fit). `taken` holds
 * names already in use (built-in tools).
 */
export function assignToolNames(refs: readonly ToolRef[], taken: ReadonlySet<string> = new Set()): Map<string, string> {
  const used = new Set(taken);
  const out = new Map<string, string>();
  const sorted = [...refs].sort((a, b) => byBytes(a.server, b.server) || byBytes(a.tool, b.tool));
  for (const ref of sorted) {
    const key = `${ref.server}\0${ref.tool}`;
    if (out.has(key)) continue;
    const base = baseToolName(ref);
    let name = base;
    for (let n = 2; used.has(name); n += 1) {
      const suffix = `_${n}`;
      name = `${base.slice(0, maxToolNameLength - suffix.length)}${suffix}`;
    }
    used.add(name);
    out.set(key, name);
    exposed.set(name, ref);
  }
  return out;
}

/** Every exposed name handed out in this process, with the server and tool it stands for. */
const exposed = new Map<string, ToolRef>();

/**
 * The server and tool behind an exposed name, so rules match the server by name rather than by a prefix of the
 * string (`mcp__github__*` must not reach a server called `github_`). A name never handed out is read with its
 * separator at the last two underscores of the first run of them (`mcp__github___x` is server `github_`, tool `x`).
 */
export function toolRefOf(name: string): ToolRef | undefined {
  const known = exposed.get(name);
  if (known) return known;
  const match = /^mcp__(.+?_*)__(.+)$/.exec(name);
  return match ? { server: match[1], tool: match[2] } : undefined;
}

export const compareToolNames = byBytes;
