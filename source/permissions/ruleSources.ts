// Gathers permission rules from every place they live: agent.config.json layers, Claude Code's settings files, and flags.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseJson } from '../config/jsonSyntax.js';
import { parseRule, parseRuleLists, type PermissionRule, type RuleContext, type RuleProblem } from './rules.js';

export interface RuleSourceOptions {
  workspace: string;
  /** The user's home folder (for `~/.claude/settings.json` and `~/` patterns). */
  home?: string;
  /** The `permissions` object of each agent.config.json layer that has one, lowest first. */
  configLayers?: { source: string; scope?: 'user' | 'project'; permissions: unknown }[];
  /** A project's allow rules widen what runs without asking: they apply only once the project is trusted (deny and ask always do). */
  projectTrusted?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  /** Claude Code's settings files, already read (readClaudeSettings); unset = read them here. */
  settings?: ClaudeSettingsFile[];
}

export interface LoadedRules {
  rules: PermissionRule[];
  problems: RuleProblem[];
  /** The settings files that were read. */
  files: string[];
  /** A project's allow rules held back because the project is not trusted. */
  heldBack: PermissionRule[];
}

/** Claude Code's settings files, read unchanged: user, project (shared), project (local). */
function claudeSettingsFiles(workspace: string, home = homedir()): string[] {
  return [join(home, '.claude', 'settings.json'), join(workspace, '.claude', 'settings.json'), join(workspace, '.claude', 'settings.local.json')];
}

export interface ClaudeSettingsFile {
  file: string;
  /** `~/.claude/settings.json` is the user's; the workspace's `.claude/` files are the project's. */
  scope: 'user' | 'project';
  /** The parsed file (JSONC); undefined when it could not be read. */
  settings?: Record<string, unknown>;
  /** Why it could not be read: "Unexpected token at line 2, column 3". */
  problem?: string;
}

/** Claude Code's settings files that exist, each read once (parsed as JSONC, unchanged). */
export function readClaudeSettings(workspace: string, home = homedir()): ClaudeSettingsFile[] {
  const out: ClaudeSettingsFile[] = [];
  const files = claudeSettingsFiles(workspace, home);
  files.forEach((file, index) => {
    // Run in the home folder, the project's settings file is the user's own: read once, as the user's.
    if (!existsSync(file) || files.indexOf(file) !== index) return;
    const scope = index === 0 ? 'user' : 'project';
    let parsed: ReturnType<typeof parseJson>;
    try {
      const text = readFileSync(file, 'utf8');
      // No bytes at all: the sandbox's mount point for a file that does not exist.
      if (text.length === 0) return;
      parsed = parseJson(text);
    } catch (error) {
      out.push({ file, scope, problem: `the file could not be read (${(error as Error).message})` });
      return;
    }
    if (!parsed.ok) {
      out.push({ file, scope, problem: `${parsed.problem.problem} at line ${parsed.problem.line}, column ${parsed.problem.column}` });
      return;
    }
    const value = parsed.value;
    out.push({ file, scope, settings: value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {} });
  });
  return out;
}

/** `--allowedTools "Bash(npm test) Read"`: entries split on commas and on spaces outside parentheses. */
export function splitToolList(values: string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    let depth = 0;
    let current = '';
    for (const ch of value) {
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (ch === ',' || ch === ' ')) {
        if (current.trim()) out.push(current.trim());
        current = '';
      } else current += ch;
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}

export function loadPermissionRules(o: RuleSourceOptions): LoadedRules {
  const ctx: RuleContext = { workspace: o.workspace, home: o.home };
  const rules: PermissionRule[] = [];
  const problems: RuleProblem[] = [];
  const files: string[] = [];
  const heldBack: PermissionRule[] = [];
  const add = (loaded: { rules: PermissionRule[]; problems: RuleProblem[] }, scope: 'user' | 'project' = 'user') => {
    for (const parsed of loaded.rules) {
      const rule = scope === 'project' ? { ...parsed, project: true } : parsed;
      (scope === 'project' && rule.effect === 'allow' && !o.projectTrusted ? heldBack : rules).push(rule);
    }
    problems.push(...loaded.problems);
  };
  for (const layer of o.configLayers ?? []) add(parseRuleLists(layer.permissions, layer.source, ctx), layer.scope);
  for (const { file, settings, problem, scope } of o.settings ?? readClaudeSettings(o.workspace, o.home)) {
    files.push(file);
    if (problem !== undefined) {
      problems.push({ source: file, index: 0, rule: '', problem });
      continue;
    }
    if (settings && 'permissions' in settings) add(parseRuleLists(settings.permissions, file, ctx), scope);
  }
  const fromFlag = (list: string[] | undefined, effect: 'allow' | 'deny', flag: string) => {
    splitToolList(list ?? []).forEach((text, index) => {
      const parsed = parseRule(text, effect, flag, ctx);
      if (typeof parsed === 'string') problems.push({ source: flag, index, rule: text, problem: parsed });
      else rules.push(parsed);
    });
  };
  fromFlag(o.allowedTools, 'allow', '--allowedTools');
  fromFlag(o.disallowedTools, 'deny', '--disallowedTools');
  return { rules, problems, files, heldBack };
}
