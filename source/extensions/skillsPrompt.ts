// The system prompt's skills section, within a budget: names and one-line descriptions, then names only.
import path from 'node:path';
import type { SkillInfo } from './skillInfo.js';

/** Claude Code's share: 1% of the window (at about 4 characters a token), 8,000 characters when the window is unknown. */
export const skillsBudgetChars = (window: number | undefined): number => (window ? Math.round(window * 0.01 * 4) : 8_000);

/** A description longer than this is cut: the list says what a skill is for, its SKILL.md says the rest. */
const maxDescriptionChars = 250;

const intro =
  "# Skills\nSkills are instructions for particular kinds of task. When the task at hand matches a skill, read its SKILL.md with read_file before you start and follow it; files it mentions are in the same folder.";

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= maxDescriptionChars ? line : `${line.slice(0, maxDescriptionChars - 1).trimEnd()}…`;
}

interface Folder {
  dir: string;
  skills: SkillInfo[];
}

/** Skills grouped by the folder that holds them, nearest first (project before user), as loaded. */
function byFolder(skills: readonly SkillInfo[]): Folder[] {
  const folders = new Map<string, Folder>();
  for (const skill of skills) {
    const dir = path.dirname(skill.dir);
    let folder = folders.get(dir);
    if (!folder) folders.set(dir, (folder = { dir, skills: [] }));
    folder.skills.push(skill);
  }
  const nearness = (f: Folder): number => (f.skills[0].origin.startsWith('project') ? 0 : 1);
  return [...folders.values()].sort((a, b) => nearness(a) - nearness(b));
}

const heading = (f: Folder): string => `In ${f.dir} (each at NAME/SKILL.md):`;
const described = (s: SkillInfo): string => `- ${s.name}: ${oneLine(s.description)}`;

/** The listing with descriptions for `withDescription`, and names for the rest, up to `maxNames` of them. */
function render(folders: Folder[], withDescription: ReadonlySet<SkillInfo>, maxNames = Infinity): string {
  const blocks: string[] = [];
  let named = 0;
  let left = 0;
  for (const f of folders) {
    const lines = [heading(f), ...f.skills.filter((s) => withDescription.has(s)).map(described)];
    const rest = f.skills.filter((s) => !withDescription.has(s));
    const shown = rest.slice(0, Math.max(0, maxNames - named)).map((s) => s.name);
    named += shown.length;
    left += rest.length - shown.length;
    if (shown.length > 0) lines.push(`${lines.length === 1 ? 'By name' : 'More, by name'}: ${shown.join(', ')}`);
    if (lines.length > 1) blocks.push(lines.join('\n'));
  }
  if (left > 0) blocks.push(`${left} more skills are not listed for want of room.`);
  return blocks.join('\n\n');
}

/**
 * Every model-invocable skill by name, and as many as fit the budget with a one-line description (nearest folder
 * first, in name order); when even the names do not fit, as many names as do and a count of the rest.
 */
export function skillsPromptSection(skills: readonly SkillInfo[], window?: number): string | undefined {
  const listed = skills.filter((s) => s.modelInvocable !== false);
  if (listed.length === 0) return undefined;
  const budget = skillsBudgetChars(window);
  const folders = byFolder(listed);
  const none = new Set<SkillInfo>();
  let listing = render(folders, none);
  if (listing.length > budget) {
    let names = listed.length;
    while (names > 0 && render(folders, none, names).length > budget) names--;
    listing = render(folders, none, names);
  } else {
    // Each description costs its line less the name it takes out of the names line.
    const withDescription = new Set<SkillInfo>();
    let used = listing.length;
    for (const s of folders.flatMap((f) => f.skills)) {
      const extra = described(s).length + 1 - (s.name.length + 2);
      if (used + extra > budget) continue;
      used += extra;
      withDescription.add(s);
    }
    listing = render(folders, withDescription);
    for (const s of [...withDescription].reverse()) {
      if (listing.length <= budget) break;
      withDescription.delete(s);
      listing = render(folders, withDescription);
    }
  }
  return `${intro}\n\n${listing}`;
}
