// Finds skills (folders holding a SKILL.md) and names them in the system prompt, so the model reads one when it fits the task.
import fs from 'node:fs';
import path from 'node:path';
import { parseCommandFile } from './commandFile.js';
import { readFrontmatter } from './frontmatter.js';
import { extensionFolders } from './folders.js';
import type { SkillInfo } from './skillInfo.js';
import { compareNames } from '../util/compareNames.js';

export type { SkillInfo };

export interface SkillFolders {
  workspace: string;
  reinHome: string;
  home?: string;
}

/** Nearest last, so it wins a name clash: project over user, .rein over .claude (as for commands and agents). */
function skillFolders(f: SkillFolders): { dir: string; origin: string }[] {
  return extensionFolders('skills', { project: f.workspace, reinHome: f.reinHome, home: f.home });
}

/** Claude Code reads SKILL.md files of up to 1,000,000 bytes. */
const sizeLimit = 1_000_000;

const truthy = (value: unknown): boolean => value === true || value === 'true';

/** A file's or folder's facts, or undefined when it cannot be looked at (missing, a broken link, no permission). */
function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** The skill folders right inside `dir`: folders and links to folders; anything else there (a README, .DS_Store) is not one. */
function skillDirs(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() || (entry.isSymbolicLink() && statOf(path.join(dir, entry.name))?.isDirectory()))
    .map((entry) => entry.name)
    .sort();
}

/**
 * One skill per folder holding a SKILL.md, named by its folder as Claude Code names it (a `name:` with spaces, like
 * "Agent Development", is only a label there); without a description, the first line of its text describes it.
 */
export function loadSkills(f: SkillFolders): { skills: SkillInfo[]; warnings: string[] } {
  const byName = new Map<string, SkillInfo>();
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const { dir, origin } of skillFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue;
    seen.add(real);
    for (const entry of skillDirs(dir)) {
      const skillDir = path.join(dir, entry);
      const file = path.join(skillDir, 'SKILL.md');
      const stat = statOf(file);
      if (!stat?.isFile()) continue;
      if (stat.size > sizeLimit) {
        warnings.push(`Skipped skill ${file}: it is larger than 1,000,000 bytes.`);
        continue;
      }
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`Skipped skill ${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
        continue;
      }
      const parsed = parseCommandFile(text, file, entry.toLowerCase(), origin, { workspace: f.workspace, home: f.home, skillDir });
      if ('problem' in parsed) {
        warnings.push(`Skipped skill ${file}: ${parsed.problem}.`);
        continue;
      }
      warnings.push(...parsed.warnings);
      const { fields } = readFrontmatter(text);
      // `user-invocable: false`: typing it answers that only the model uses it; a name with a space cannot be typed.
      const userInvocable = fields['user-invocable'] === undefined || truthy(fields['user-invocable']);
      const refusal = userInvocable ? undefined : `This skill can only be invoked by Claude, not directly by users. Ask Claude to use the "${entry}" skill for you.`;
      // Claude Code lists a skill as "description - when_to_use".
      const whenToUse = typeof fields.when_to_use === 'string' && fields.when_to_use.trim() ? ` - ${fields.when_to_use.replace(/\s+/g, ' ').trim()}` : '';
      byName.set(entry, {
        name: entry, description: `${parsed.command.description}${whenToUse}`, file, dir: skillDir, origin,
        modelInvocable: !truthy(fields['disable-model-invocation']),
        command: /\s/.test(entry) ? undefined : { ...parsed.command, refusal },
      });
    }
  }
  return { skills: [...byName.values()].sort((a, b) => compareNames(a.name, b.name)), warnings };
}

export { skillsPromptSection } from './skillsPrompt.js';
