// The session's tool registry: built-in tools plus the MCP tools of the moment, rebuilt only between runs so the
// request prefix (tool schemas included) stays byte-stable while a run goes on.
import type { McpSessionSource } from '../../mcp/types.js';
import { mcpToolSet } from '../../mcp/toolSearch.js';
import { createWaitTool, pendingServers, pendingToolHint } from '../../mcp/waitTool.js';
import type { ToolSchema } from '../../providers/types.js';
import { ToolRegistry } from '../../tools/runner.js';
import type { AnyTool } from '../../tools/types.js';

export class SessionTools {
  registry: ToolRegistry;
  schemas: ToolSchema[];
  private mcpVersion: number | undefined;
  /** Whether the wait tool is in the set: while a server is starting (as Claude Code offers WaitForMcpServers). */
  private waiting: boolean | undefined;
  private readonly waitTool: AnyTool | undefined;

  constructor(
    private readonly builtin: AnyTool[],
    private readonly mcp: McpSessionSource | undefined,
    /** The model's context window, when known: MCP tools past 10% of it are found by search. */
    private readonly window?: number,
  ) {
    this.registry = new ToolRegistry(builtin);
    this.schemas = this.registry.schemas();
    this.waitTool = mcp ? createWaitTool(mcp) : undefined;
    this.refresh();
  }

  /** Whether a tool is one of the session's own (not an MCP server's, nor the MCP wait or search tool). */
  isBuiltin(name: string): boolean {
    return this.builtin.some((tool) => tool.name === name);
  }

  /** Built-in and current MCP tools, for subagents (which build their own registry when they start). */
  all(): AnyTool[] {
    return [...this.builtin, ...(this.mcp?.tools().tools ?? [])];
  }

  /**
   * Every tool that can run now, MCP tools of servers that came up since the last refresh included, without changing
   * the set the model is sent (a permission prompt tool may be asked before its tools join the request).
   */
  current(): ToolRegistry {
    const snapshot = this.mcp?.tools();
    if (!snapshot || snapshot.version === this.mcpVersion) return this.registry;
    return new ToolRegistry([...this.builtin, ...snapshot.tools]);
  }

  /**
   * Takes the MCP tools' latest snapshot; true when the tool set changed. Call only between model calls (at a turn
   * boundary), never while a round of calls runs.
   */
  refresh(): boolean {
    const mcp = this.mcp;
    if (!mcp) return false;
    const snapshot = mcp.tools();
    const waiting = pendingServers(mcp).length > 0;
    if (snapshot.version === this.mcpVersion && waiting === this.waiting) return false;
    this.mcpVersion = snapshot.version;
    this.waiting = waiting;
    // Built-in tools first, then MCP tools in byte order of their names: once every server is up the set (and the
    // request prefix) is the one a session whose servers were all ready from the start sends.
    const wait = waiting && this.waitTool ? [this.waitTool] : [];
    const { listed, deferred } = mcpToolSet(snapshot.tools, this.window);
    this.registry = new ToolRegistry([...this.builtin, ...wait, ...listed], (name) => pendingToolHint(mcp, name), deferred);
    this.schemas = this.registry.schemas();
    return true;
  }
}
