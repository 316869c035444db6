// Finds custom slash commands: markdown files in .rein/commands, $REIN_HOME/commands, .claude/commands and ~/.claude/commands.
import fs from 'node:fs';
import path from 'node:path';
import { parseCommandFile, type CustomCommand } from './commandFile.js';
import { extensionFolders } from './folders.js';
import { compareNames } from '../util/compareNames.js';

export { parseCommandFile, type CustomCommand } from './commandFile.js';

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
function commandFolders(f: CommandFolders): { dir: string; origin: string }[] {
  return extensionFolders('commands', { project: f.workspace, reinHome: f.reinHome, home: f.home });
}

/** Claude Code reads command files of up to 1 MiB. */
const sizeLimit = 1_048_576;
/** Deep enough for any real layout; a loop of links ends at the folders already seen. */
const maxDepth = 12;

interface CommandEntry {
  file: string;
  /** Namespace path: "frontend/component.md" → ["frontend", "component"]; a SKILL.md is named by its folder. */
  parts: string[];
  skillDir?: string;
}

/** What a link points at, or undefined for a broken link or a loop of links. */
function linkTarget(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Every .md file under `dir`, hidden folders and links included, as Claude Code lists them; a folder holding a
 * SKILL.md (any case) is one command named by the folder, and its other files are not commands.
 */
function commandTree(dir: string, prefix: string[] = [], seen = new Set<string>()): CommandEntry[] {
  let real: string;
  let entries: fs.Dirent[];
  try {
    real = fs.realpathSync(dir);
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  if (seen.has(real) || prefix.length > maxDepth) return [];
  seen.add(real);
  const out: CommandEntry[] = [];
  const files: CommandEntry[] = [];
  for (const entry of entries.sort((a, b) => compareNames(a.name, b.name))) {
    const full = path.join(dir, entry.name);
    const stat = entry.isSymbolicLink() ? linkTarget(full) : entry;
    if (stat?.isDirectory()) out.push(...commandTree(full, [...prefix, entry.name], seen));
    else if (stat?.isFile() && entry.name.endsWith('.md')) files.push({ file: full, parts: [...prefix, entry.name.slice(0, -3)] });
  }
  const skill = prefix.length > 0 ? files.find((f) => /^skill\.md$/i.test(path.basename(f.file))) : undefined;
  return skill ? [{ file: skill.file, parts: prefix, skillDir: dir }, ...out] : [...files, ...out];
}

/** Why a name cannot be a command rein can run, or undefined when it can. */
function nameProblem(parts: string[]): string | undefined {
  if (parts.some((part) => /\s/.test(part))) return 'its name has a space, so it cannot be typed as a command';
  if (parts.some((part) => part.includes(':'))) return 'its name has a ":", which separates folders in command names';
  return undefined;
}

export function loadCustomCommands(f: CommandFolders): LoadedCommands {
  const byName = new Map<string, CustomCommand>();
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const { dir, origin } of commandFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue; // $REIN_HOME inside the project, or the project is the home folder
    seen.add(real);
    for (const { file, parts, skillDir } of commandTree(dir)) {
      const problem = nameProblem(parts);
      if (problem) {
        warnings.push(`Skipped command file ${file}: ${problem}.`);
        continue;
      }
      const name = parts.join(':').toLowerCase();
      let text: string;
      try {
        if (fs.statSync(file).size > sizeLimit) {
          warnings.push(`Skipped command file ${file}: it is larger than 1 MiB.`);
          continue;
        }
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`Skipped command file ${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
        continue;
      }
      const parsed = parseCommandFile(text, file, name, origin, { workspace: f.workspace, home: f.home, skillDir });
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
  return { commands: [...byName.values()].sort((a, b) => compareNames(a.name, b.name)), warnings };
}
