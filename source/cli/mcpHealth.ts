// Wiring for `rein mcp list`'s health check: the servers a session here would start (with ${VAR} expanded), whether
// the project is trusted (the user's remembered answer, never a question), and the check itself.
import { loadConfig } from '../config/index.js';
import type { Env } from '../config/types.js';
import { loadMcpServers, describeProblem } from '../mcp/config.js';
import { checkServers, type ServerHealth } from '../mcp/health.js';
import { loadTrustedConfig } from './projectTrust.js';

export interface McpHealthReport {
  health: Map<string, ServerHealth>;
  /** Entries that could not be used at all (an unset variable, a wrong type), one sentence each. */
  problems: string[];
}

export async function mcpHealth(o: { cwd: string; env: Env; reinHome: string; version: string }): Promise<McpHealthReport> {
  // interactive: the remembered answer counts, as it would for the full-screen session; nothing is asked here.
  const decided = await loadTrustedConfig({
    cwd: o.cwd, env: o.env, reinHome: o.reinHome, flags: {}, interactive: true,
    args: { allowedTools: [], disallowedTools: [], trustProject: false, trustMcp: false, mcpConfig: [], strictMcpConfig: false },
  });
  const loaded = decided === 'quit' ? loadConfig({ cwd: o.cwd, env: o.env, reinHome: o.reinHome }) : decided.loaded;
  const trusted = decided !== 'quit' && decided.trust.state !== 'pending' && decided.trust.state !== 'denied';
  const { servers, problems } = loadMcpServers({ projectDir: o.cwd, layers: loaded.mcpServers, env: o.env });
  const health = await checkServers(servers, {
    projectTrusted: trusted, workspace: loaded.config.security.workspace, startupTimeoutMs: loaded.config.mcp.startupTimeoutMs, clientVersion: o.version,
  });
  return { health, problems: problems.map(describeProblem) };
}
