// Finds skills (folders holding a SKILL.md) and names them in the system prompt, so the model reads one when it fits the task.
import fs from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from './frontmatter.js';
import { extensionFolders } from './folders.js';

export interface SkillInfo {
  name: string;
  description: string;
  /** The SKILL.md file; the model reads it (and the files beside it) with read_file when the skill applies. */
  file: string;
  /** The skill's folder, readable by the file tools even outside the workspace. */
  dir: string;
  /** "project", "project, .claude", "user" or "user, .claude". */
  origin: string;
}

export interface SkillFolders {
  workspace: string;
  reinHome: string;
  home?: string;
}

/** Nearest last, so it wins a name clash: project over user, .rein over .claude (as for commands and agents). */
export function skillFolders(f: SkillFolders): { dir: string; origin: string }[] {
  return extensionFolders('skills', { project: f.workspace, reinHome: f.reinHome, home: f.home });
}

const namePattern = /^[A-Za-z0-9][\w.-]{0,63}$/;

export function loadSkills(f: SkillFolders): { skills: SkillInfo[]; warnings: string[] } {
  const byName = new Map<string, SkillInfo>();
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const { dir, origin } of skillFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue;
    seen.add(real);
    let entries: string[];
    try {
      entries = fs.readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const entry of entries) {
      const skillDir = path.join(dir, entry);
      const file = path.join(skillDir, 'SKILL.md');
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`Skipped skill ${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
        continue;
      }
      const read = readFrontmatter(text);
      if (!read.ok) {
        warnings.push(`Skipped skill ${file}: ${read.problem}.`);
        continue;
      }
      const name = typeof read.fields.name === 'string' && read.fields.name.trim() ? read.fields.name.trim() : entry;
      const description = typeof read.fields.description === 'string' ? read.fields.description.replace(/\s+/g, ' ').trim() : '';
      if (!namePattern.test(name)) {
        warnings.push(`Skipped skill ${file}: name must be letters, digits, ., - or _ (at most 64).`);
        continue;
      }
      if (!description) {
        warnings.push(`Skipped skill ${file}: description is missing from its frontmatter (the model picks skills by it).`);
        continue;
      }
      byName.set(name, { name, description, file, dir: skillDir, origin });
    }
  }
  return { skills: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), warnings };
}

/** The system prompt's skills section: one line per skill with the path of its SKILL.md. */
export function skillsPromptSection(skills: readonly SkillInfo[]): string | undefined {
  if (skills.length === 0) return undefined;
  const lines = skills.map((s) => `- ${s.name}: ${s.description} (${s.file})`);
  return `# Skills\nSkills are instructions for particular kinds of task. When the task at hand matches a skill's description, read its SKILL.md with read_file before you start and follow it; files it mentions are in the same folder and can be read the same way.\n\n${lines.join('\n')}`;
}
