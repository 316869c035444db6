// Whether the user trusts a project: the one question every power a repository's files ask for goes through
// (a command's allowed-tools, hooks: and !`commands`, an agent's hooks:). Point `projectTrustCheck` at the
// project trust store once there is one; until then, a trust the user gave the project's hooks or MCP servers counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trustFileName } from '../mcp/trust.js';
import { hookTrustFileName } from './hookTrust.js';

/** What every sentence about an untrusted project's file ends with: how to trust the project. */
export const untrustedProject = 'this project is not trusted yet (trust it with --trust-project, or when rein asks about its hooks or MCP servers)';

export interface ProjectTrustOptions {
  /** The project's folders as the trust stores key them (workspace and working directory). */
  projectDirs: string[];
  reinHome: string;
  /** --trust-project: trusted for this run. */
  trustProject: boolean;
}

function trustedIn(file: string, projectDirs: readonly string[]): boolean {
  try {
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return projectDirs.some((dir) => Object.values(all?.[dir] ?? {}).includes('trusted'));
  } catch {
    return false;
  }
}

/** Asked each time, so a trust given in the dialog during the session counts from then on. */
export function projectTrustCheck(o: ProjectTrustOptions): () => boolean {
  return () => o.trustProject || [trustFileName, hookTrustFileName].some((name) => trustedIn(join(o.reinHome, name), o.projectDirs));
}
