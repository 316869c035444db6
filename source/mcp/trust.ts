// Remembers, under $REIN_HOME, whether the user trusted a project's MCP servers (or hooks): per project and per
// set of definitions, so a changed .mcp.json (a new command, other arguments) is asked about again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../memory/atomicWrite.js';
import type { McpServerEntry } from './config.js';

export type TrustAnswer = 'trusted' | 'denied';

export const trustFileName = 'mcp-trust.json';

/** Canonical JSON (keys sorted) so the same definitions always hash alike, whatever order they were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash trust is given to: the project servers' names and definitions as written (before ${VAR} expansion). */
export function serverSetHash(servers: readonly McpServerEntry[]): string {
  const set = [...servers].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((s) => [s.name, s.written]);
  return createHash('sha256').update(canonical(set)).digest('hex').slice(0, 32);
}

type TrustFile = Record<string, Record<string, TrustAnswer>>;

export class TrustStore {
  private readonly file: string;

  /** `fileName`: one file per kind of project code (MCP servers, hooks). */
  constructor(reinHome: string, fileName = trustFileName) {
    this.file = join(reinHome, fileName);
  }

  private read(): TrustFile {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TrustFile) : {};
    } catch {
      // Missing or unreadable: nothing is trusted yet.
      return {};
    }
  }

  answer(projectDir: string, hash: string): TrustAnswer | undefined {
    const value = this.read()[projectDir]?.[hash];
    return value === 'trusted' || value === 'denied' ? value : undefined;
  }

  remember(projectDir: string, hash: string, answer: TrustAnswer): void {
    const all = this.read();
    all[projectDir] = { ...(all[projectDir] ?? {}), [hash]: answer };
    writeFileAtomicSync(this.file, `${JSON.stringify(all, null, 2)}\n`);
  }
}
