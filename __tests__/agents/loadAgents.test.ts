// Custom agent files: rein's and Claude Code's folders, Claude Code's frontmatter unchanged, broken files skipped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgents } from '../../source/agents/loadAgents.js';

let root: string;
let folders: { cwd: string; reinHome: string; home: string };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-agents-'));
  folders = { cwd: join(root, 'project'), reinHome: join(root, 'rein-home'), home: join(root, 'home') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function put(dir: string, name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('custom agent files', () => {
  it("reads Claude Code's .claude/agents files unchanged: comma tool list, its tool names, model inherit", () => {
    put(join(folders.cwd, '.claude', 'agents'), 'reviewer.md', [
      '---',
      'name: code-reviewer',
      'description: Reviews a change for bugs and style.',
      'tools: Read, Grep, Glob, Bash',
      'model: inherit',
      '---',
      'You are a careful code reviewer.',
      '',
    ].join('\n'));
    const { agents, warnings } = loadAgents(folders);
    expect(warnings).toEqual([]);
    const reviewer = agents.find((a) => a.name === 'code-reviewer');
    expect(reviewer).toMatchObject({ description: 'Reviews a change for bugs and style.', tools: ['read_file', 'grep', 'glob', 'bash'], model: undefined, systemPrompt: 'You are a careful code reviewer.' });
    // The built-ins are still there.
    expect(agents.map((a) => a.name)).toEqual(expect.arrayContaining(['explore', 'plan', 'verification', 'general', 'code-reviewer']));
  });

  it('reads .rein/agents and $REIN_HOME/agents; a YAML tool list; no tools means all but task; a model of its own', () => {
    put(join(folders.reinHome, 'agents'), 'docs.md', '---\nname: docs\ndescription: Writes docs\nmodel: small-model\n---\nWrite docs.\n');
    put(join(folders.cwd, '.rein', 'agents'), 'finder.md', '---\nname: finder\ndescription: Finds things\ntools:\n  - read_file\n  - grep\n---\nFind.\n');
    const { agents } = loadAgents(folders);
    expect(agents.find((a) => a.name === 'docs')).toMatchObject({ tools: undefined, model: 'small-model' });
    expect(agents.find((a) => a.name === 'finder')).toMatchObject({ tools: ['read_file', 'grep'] });
  });

  it('the nearest folder wins a name clash: .rein over .claude in the project, the project over the user', () => {
    put(join(folders.home, '.claude', 'agents'), 'a.md', '---\nname: helper\ndescription: from ~/.claude\n---\nx\n');
    put(join(folders.reinHome, 'agents'), 'a.md', '---\nname: helper\ndescription: from REIN_HOME\n---\nx\n');
    expect(loadAgents(folders).agents.find((a) => a.name === 'helper')?.description).toBe('from REIN_HOME');
    put(join(folders.cwd, '.claude', 'agents'), 'a.md', '---\nname: helper\ndescription: from .claude\n---\nx\n');
    expect(loadAgents(folders).agents.find((a) => a.name === 'helper')?.description).toBe('from .claude');
    put(join(folders.cwd, '.rein', 'agents'), 'a.md', '---\nname: helper\ndescription: from .rein\n---\nx\n');
    expect(loadAgents(folders).agents.find((a) => a.name === 'helper')?.description).toBe('from .rein');
  });

  it('skips a broken file with one warning naming the file and the problem; the others still load', () => {
    const dir = join(folders.cwd, '.claude', 'agents');
    const noFront = put(dir, 'plain.md', 'Just text, no frontmatter.\n');
    const badYaml = put(dir, 'bad.md', '---\nname: bad\ndescription: [unclosed\n---\nx\n');
    const noDescription = put(dir, 'nodesc.md', '---\nname: nodesc\n---\nx\n');
    const badTools = put(dir, 'tools.md', '---\nname: tools\ndescription: d\ntools: 5\n---\nx\n');
    put(dir, 'good.md', '---\nname: good\ndescription: fine\n---\nGood prompt.\n');
    const { agents, warnings } = loadAgents(folders);
    expect(agents.some((a) => a.name === 'good')).toBe(true);
    expect(agents.some((a) => ['bad', 'nodesc', 'tools'].includes(a.name))).toBe(false);
    expect(warnings).toHaveLength(4);
    expect(warnings).toContain(`Skipped agent file ${noFront}: it has no frontmatter (a block between --- lines at the top).`);
    expect(warnings.find((w) => w.includes(badYaml))).toMatch(/frontmatter is not valid YAML/);
    expect(warnings).toContain(`Skipped agent file ${noDescription}: description is missing.`);
    expect(warnings).toContain(`Skipped agent file ${badTools}: tools must be a comma-separated list or a list of tool names.`);
  });
});

describe("a custom agent's model", () => {
  it("takes Claude Code's aliases as current Anthropic models, and the session's model elsewhere", async () => {
    const { agentModel } = await import('../../source/agents/agentModel.js');
    expect(agentModel('sonnet', 'anthropic', 'claude-sonnet-4-6')).toBe('claude-sonnet-5-5');
    expect(agentModel('haiku', 'anthropic', 'claude-sonnet-4-6')).toBe('claude-haiku-5-5');
    expect(agentModel('opus', 'openai', 'qwen2.5-coder')).toBe('qwen2.5-coder');
    expect(agentModel('deepseek-reasoner', 'openai', 'deepseek-chat')).toBe('deepseek-reasoner');
    expect(agentModel(undefined, 'anthropic', 'claude-sonnet-4-6')).toBe('claude-sonnet-4-6');
  });
});
