// The skills list within its budget: 1% of the window (8,000 characters unknown), descriptions first, then names only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSkills, skillsPromptSection, type SkillInfo } from '../../source/extensions/skills.js';
import { skillsBudgetChars } from '../../source/extensions/skillsPrompt.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';

// A made-up project with 181 skills (the count of a real project that made a 69 KB prompt) and 9 of the user's.
const topics = ['lint', 'deploy', 'migrate', 'benchmark', 'translate', 'audit', 'release', 'triage', 'profile', 'document'];
const objects = ['api', 'schema', 'frontend', 'worker', 'billing', 'search', 'cache', 'auth', 'queue', 'reports', 'mobile', 'cli', 'infra', 'emails', 'pdf', 'images', 'metrics', 'fixtures', 'docs'];

let root: string;
let skills: SkillInfo[];
let projectDir: string;
let userDir: string;

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-skills-budget-'));
  const workspace = join(root, 'project');
  const home = join(root, 'home');
  projectDir = join(workspace, '.claude', 'skills');
  userDir = join(home, '.claude', 'skills');
  let n = 0;
  for (const topic of topics) {
    for (const object of objects) {
      if (n === 181) break;
      const name = `${topic}-${object}`;
      // Each description runs to several hundred characters, as real ones do; the list keeps one line of it.
      const description = `${topic[0].toUpperCase()}${topic.slice(1)} the ${object} part of the product the way this team does it. ${'Covers the usual steps, the checks that must pass and the people to tell. '.repeat(4)}`;
      put(join(projectDir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\nSteps for ${name}.`);
      n++;
    }
  }
  for (let i = 0; i < 9; i++) put(join(userDir, `personal-${i}`, 'SKILL.md'), `---\ndescription: my own habit number ${i}\n---\nDo it.`);
  put(join(projectDir, 'hidden-one', 'SKILL.md'), '---\ndescription: only the user starts this\ndisable-model-invocation: true\n---\nSecret.');
  skills = loadSkills({ workspace, reinHome: join(root, 'rein-home'), home }).skills;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const listingOf = (section: string | undefined): string => (section ?? '').split('\n\n').slice(1).join('\n\n');
const modelSkills = (): SkillInfo[] => skills.filter((s) => s.modelInvocable !== false);

describe('the skills list budget', () => {
  it('is 1% of the window at four characters a token, and 8,000 characters when the window is unknown', () => {
    expect(skillsBudgetChars(undefined)).toBe(8_000);
    expect(skillsBudgetChars(200_000)).toBe(8_000);
    expect(skillsBudgetChars(1_000_000)).toBe(40_000);
  });

  it('keeps 190 skills within 8,000 characters: every name, the nearest folder described first, the rest by name', () => {
    expect(modelSkills()).toHaveLength(190);
    const section = skillsPromptSection(skills);
    const listing = listingOf(section);
    expect(listing.length).toBeLessThanOrEqual(8_000);
    // The old list (every description in full, with its path) was more than 70 KB for the same skills.
    expect(modelSkills().reduce((sum, s) => sum + s.description.length + s.file.length, 0)).toBeGreaterThan(70_000);
    for (const s of modelSkills()) expect(listing).toMatch(new RegExp(`(- |: |, )${s.name}(:|,|\\n|$)`, 'm'));
    expect(listing).not.toContain('hidden-one');
    // The project's folder comes first and its first skills in name order carry a one-line description, cut short.
    expect(listing.startsWith(`In ${projectDir} (each at NAME/SKILL.md):\n- audit-api: Audit the api part`)).toBe(true);
    const described = listing.split('\n').filter((line) => line.startsWith('- '));
    expect(described.length).toBeGreaterThan(5);
    expect(described.length).toBeLessThan(190);
    for (const line of described) expect(line.length).toBeLessThanOrEqual(2 + 'document-fixtures: '.length + 250);
    expect(listing).toContain(`In ${userDir} (each at NAME/SKILL.md):`);
    expect(listing).toMatch(/More, by name: [a-z-]+(, [a-z-]+)+/);
    expect(listing).not.toContain('not listed');
  });

  it('describes every skill when a large window gives room, and says so in fewer words when it is small', () => {
    const wide = listingOf(skillsPromptSection(skills, 2_000_000));
    expect(wide.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(190);
    expect(wide.length).toBeLessThanOrEqual(80_000);
    const narrow = listingOf(skillsPromptSection(skills, 20_000));
    expect(narrow.length).toBeLessThanOrEqual(800);
    expect(narrow).not.toMatch(/^- /m);
    const shown = [...narrow.matchAll(/by name: (.*)/gi)].flatMap((m) => m[1].split(', '));
    expect(shown.length).toBeGreaterThan(10);
    expect(narrow).toContain(`${190 - shown.length} more skills are not listed for want of room.`);
  });

  it('lists a few skills with their descriptions in full', () => {
    const few = skills.filter((s) => s.name.startsWith('personal-'));
    const listing = listingOf(skillsPromptSection(few));
    for (const s of few) expect(listing).toContain(`- ${s.name}: ${s.description}`);
    expect(listing).not.toContain('by name');
  });

  it('reaches the model within the budget of the session\'s window, the same in every request', async () => {
    const h = makeHarness([{ text: 'one' }, { text: 'two' }], { skills, contextWindow: 100_000 });
    try {
      await runPrompt(h.session, 'hello');
      await runPrompt(h.session, 'again');
      const [first, second] = h.provider.requests;
      const section = first.system.slice(first.system.indexOf('# Skills\n'));
      const listing = listingOf(section.split('\n\n# ')[0]);
      expect(listing.length).toBeGreaterThan(3_000);
      expect(listing.length).toBeLessThanOrEqual(4_000);
      expect(listing).toContain('- audit-api: ');
      expect(second.system).toBe(first.system);
    } finally {
      await h.cleanup();
    }
  });
});
