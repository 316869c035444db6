// Many MCP tools without their cost: past a threshold they leave the request's tool list; the model finds them with
// mcp_tool_search and calls them through mcp_call, one stable proxy, so the tool list (the cached prefix) never changes.
import { defineTool, errorResult, textResult, type AnyTool } from '../tools/types.js';
import { ToolRegistry } from '../tools/runner.js';
import { wireSchema } from '../tools/wireSchema.js';
import { compareNames } from '../util/compareNames.js';

export const searchToolName = 'mcp_tool_search';
export const proxyToolName = 'mcp_call';

/** Past this many MCP tools, or past this share of the window in schema tokens, they are found by search (as Claude Code does at 10%). */
const deferAboveCount = 20;
const deferAboveShare = 0.1;
const defaultResults = 5;
const maxResults = 20;

const schemaChars = (tool: AnyTool): number => tool.name.length + tool.description.length + JSON.stringify(wireSchema(tool)).length;

/**
 * Whether these MCP tools are too many to send whole: more than 20, or more than 10% of the window at four characters
 * a token. ENABLE_TOOL_SEARCH as Claude Code reads it: "false" sends them all, "true" always searches, "auto:N" moves
 * the share to N%.
 */
export function shouldDefer(mcpTools: readonly AnyTool[], window: number | undefined, setting = process.env.ENABLE_TOOL_SEARCH): boolean {
  if (mcpTools.length === 0 || setting === 'false') return false;
  if (setting === 'true') return true;
  const percent = /^auto:(\d+(?:\.\d+)?)$/.exec(setting ?? '')?.[1];
  const share = percent !== undefined ? Number(percent) / 100 : deferAboveShare;
  if (percent === undefined && mcpTools.length > deferAboveCount) return true;
  const tokens = mcpTools.reduce((sum, t) => sum + schemaChars(t), 0) / 4;
  return window !== undefined && tokens > window * share;
}

const words = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);

/** Matches by name (a word of it weighs three) and description (one); `select:a,b` names tools exactly. */
export function searchTools(tools: readonly AnyTool[], query: string, limit = defaultResults): AnyTool[] {
  const select = /^\s*select:(.*)$/i.exec(query);
  if (select) {
    const wanted = new Set(select[1].split(',').map((n) => n.trim()).filter(Boolean));
    return tools.filter((t) => wanted.has(t.name));
  }
  const terms = words(query);
  const scored = tools.map((tool) => {
    const name = tool.name.toLowerCase();
    const description = tool.description.toLowerCase();
    let score = 0;
    for (const term of terms) score += (name.includes(term) ? 3 : 0) + (description.includes(term) ? 1 : 0);
    return { tool, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || compareNames(a.tool.name, b.tool.name)).slice(0, limit).map((s) => s.tool);
}

const described = (tool: AnyTool): string => `${tool.name}: ${tool.description.trim()}\nInput schema: ${JSON.stringify(wireSchema(tool))}`;

/** The servers and their tool counts, for the search tool's description: the model knows what there is to find. */
function serverList(tools: readonly AnyTool[]): string {
  const counts = new Map<string, number>();
  for (const t of tools) {
    const server = /^mcp__(.+?)__/.exec(t.name)?.[1] ?? 'other';
    counts.set(server, (counts.get(server) ?? 0) + 1);
  }
  return [...counts].map(([server, n]) => `${server} (${n})`).join(', ');
}

interface SearchArgs {
  query: string;
  max_results?: number;
}

function createSearchTool(deferred: readonly AnyTool[]): AnyTool {
  return defineTool<SearchArgs>({
    name: searchToolName,
    description:
      `Find MCP tools, which are not in your tool list, by words of their name or description ("select:NAME,NAME" for exact names). ` +
      `Each match comes with its input schema; call it with ${proxyToolName}. Servers (tools): ${serverList(deferred)}.`,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, max_results: { type: 'integer', minimum: 1, maximum: maxResults, description: `Default ${defaultResults}` } },
      required: ['query'],
      additionalProperties: false,
    },
    readOnly: true,
    summarize: (args) => args.query,
    execute(args) {
      const found = searchTools(deferred, args.query, args.max_results ?? defaultResults);
      if (found.length === 0) return Promise.resolve(textResult(`No MCP tool matches "${args.query}". Try other words, or one server's name.`, false, `No MCP tool matches "${args.query}".`));
      return Promise.resolve(textResult(found.map(described).join('\n\n'), false, `Found ${found.map((tool) => tool.name).join(', ')}`));
    },
  });
}

interface ProxyArgs {
  tool: string;
  arguments?: Record<string, unknown>;
}

/** Runs only when the call could not be turned into the tool's own call (see unwrapProxyCall): the name is no MCP tool. */
function createProxyTool(): AnyTool {
  return defineTool<ProxyArgs>({
    name: proxyToolName,
    description: `Call an MCP tool found with ${searchToolName}: tool is its full name (mcp__server__tool), arguments match its input schema.`,
    inputSchema: {
      type: 'object',
      properties: { tool: { type: 'string', minLength: 1 }, arguments: { type: 'object' } },
      required: ['tool'],
      additionalProperties: false,
    },
    readOnly: true,
    summarize: (args) => args.tool,
    execute(args) {
      return Promise.resolve(errorResult(`There is no MCP tool named "${args.tool}". Find the tool's exact name with ${searchToolName}, then call it again.`, `There is no MCP tool named "${args.tool}".`));
    },
  });
}

/** The tools a request lists and the MCP tools callable only through the proxy (none when all are listed). */
export function mcpToolSet(mcpTools: AnyTool[], window: number | undefined): { listed: AnyTool[]; deferred: AnyTool[] } {
  if (!shouldDefer(mcpTools, window)) return { listed: mcpTools, deferred: [] };
  return { listed: [createSearchTool(mcpTools), createProxyTool()], deferred: mcpTools };
}

/**
 * A proxy call becomes the found tool's own call (same id), so permission rules, hooks and the screen see the MCP
 * tool by its name, as if the model had called it directly; the history keeps what the model sent.
 */
export function unwrapProxyCall<T extends { name: string; input: Record<string, unknown> }>(call: T, isDeferred: (name: string) => boolean): T {
  if (call.name !== proxyToolName) return call;
  const { tool, arguments: args } = call.input;
  if (typeof tool !== 'string' || !isDeferred(tool)) return call;
  const input = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  return { ...call, name: tool, input };
}

/** A registry of built-in and MCP tools (named mcp__…) with the MCP ones behind search past the threshold (subagents). */
export function registryWithSearch(tools: AnyTool[], window: number | undefined): ToolRegistry {
  const isMcp = (t: AnyTool) => t.name.startsWith('mcp__');
  const { listed, deferred } = mcpToolSet(tools.filter(isMcp), window);
  return new ToolRegistry([...tools.filter((t) => !isMcp(t)), ...listed], undefined, deferred);
}
