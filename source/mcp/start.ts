// Builds the session's MCP manager from every config source and starts the servers in the background.
import type { Env, McpServersLayer } from '../config/types.js';
import { loadMcpServers } from './config.js';
import { McpManager } from './manager.js';

export interface StartMcpOptions {
  cwd: string;
  workspace: string;
  env: Env;
  reinHome: string;
  /** The session folder (logs go to its mcp/ folder). */
  sessionDir: string;
  layers: McpServersLayer[];
  /** --mcp-config <files or JSON…>. */
  flagConfigs?: string[];
  /** --strict-mcp-config: only the --mcp-config servers. */
  flagOnly?: boolean;
  /** The project is trusted (or --trust-mcp): its own servers may start. */
  projectTrusted: boolean;
  interactive: boolean;
  timeouts: { startupTimeoutMs: number; toolTimeoutMs: number };
  clientVersion: string;
  /** Built-in tool names, which MCP tools never take. */
  reservedNames: ReadonlySet<string>;
}

/** Undefined when nothing is configured (and nothing is wrong): such sessions never load the MCP code. */
export function startMcpServers(o: StartMcpOptions): McpManager | undefined {
  const { servers, problems } = loadMcpServers({ projectDir: o.cwd, layers: o.layers, flagConfigs: o.flagConfigs, flagOnly: o.flagOnly, env: o.env });
  if (servers.length === 0 && problems.length === 0) return undefined;
  const manager = new McpManager({
    servers, problems, projectDir: o.cwd, reinHome: o.reinHome, workspace: o.workspace, sessionDir: o.sessionDir,
    ...o.timeouts, projectTrusted: o.projectTrusted, interactive: o.interactive, clientVersion: o.clientVersion, reservedNames: o.reservedNames,
  });
  manager.start();
  return manager;
}
