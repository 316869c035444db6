// What Claude Code 2.1.197 loads from a `.claude/` folder, written down independently of rein's loaders so the corpus
// script can compare the two. Each rule is described, with how it was found, in docs/claude-compat.md.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export interface ClaudeItem {
  file: string;
  /** The name Claude Code gives it (`/name` for commands and skills, the agent type for agents). */
  name: string;
}

const skillSizeLimit = 1_000_000;
const commandSizeLimit = 1_048_576;

const isDir = (p: string): boolean => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
const isFile = (p: string): boolean => fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;

/** Skills: every folder (or link to one) right inside the skills folder that holds a SKILL.md file; named by the folder. */
export function claudeSkills(root: string): ClaudeItem[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: ClaudeItem[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const file = path.join(root, entry.name, 'SKILL.md');
    if (!isFile(file) || fs.statSync(file).size > skillSizeLimit) continue;
    out.push({ file, name: entry.name });
  }
  return out;
}

/** Every `*.md` under `dir`, hidden ones and links included (Claude Code lists them with `rg --files --hidden --follow`). */
export function markdownFilesDeep(dir: string, seen = new Set<string>()): string[] {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return [];
  }
  if (seen.has(real)) return [];
  seen.add(real);
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (isDir(full)) out.push(...markdownFilesDeep(full, seen));
    else if (entry.name.endsWith('.md') && isFile(full)) out.push(full);
  }
  return out.sort();
}

/** Commands: every markdown file below the folder, named by its path with `:`; a folder with a SKILL.md is one command. */
export function claudeCommands(root: string): ClaudeItem[] {
  const files = markdownFilesDeep(root).filter((f) => fs.statSync(f).size <= commandSizeLimit);
  const byDir = new Map<string, string[]>();
  for (const file of files) byDir.set(path.dirname(file), [...(byDir.get(path.dirname(file)) ?? []), file]);
  const out: ClaudeItem[] = [];
  for (const [dir, list] of byDir) {
    const skill = list.find((f) => /^skill\.md$/i.test(path.basename(f)));
    const chosen = skill ? [skill] : list;
    for (const file of chosen) {
      const rel = path.relative(root, skill ? dir : file.slice(0, -3));
      out.push({ file, name: rel.split(path.sep).join(':') });
    }
  }
  return out;
}

const frontmatterPattern = /^---\s*\n([\s\S]*?)---\s*\n?/;
const specialValue = /[{}[\]*&#!|>%@`]|: /;

/** Claude Code's second try at frontmatter that is not YAML: a `key: value` line whose value holds YAML syntax is quoted. */
function quoteLoose(yaml: string): string {
  return yaml.split('\n').map((line) => {
    const match = /^([a-zA-Z_-]+):\s+(.+)$/.exec(line);
    if (!match) return line;
    const [, key, value] = match;
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) return line;
    if (value.startsWith('[') && value.endsWith(']')) {
      try {
        if (Array.isArray(parseYaml(value))) return line;
      } catch {
        // not a flow list: quoted below if it needs it
      }
    }
    return specialValue.test(value) ? `${key}: "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : line;
  }).join('\n');
}

export function claudeFrontmatter(text: string): Record<string, unknown> {
  const match = frontmatterPattern.exec(text);
  if (!match) return {};
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  try {
    return asObject(parseYaml(match[1]));
  } catch {
    try {
      return asObject(parseYaml(quoteLoose(match[1]).replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length))));
    } catch {
      return {};
    }
  }
}

/** Agents: every markdown file below the folder whose frontmatter has a `name` (not starting with -) and a `description`. */
export function claudeAgents(root: string): ClaudeItem[] {
  const out: ClaudeItem[] = [];
  for (const file of markdownFilesDeep(root)) {
    const fields = claudeFrontmatter(fs.readFileSync(file, 'utf8'));
    const { name, description } = fields;
    if (typeof name !== 'string' || !name || name.startsWith('-')) continue;
    if (typeof description !== 'string' || !description) continue;
    out.push({ file, name });
  }
  return out;
}
