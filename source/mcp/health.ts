// `rein mcp list`'s health check, as `claude mcp list` does it: each server rein would start is connected, its tools
// are listed, and it is stopped again; an untrusted project's servers are never started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpServerEntry } from './config.js';

export type ServerHealth =
  | { status: 'connected'; tools: number }
  | { status: 'failed'; reason: string }
  /** A project's server while the project is not trusted: not started. */
  | { status: 'untrusted' };

export interface HealthCheckOptions {
  /** Whether the project's own servers may start: the user trusted it before (or --trust-project). */
  projectTrusted: boolean;
  workspace: string;
  startupTimeoutMs: number;
  clientVersion: string;
}

/** Checks every server at once; each is stopped (with everything it started) before this resolves. */
export async function checkServers(entries: readonly McpServerEntry[], o: HealthCheckOptions): Promise<Map<string, ServerHealth>> {
  const result = new Map<string, ServerHealth>();
  const startable = entries.filter((e) => e.scope !== 'project' || o.projectTrusted);
  for (const entry of entries) if (!startable.includes(entry)) result.set(entry.name, { status: 'untrusted' });
  if (startable.length === 0) return result;
  // stderr of the servers goes to a throwaway folder: a health check leaves no logs behind.
  const logDir = mkdtempSync(join(tmpdir(), 'rein-mcp-check-'));
  const { McpConnection } = await import('./connection.js');
  try {
    await Promise.all(startable.map(async (entry) => {
      const connection = new McpConnection(entry, {
        workspace: o.workspace, logDir, startupTimeoutMs: o.startupTimeoutMs, toolTimeoutMs: o.startupTimeoutMs, clientVersion: o.clientVersion,
        maxRestarts: 0, onChange: () => {}, onNotice: () => {},
      });
      try {
        await connection.start();
        const state = connection.state;
        result.set(entry.name, state.status === 'connected'
          ? { status: 'connected', tools: state.tools.length }
          : { status: 'failed', reason: state.lastError ?? 'it did not finish starting' });
      } finally {
        await connection.close();
      }
    }));
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
  return result;
}
