// Saves "always, this project" rules into `.claude/settings.local.json`, in Claude Code's format, kept out of git.
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { writeFileAtomicSync as writeFileAtomic } from '../util/atomicWrite.js';
import { claudeRuleText } from './toolNames.js';

const localSettingsPath = (workspace: string) => join(workspace, '.claude', 'settings.local.json');
const ignoreLine = '.claude/settings.local.json';

/**
 * Adds `rule` to `permissions.allow` under Claude Code's tool names (both programs read the file), keeping the rest of
 * the file (comments included); returns the file's path.
 */
export function saveProjectRule(workspace: string, given: string): string {
  const rule = claudeRuleText(given);
  const file = localSettingsPath(workspace);
  mkdirSync(dirname(file), { recursive: true });
  const created = !existsSync(file);
  const text = created ? '{}\n' : readFileSync(file, 'utf8');
  const current = (parse(text) as { permissions?: { allow?: unknown } } | undefined)?.permissions?.allow;
  const allow: unknown[] = Array.isArray(current) ? current : [];
  if (!allow.includes(rule)) {
    const edits = modify(text, ['permissions', 'allow'], [...allow, rule], { formattingOptions: { insertSpaces: true, tabSize: 2 } });
    writeFileAtomic(file, applyEdits(text, edits));
  }
  if (created) ignoreInGit(workspace);
  return file;
}

/** Personal approvals stay out of commits: the repository's own exclude file, so nothing outside the project changes. */
function ignoreInGit(workspace: string): void {
  const gitDir = join(workspace, '.git');
  if (!existsSync(gitDir) || !statSync(gitDir).isDirectory()) return;
  const exclude = join(gitDir, 'info', 'exclude');
  const existing = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
  if (existing.split('\n').some((line) => line.trim() === ignoreLine || line.trim() === `/${ignoreLine}`)) return;
  mkdirSync(dirname(exclude), { recursive: true });
  appendFileSync(exclude, `${existing && !existing.endsWith('\n') ? '\n' : ''}${ignoreLine}\n`);
}
