// Claude Code's `statusLine` setting: which file's applies (local over project over user, a project's only once it
// is trusted, none when disableAllHooks is on), and what is wrong with one that cannot be used.
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';

export interface StatusLineSetting {
  command: string;
  /** Extra spaces before the text (Claude Code's `padding`). */
  padding: number;
  /** Seconds between runs besides the event-driven ones (Claude Code's `refreshInterval`, at least 1); unset = events only. */
  refreshIntervalS?: number;
  file: string;
}

/** The setting as written in one file, or undefined when the file sets none (or one that is not a command). */
export function statusLineOf(settings: Record<string, unknown> | undefined): { command: string; padding?: unknown; refreshInterval?: unknown } | undefined {
  const value = settings?.statusLine;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  if (entry.type !== undefined && entry.type !== 'command') return undefined;
  if (typeof entry.command !== 'string' || entry.command.trim() === '') return undefined;
  return { command: entry.command, padding: entry.padding, refreshInterval: entry.refreshInterval };
}

/** The status line rein runs, with one sentence per setting it cannot use. */
export function resolveStatusLine(settings: readonly ClaudeSettingsFile[], projectTrusted: boolean): { setting?: StatusLineSetting; warnings: string[] } {
  const warnings: string[] = [];
  if (settings.some((s) => s.settings?.disableAllHooks === true && (s.scope === 'user' || projectTrusted))) return { warnings };
  let chosen: StatusLineSetting | undefined;
  for (const s of settings) {
    const raw = s.settings?.statusLine;
    if (raw === undefined) continue;
    const entry = statusLineOf(s.settings);
    if (!entry) {
      warnings.push(`"statusLine" in ${s.file} must be {"type": "command", "command": "..."}; it was not used.`);
      continue;
    }
    // Told once, by the trust notices: an untrusted project's status line is not run.
    if (s.scope === 'project' && !projectTrusted) continue;
    const padding = typeof entry.padding === 'number' && entry.padding >= 0 ? Math.floor(entry.padding) : 0;
    const interval = typeof entry.refreshInterval === 'number' && entry.refreshInterval >= 1 ? entry.refreshInterval : undefined;
    if (entry.refreshInterval !== undefined && interval === undefined) warnings.push(`"statusLine.refreshInterval" in ${s.file} must be a number of seconds of at least 1; the status line runs on events only.`);
    chosen = { command: entry.command, padding, file: s.file, ...(interval ? { refreshIntervalS: interval } : {}) };
  }
  return { ...(chosen ? { setting: chosen } : {}), warnings };
}
