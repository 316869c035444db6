// The session's tool registry: built-in tools plus the MCP tools of the moment, rebuilt only between runs so the
// request prefix (tool schemas included) stays byte-stable while a run goes on.
import type { McpSessionSource } from '../mcp/types.js';
import type { ToolSchema } from '../providers/types.js';
import { ToolRegistry } from '../tools/runner.js';
import type { AnyTool } from '../tools/types.js';

export class SessionTools {
  registry: ToolRegistry;
  schemas: ToolSchema[];
  private mcpVersion: number | undefined;

  constructor(
    private readonly builtin: AnyTool[],
    private readonly mcp: McpSessionSource | undefined,
  ) {
    this.registry = new ToolRegistry(builtin);
    this.schemas = this.registry.schemas();
    this.refresh();
  }

  /** Built-in and current MCP tools, for subagents (which build their own registry when they start). */
  all(): AnyTool[] {
    return [...this.builtin, ...(this.mcp?.tools().tools ?? [])];
  }

  /** Takes the MCP tools' latest snapshot; true when the tool set changed. Call only when no run is active. */
  refresh(): boolean {
    if (!this.mcp) return false;
    const snapshot = this.mcp.tools();
    if (snapshot.version === this.mcpVersion) return false;
    this.mcpVersion = snapshot.version;
    // Built-in tools first, then MCP tools in byte order of their names: the same servers give the same prefix.
    this.registry = new ToolRegistry([...this.builtin, ...snapshot.tools]);
    this.schemas = this.registry.schemas();
    return true;
  }
}
