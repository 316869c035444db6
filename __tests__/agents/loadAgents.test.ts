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

  it('skips what Claude Code skips: no frontmatter quietly, no name or description, or frontmatter no try can read, with a warning', () => {
    const dir = join(folders.cwd, '.claude', 'agents');
    const noFront = put(dir, 'README.md', '# Our agents\nJust text, no frontmatter.\n');
    const noName = put(dir, 'noname.md', '---\ndescription: has no name\n---\nx\n');
    const noDescription = put(dir, 'nodesc.md', '---\nname: nodesc\n---\nx\n');
    const unreadable = put(dir, 'unreadable.md', '---\nname: broken\ndescription: a line\n\n  <example>then: an indented block: that no try reads\n---\nx\n');
    put(dir, 'good.md', '---\nname: good\ndescription: fine\n---\nGood prompt.\n');
    const { agents, warnings, notAgents } = loadAgents(folders);
    expect(agents.some((a) => a.name === 'good')).toBe(true);
    expect(agents.some((a) => ['broken', 'nodesc', 'noname'].includes(a.name))).toBe(false);
    expect(notAgents).toEqual([{ file: noFront, reason: 'it has no frontmatter (a block between --- lines at the top), so it is not an agent file' }]);
    expect(warnings).toHaveLength(3);
    expect(warnings).toContain(`${noName}: name is missing; the agent file was skipped.`);
    expect(warnings).toContain(`${noDescription}: description is missing; the agent file was skipped.`);
    expect(warnings.find((w) => w.includes(unreadable))).toMatch(/frontmatter is not valid YAML/);
  });
});

describe("a custom agent's tools", () => {
  it('an unreadable tools value gives no tools, as in Claude Code, and says so; disallowed-tools is read too', () => {
    const dir = join(folders.cwd, '.claude', 'agents');
    const odd = put(dir, 'odd.md', '---\nname: odd\ndescription: d\ntools: 5\n---\nx\n');
    put(dir, 'careful.md', '---\nname: careful\ndescription: d\ndisallowed-tools: Bash, Write\n---\nx\n');
    const { agents, warnings } = loadAgents({ ...folders, knownTools: ['read_file', 'bash', 'write_file'] });
    expect(agents.find((a) => a.name === 'odd')?.tools).toEqual([]);
    expect(warnings).toEqual([`Agent odd (${odd}) runs with no tools: tools must be a comma-separated list or a list of tool names.`]);
    expect(agents.find((a) => a.name === 'careful')).toMatchObject({ tools: undefined, disallowedTools: ['bash', 'write_file'] });
  });
});

describe("a custom agent's model", () => {
  it("takes Claude Code's aliases as current Anthropic models, and the session's model elsewhere", async () => {
    const { resolveModel } = await import('../../source/agents/agentModel.js');
    expect(resolveModel('sonnet', 'anthropic', 'claude-sonnet-4-6')).toEqual({ model: 'claude-sonnet-5-5' });
    expect(resolveModel('haiku', 'anthropic', 'claude-sonnet-4-6')).toEqual({ model: 'claude-haiku-5-5' });
    expect(resolveModel('claude-3-5-haiku-20241022', 'anthropic', 'claude-sonnet-4-6')).toEqual({ model: 'claude-3-5-haiku-20241022' });
    expect(resolveModel('deepseek-reasoner', 'openai', 'deepseek-chat')).toEqual({ model: 'deepseek-reasoner' });
    expect(resolveModel(undefined, 'anthropic', 'claude-sonnet-4-6')).toEqual({ model: 'claude-sonnet-4-6' });
    // A Claude model (alias or full name) cannot be served elsewhere: the session's model, and one sentence saying so.
    expect(resolveModel('opus', 'openai', 'qwen2.5-coder')).toEqual({ model: 'qwen2.5-coder', note: 'The model "opus" named in the file is Anthropic\'s; openai cannot serve it, so qwen2.5-coder (the session\'s model) is used.' });
    expect(resolveModel('claude-3-5-haiku-20241022', 'openai', 'qwen2.5-coder').model).toBe('qwen2.5-coder');
  });
});
