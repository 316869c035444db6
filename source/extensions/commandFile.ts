// Reads one custom command (or skill) file as Claude Code does: frontmatter settings over the prompt template.
import { splitToolList } from '../permissions/ruleSources.js';
import { parseRule, type PermissionRule } from '../permissions/rules.js';
import { argumentNames } from './commandArguments.js';
import { loadHooks } from './hookConfig.js';
import type { HookCommand } from './hookTypes.js';
import { readFrontmatter } from './frontmatter.js';

export interface CustomCommand {
  /** Without the slash; a subfolder is a namespace: "frontend:component". */
  name: string;
  description: string;
  argumentHint?: string;
  /** `allowed-tools`, parsed: allowed while this command's prompt runs, and only then (for a project file, once trusted). */
  allowedTools: PermissionRule[];
  /** `model`: the model for this command's run only. */
  model?: string;
  /** The prompt template below the frontmatter, as Claude Code sends it (its last newline kept). */
  body: string;
  file: string;
  /** Where it comes from, as /help shows it: "project", "project, .claude", "user", "user, .claude". */
  origin: string;
  /** `arguments:` names: `$name` is the word at that place. */
  argumentNames: string[];
  /** A skill's folder: the message starts with "Base directory for this skill: …" and `${CLAUDE_SKILL_DIR}` is filled. */
  skillDir?: string;
  /** `hooks:` of its frontmatter: they join the session's hooks once the command has run. */
  hooks: HookCommand[];
  /** Set for a skill with `user-invocable: false`: typing it answers this, as Claude Code answers it, and runs nothing. */
  refusal?: string;
}

/** Project files obey project trust; the user's own files never need it. */
export const isProjectFile = (command: Pick<CustomCommand, 'origin'>): boolean => command.origin.startsWith('project');

/** `argument-hint: [message]` reads as a YAML list; shown as written. */
function hintText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return value.map((item) => `[${String(item)}]`).join(' ') || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Claude Code's description when none is given: the first non-empty line, without a heading's #s, cut at 100. */
function descriptionFromBody(body: string, fallback: string): string {
  const line = body.split('\n').map((l) => l.trim()).find((l) => l !== '');
  if (!line) return fallback;
  const text = /^#+\s+(.+)$/.exec(line)?.[1] ?? line;
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** The frontmatter's `hooks:`, in the settings files' shape; a subagent's Stop hooks run as SubagentStop, as in Claude Code. */
export function frontmatterHooks(value: unknown, file: string, scope: 'user' | 'project', subagent = false): { hooks: HookCommand[]; warnings: string[] } {
  if (value === undefined || value === null) return { hooks: [], warnings: [] };
  let hooks = value;
  if (subagent && value && typeof value === 'object' && !Array.isArray(value) && 'Stop' in value) {
    const { Stop: stop, ...rest } = value as Record<string, unknown>;
    const list = (entries: unknown): unknown[] => (Array.isArray(entries) ? entries : []);
    const merged = [...list(rest.SubagentStop), ...list(stop)];
    hooks = { ...rest, SubagentStop: merged };
  }
  const loaded = loadHooks([{ file, scope, hooks }]);
  return { hooks: loaded.hooks, warnings: loaded.problems };
}

export interface ParseContext {
  workspace: string;
  home?: string;
  /** A skill's folder (SKILL.md files). */
  skillDir?: string;
}

/** Reads one command file; a problem comes back in plain words. */
export function parseCommandFile(text: string, file: string, name: string, origin: string, ctx: ParseContext): { command: CustomCommand; warnings: string[] } | { problem: string } {
  const read = readFrontmatter(text);
  const f = read.fields;
  const warnings: string[] = [];
  // Claude Code reads a file whose frontmatter is not YAML as if it had none; so does rein, saying so.
  if (read.unread) warnings.push(`${file} was read without its frontmatter: ${read.unread}.`);
  if (!read.body) return { problem: 'it has no prompt (the text below the frontmatter)' };
  const allowedTools: PermissionRule[] = [];
  const allowed = f['allowed-tools'];
  if (allowed !== undefined && allowed !== null) {
    const list = Array.isArray(allowed) ? allowed.map(String) : typeof allowed === 'string' ? [allowed] : undefined;
    if (!list) warnings.push(`allowed-tools in ${file} was not used: it must be a comma-separated list of rules.`);
    for (const written of splitToolList(list ?? [])) {
      // Claude Code fills these in allowed-tools too: a skill may allow its own scripts.
      const ruleText = written.replace(/\$\{CLAUDE_SKILL_DIR\}/g, () => ctx.skillDir ?? '${CLAUDE_SKILL_DIR}').replace(/\$\{CLAUDE_PROJECT_DIR\}/g, () => ctx.workspace);
      const parsed = parseRule(ruleText, 'allow', `/${name} allowed-tools`, ctx);
      if (typeof parsed === 'string') warnings.push(`allowed-tools rule "${ruleText}" in ${file} was not used: ${parsed}.`);
      else allowedTools.push(parsed);
    }
  }
  const model = typeof f.model === 'string' && f.model.trim() && f.model.trim() !== 'inherit' ? f.model.trim() : undefined;
  if (f.model !== undefined && f.model !== null && typeof f.model !== 'string') warnings.push(`model in ${file} was not used: it must be a model name.`);
  const description = typeof f.description === 'string' && f.description.trim()
    ? f.description.replace(/\s+/g, ' ').trim()
    : typeof f.description === 'number' || typeof f.description === 'boolean' ? String(f.description) : descriptionFromBody(read.body, ctx.skillDir ? 'Skill' : 'Custom command');
  const hooks = frontmatterHooks(f.hooks, file, origin.startsWith('project') ? 'project' : 'user');
  warnings.push(...hooks.warnings);
  return {
    command: {
      name, description, argumentHint: hintText(f['argument-hint']), allowedTools, model, body: read.template, file, origin,
      argumentNames: argumentNames(f.arguments), skillDir: ctx.skillDir, hooks: hooks.hooks,
    },
    warnings,
  };
}
