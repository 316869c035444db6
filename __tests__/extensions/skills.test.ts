// Skills: found in four folders, named in the system prompt once, their files readable outside the workspace, /skills.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSkills } from '../../source/extensions/skills.js';
import { skillsCommand } from '../../source/commands/skills.js';
import type { CommandContext } from '../../source/commands/slashCommand.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let root: string;
let h: Harness | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-skills-'));
});
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  rmSync(root, { recursive: true, force: true });
});

function put(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('skills', () => {
  it('finds SKILL.md folders, project over user and .rein over .claude, named by folder as in Claude Code', () => {
    const workspace = join(root, 'project');
    const reinHome = join(root, 'rein');
    const home = join(root, 'home');
    put(join(home, '.claude', 'skills', 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: user pdf skill\n---\nUse pdftotext.');
    put(join(workspace, '.claude', 'skills', 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: project pdf skill\n---\nUse the project script.');
    put(join(reinHome, 'skills', 'release', 'SKILL.md'), '---\ndescription: cut a release\n---\nSteps.');
    // Without a description, the first line of the text describes it (a heading without its #s).
    put(join(workspace, '.rein', 'skills', 'terse', 'SKILL.md'), '---\nname: terse\n---\n\n## Tidy the changelog\nSteps.');
    put(join(workspace, '.rein', 'skills', 'notes', 'README.md'), 'not a skill');
    const { skills, warnings } = loadSkills({ workspace, reinHome, home });
    expect(skills.map((s) => [s.name, s.description, s.origin])).toEqual([
      ['pdf', 'project pdf skill', 'project, .claude'],
      ['release', 'cut a release', 'user'],
      ['terse', 'Tidy the changelog', 'project'],
    ]);
    expect(skills[0].file).toBe(join(workspace, '.claude', 'skills', 'pdf', 'SKILL.md'));
    expect(warnings).toEqual([]);
  });

  it('names each skill and its SKILL.md in a byte-stable system prompt, and lets read_file open the skill outside the workspace', async () => {
    const reinHome = join(root, 'rein');
    const skillFile = put(join(reinHome, 'skills', 'deploy', 'SKILL.md'), '---\nname: deploy\ndescription: deploy the app to staging\n---\nRun ./scripts/ship.sh and check the health page.');
    const helper = put(join(reinHome, 'skills', 'deploy', 'checklist.md'), 'Check the health page at /healthz.');
    const { skills } = loadSkills({ workspace: join(root, 'none'), reinHome, home: join(root, 'home') });
    h = makeHarness(
      [
        { toolCalls: [{ name: 'read_file', input: { path: skillFile } }, { name: 'read_file', input: { path: helper } }] },
        { text: 'Deployed.' },
        { toolCalls: [{ name: 'read_file', input: { path: join(reinHome, 'agent.config.json') } }] },
        { text: 'ok' },
      ],
      { skills, mode: 'ask' },
    );
    const events = await runPrompt(h.session, 'deploy to staging');
    expect(runEnd(events).reason).toBe('done');
    const [first, second] = h.provider.requests;
    expect(first.system).toContain(`# Skills\n`);
    expect(first.system).toContain(`In ${join(reinHome, 'skills')} (each at NAME/SKILL.md):\n- deploy: deploy the app to staging`);
    expect(first.system).not.toContain('Run ./scripts/ship.sh');
    expect(second.system).toBe(first.system);
    const [body, other] = lastToolResults(second);
    expect(body).toContain('Run ./scripts/ship.sh and check the health page.');
    expect(other).toContain('Check the health page at /healthz.');
    // Only the skill's own folder is opened up, not the rest of $REIN_HOME.
    await runPrompt(h.session, 'read the config');
    expect(lastToolResults(h.provider.requests[3])[0]).toMatch(/outside the workspace/);
  });

  it('/skills lists each skill with where it comes from', () => {
    const printed: string[] = [];
    const skills = [{ name: 'pdf', description: 'fill PDF forms', file: '/p/.claude/skills/pdf/SKILL.md', dir: '/p/.claude/skills/pdf', origin: 'project, .claude' }];
    const ctx = { skills: () => skills, print: (t: string) => printed.push(t) } as unknown as CommandContext;
    void skillsCommand.run(ctx, '');
    expect(printed).toEqual(['Skills:\n  pdf: fill PDF forms (project, .claude)\n    /p/.claude/skills/pdf/SKILL.md']);
    const none = { skills: () => [], print: (t: string) => printed.push(t) } as unknown as CommandContext;
    void skillsCommand.run(none, '');
    expect(printed[1]).toMatch(/^No skills found\./);
  });
});
