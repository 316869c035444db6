// Finds custom slash commands: markdown files in .rein/commands, $REIN_HOME/commands, .claude/commands and ~/.claude/commands.
import fs from 'node:fs';
import path from 'node:path';
import { splitToolList } from '../permissions/ruleSources.js';
import { parseRule, type PermissionRule } from '../permissions/rules.js';
import { readFrontmatter } from './frontmatter.js';
import { extensionFolders } from './folders.js';

export interface CustomCommand {
  /** Without the slash; a subfolder is a namespace: "frontend:component". */
  name: string;
  description: string;
  argumentHint?: string;
  /** `allowed-tools`, parsed: allowed while this command's prompt runs, and only then. */
  allowedTools: PermissionRule[];
  /** `model`: the model for this command's run only. */
  model?: string;
  /** The prompt template below the frontmatter. */
  body: string;
  file: string;
  /** Where it comes from, as /help shows it: "project", "project, .claude", "user", "user, .claude". */
  origin: string;
}

export interface CommandFolders {
  /** The project's root (the workspace). */
  workspace: string;
  reinHome: string;
  /** The user's home, for ~/.claude/commands. */
  home?: string;
}

export interface LoadedCommands {
  commands: CustomCommand[];
  /** One line per file skipped or rule not used: which file and why. */
  warnings: string[];
}

/**
 * Nearest last, so it wins a name clash: the project's folders over the user's, and within each, .rein over .claude.
 */
export function commandFolders(f: CommandFolders): { dir: string; origin: string }[] {
  return extensionFolders('commands', { project: f.workspace, reinHome: f.reinHome, home: f.home });
}

const segmentPattern = /^[A-Za-z0-9][\w-]*$/;

/** Every .md file under `dir` with its namespace path ("frontend/component.md" → ["frontend", "component"]). */
function markdownTree(dir: string, prefix: string[] = [], depth = 0): { file: string; parts: string[] }[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: { file: string; parts: string[] }[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(full, { throwIfNoEntry: false })?.isDirectory());
    if (isDir && depth < 4 && !entry.name.startsWith('.')) out.push(...markdownTree(full, [...prefix, entry.name], depth + 1));
    else if (!isDir && entry.name.endsWith('.md')) out.push({ file: full, parts: [...prefix, entry.name.slice(0, -3)] });
  }
  return out;
}

/** `argument-hint: [message]` reads as a YAML list; shown as written. */
function hintText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return value.map((item) => `[${String(item)}]`).join(' ') || undefined;
  return undefined;
}

function firstLine(body: string): string {
  const line = body.split('\n').find((l) => l.trim() !== '') ?? '';
  const text = line.replace(/^#+\s*/, '').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Reads one command file; a problem comes back in plain words. */
export function parseCommandFile(
  text: string,
  file: string,
  name: string,
  origin: string,
  ctx: { workspace: string; home?: string },
): { command: CustomCommand; warnings: string[] } | { problem: string } {
  const read = readFrontmatter(text);
  if (!read.ok) return { problem: read.problem };
  const f = read.fields;
  if (!read.body) return { problem: 'it has no prompt (the text below the frontmatter)' };
  const warnings: string[] = [];
  const allowedTools: PermissionRule[] = [];
  const allowed = f['allowed-tools'];
  if (allowed !== undefined && allowed !== null) {
    const list = Array.isArray(allowed) ? allowed.map(String) : typeof allowed === 'string' ? [allowed] : undefined;
    if (!list) warnings.push(`allowed-tools in ${file} was not used: it must be a comma-separated list of rules.`);
    for (const ruleText of splitToolList(list ?? [])) {
      const parsed = parseRule(ruleText, 'allow', `/${name} allowed-tools`, ctx);
      if (typeof parsed === 'string') warnings.push(`allowed-tools rule "${ruleText}" in ${file} was not used: ${parsed}.`);
      else allowedTools.push(parsed);
    }
  }
  const model = typeof f.model === 'string' && f.model.trim() && f.model.trim() !== 'inherit' ? f.model.trim() : undefined;
  if (f.model !== undefined && typeof f.model !== 'string') warnings.push(`model in ${file} was not used: it must be a model name.`);
  const description = typeof f.description === 'string' && f.description.trim() ? f.description.replace(/\s+/g, ' ').trim() : firstLine(read.body);
  return { command: { name, description, argumentHint: hintText(f['argument-hint']), allowedTools, model, body: read.body, file, origin }, warnings };
}

export function loadCustomCommands(f: CommandFolders): LoadedCommands {
  const byName = new Map<string, CustomCommand>();
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const { dir, origin } of commandFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue; // $REIN_HOME inside the project, or the project is the home folder
    seen.add(real);
    for (const { file, parts } of markdownTree(dir)) {
      if (!parts.every((part) => segmentPattern.test(part))) {
        warnings.push(`Skipped command file ${file}: folder and file names must be letters, digits, - or _.`);
        continue;
      }
      const name = parts.join(':').toLowerCase();
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`Skipped command file ${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
        continue;
      }
      const parsed = parseCommandFile(text, file, name, origin, { workspace: f.workspace, home: f.home });
      if ('problem' in parsed) {
        warnings.push(`Skipped command file ${file}: ${parsed.problem}.`);
        continue;
      }
      warnings.push(...parsed.warnings);
      // Map order is first insertion: a nearer file replaces the entry, so delete first to keep folder order stable.
      byName.delete(name);
      byName.set(name, parsed.command);
    }
  }
  return { commands: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), warnings };
}
