// Reads one JSON file of the corpus (a settings file or a hook configuration) as rein reads Claude Code's settings:
// its hooks, its permission rules, and which of its keys rein does not read at all.
import fs from 'node:fs';
import { loadHooks } from '../../source/extensions/hookConfig.js';
import { loadPermissionRules } from '../../source/permissions/ruleSources.js';

export type Kind = 'agents' | 'commands' | 'skills' | 'settings';

export interface FileLine {
  kind: Kind;
  file: string;
  /** loaded: both load it; MISSING: Claude Code loads it, rein does not; extra: only rein; ignored: neither; problem: rein reports a problem. */
  status: 'loaded' | 'MISSING' | 'extra' | 'ignored' | 'problem';
  detail?: string;
}

/** Keys rein reads from Claude Code's settings files; `description` is the catalogue's own label, not a setting. */
const readKeys = new Set(['permissions', 'hooks', 'disableAllHooks', 'description', '$schema']);

export function checkSettingsFile(file: string): FileLine {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { kind: 'settings', file, status: 'problem', detail: `not JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'settings', file, status: 'ignored', detail: 'not a settings object' };
  const settings = value as Record<string, unknown>;
  const notes: string[] = [];
  const problems: string[] = [];
  if (settings.hooks !== undefined) {
    const loaded = loadHooks([{ file, scope: 'project', hooks: settings.hooks }]);
    notes.push(`${loaded.hooks.length} hook command(s)`);
    problems.push(...loaded.problems.map((p) => p.replace(file, '<file>')));
  }
  if (settings.permissions !== undefined) {
    const rules = loadPermissionRules({ workspace: '/nonexistent-workspace', settings: [{ file, scope: 'project', settings }] });
    notes.push(`${rules.rules.length} permission rule(s)`);
    problems.push(...rules.problems.map((p) => `${p.rule}: ${p.problem}`));
  }
  const unread = Object.keys(settings).filter((k) => !readKeys.has(k));
  if (unread.length > 0) notes.push(`keys rein does not read: ${unread.join(', ')}`);
  const detail = [...notes, ...problems.map((p) => `problem: ${p}`)].join('; ') || undefined;
  return { kind: 'settings', file, status: problems.length > 0 ? 'problem' : 'loaded', detail };
}
