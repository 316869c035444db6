// The screen's side of a session's MCP servers: the /mcp panel's actions (reconnect, on/off, a server's tools).
import type { McpControl } from '../engine/session/types.js';
import type { McpResourceInfo } from '../mcp/types.js';

export interface McpActions {
  /** Stops the named server and connects it again; rejects with a plain sentence when it cannot. */
  reconnect(name: string): Promise<void>;
  /** Turns the named server on or off for this session; rejects with a plain sentence when it cannot. */
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** The named server's tools as it lists them (empty unless connected). */
  tools(name: string): { name: string; description?: string }[];
  /** The named server's resources and resource templates; rejects with a plain sentence when they cannot be listed. */
  resources(name: string): Promise<McpResourceInfo[]>;
}

export function createMcpActions(mcp: McpControl | undefined): McpActions {
  const noServers = (): Promise<void> => Promise.reject(new Error('No MCP servers are configured in this session.'));
  return {
    reconnect(name) {
      return mcp ? mcp.reconnect(name) : noServers();
    },
    setEnabled(name, enabled) {
      return mcp ? mcp.setEnabled(name, enabled) : noServers();
    },
    tools(name) {
      return mcp?.serverTools(name) ?? [];
    },
    resources(name) {
      return mcp ? mcp.listResources(name) : noServers().then(() => []);
    },
  };
}
