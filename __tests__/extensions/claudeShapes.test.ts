// The shapes found in real .claude/ folders (fixtures in __tests__/fixtures/claude-shapes, written afresh) load as
// Claude Code 2.1.197 loads them: what is a skill, a command or an agent, under which name, with which warning.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childTools } from '../../source/agents/childRunner.js';
import { knownToolNames } from '../../source/config/index.js';
import { loadFolders, type LoadedFolders } from '../../source/cli/extensionSetup.js';
import { skillsPromptSection } from '../../source/extensions/skills.js';
import { builtinTools } from '../../source/tools/builtins.js';

const fixtures = resolve('__tests__/fixtures/claude-shapes');
let root: string;
let project: string;
let loaded: LoadedFolders;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-shapes-'));
  project = join(root, 'project');
  for (const kind of ['agents', 'commands', 'skills']) cpSync(join(fixtures, kind), join(project, '.claude', kind), { recursive: true });
  // Plain files where skill folders belong, in the project and in ~/.claude: rein once stopped at start on these.
  writeFileSync(join(project, '.claude', 'skills', '.DS_Store'), '\u0000\u0000\u0000\u0001Bud1');
  mkdirSync(join(root, 'home', '.claude', 'skills'), { recursive: true });
  writeFileSync(join(root, 'home', '.claude', 'skills', '.DS_Store'), '\u0000\u0000\u0000\u0001Bud1');
  writeFileSync(join(root, 'home', '.claude', 'skills', 'README.md'), 'My skills.');
  loaded = loadFolders({ workspace: project, cwd: project, reinHome: join(root, 'rein'), home: join(root, 'home'), projectTrusted: () => false, tools: knownToolNames });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (...parts: string[]) => join(project, '.claude', ...parts);
const warningAbout = (file: string) => loaded.warnings.filter((w) => w.includes(file));

describe('skills', () => {
  it('are the folders holding a SKILL.md right inside skills/, named by folder; plain files and deeper folders are not', () => {
    expect(loaded.skills.map((s) => s.name)).toEqual(['broken-front', 'guarded', 'model-only', 'release-notes', 'tidy-imports', 'user-only']);
  });

  it('take their description from the frontmatter (with when_to_use), or else from their first line', () => {
    const described = Object.fromEntries(loaded.skills.map((s) => [s.name, s.description]));
    expect(described['tidy-imports']).toBe("Sorts and groups import lines in a source file. - When a file's imports are out of order.");
    expect(described['release-notes']).toBe('Draft release notes from the changelog');
    // Frontmatter no reader takes is ignored, as Claude Code ignores it, and said once.
    expect(described['broken-front']).toBe('Check the broken thing.');
    expect(warningAbout(at('skills', 'broken-front', 'SKILL.md'))).toEqual([expect.stringMatching(/was read without its frontmatter: its frontmatter is not valid YAML/)]);
  });

  it('leave one the user alone starts out of the model\'s list, and answer for one only the model starts', () => {
    const section = skillsPromptSection(loaded.skills) ?? '';
    expect(section).toContain('- model-only: Background knowledge');
    expect(section).not.toContain('user-only');
    const modelOnly = loaded.commands.find((c) => c.name === 'model-only');
    expect(modelOnly?.refusal).toBe('This skill can only be invoked by Claude, not directly by users. Ask Claude to use the "model-only" skill for you.');
    expect(loaded.commands.find((c) => c.name === 'user-only')?.refusal).toBeUndefined();
  });

  it('name a hook event rein does not run, and keep the hooks it does', () => {
    const guarded = loaded.commands.find((c) => c.name === 'guarded');
    expect(guarded?.hooks.map((h) => [h.event, h.matcher, h.scope])).toEqual([['PreToolUse', 'Bash', 'project']]);
    expect(warningAbout(at('skills', 'guarded', 'SKILL.md'))).toEqual([expect.stringContaining('hooks.PreCommit is not an event rein knows')]);
    expect(loaded.bringsHooks).toBe(true);
  });
});

describe('commands', () => {
  it('are every markdown file below commands/, any name but one with a space; a folder with a SKILL.md is one command', () => {
    expect(loaded.commands.map((c) => c.name)).toEqual([
      '_partials:header', 'failing', 'hooked', 'loose-front', 'ops:restart', 'quick', 'release.notes', 'shell-shapes', 'ship', 'slots', 'unreadable-front',
      // Skills follow, typed the same way.
      'broken-front', 'guarded', 'model-only', 'release-notes', 'tidy-imports', 'user-only',
    ]);
    expect(loaded.commands.find((c) => c.name === 'ship')?.skillDir).toBe(at('commands', 'ship'));
  });

  it('read values holding ": " as Claude Code does, and a file whose frontmatter no reader takes without it', () => {
    const fix = loaded.commands.find((c) => c.name === 'loose-front');
    expect(fix).toMatchObject({ description: 'Fix issue: the title goes here', argumentHint: '[issue] [priority]' });
    expect(fix?.allowedTools.map((r) => r.text)).toEqual(['Bash(git status:*)', 'Read']);
    expect(loaded.commands.find((c) => c.name === 'unreadable-front')?.body).toBe('Still a command, read without its frontmatter.\n');
    expect(warningAbout(at('commands', 'unreadable-front.md'))).toHaveLength(1);
    expect(loaded.commands.find((c) => c.name === 'slots')?.argumentNames).toEqual(['ticket', 'owner']);
  });
});

describe('agents', () => {
  const agent = (name: string) => loaded.agents?.agents.find((a) => a.name === name);

  it('are read in subfolders (hidden ones too), with any name not starting with -; a file without a name is not one', () => {
    const custom = loaded.agents?.agents.filter((a) => a.source !== 'built-in').map((a) => a.name).sort();
    expect(custom).toEqual(['Editor Mode', 'draft-agent', 'legacy-2.7-porter', 'read-only-audit', 'style-checker', 'triage']);
    expect(loaded.agents?.notAgents).toEqual([{ file: at('agents', 'README.md'), reason: expect.stringContaining('no frontmatter') }]);
    expect(warningAbout(at('agents', 'unnamed.md'))).toEqual([`${at('agents', 'unnamed.md')}: name is missing; the agent file was skipped.`]);
  });

  it('read a generated description with ": ", <example> and \\n, and tools: * as every tool', () => {
    expect(agent('triage')).toMatchObject({
      description: 'Use this agent when a bug report arrives. Examples: <example>Context: a crash report. user: "The app dies on start" assistant: "I will triage it"</example>',
      tools: undefined,
    });
  });

  it('name the tools rein lacks in one warning and keep the rest, never silently none', () => {
    expect(agent('style-checker')?.tools).toEqual(['read_file', 'grep']);
    expect(warningAbout(at('agents', 'reviews', 'style-checker.md'))).toEqual([`Agent style-checker (${at('agents', 'reviews', 'style-checker.md')}) names tools rein does not have: NotebookEdit; it runs with read_file, grep.`]);
    expect(agent('Editor Mode')?.tools).toEqual([]);
    expect(warningAbout(at('agents', 'editor-modes.md'))).toEqual([expect.stringContaining('names tools rein does not have: codebase, editFiles, runCommands; it runs with no tools.')]);
  });

  it('take disallowedTools away, and keep their hooks for their runs, Stop as SubagentStop', () => {
    const audit = agent('read-only-audit');
    expect(audit && childTools(audit, builtinTools).map((t) => t.name)).toEqual(['read_file', 'glob', 'grep']);
    expect(audit?.hooks?.map((h) => [h.event, h.matcher])).toEqual([['PreToolUse', 'Write|Edit'], ['PreToolUse', 'Read'], ['SubagentStop', '']]);
    expect(agent('legacy-2.7-porter')?.model).toBe('sonnet');
  });
});

describe('links', () => {
  it('that loop or point nowhere are passed over: loading never stops rein', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-links-'));
    try {
      for (const kind of ['agents', 'commands', 'skills']) mkdirSync(join(dir, '.claude', kind), { recursive: true });
      symlinkSync('a', join(dir, '.claude', 'skills', 'a'));
      symlinkSync('gone', join(dir, '.claude', 'skills', 'dangling'));
      symlinkSync('../commands', join(dir, '.claude', 'commands', 'self'));
      symlinkSync('loop2', join(dir, '.claude', 'agents', 'loop1'));
      symlinkSync('loop1', join(dir, '.claude', 'agents', 'loop2'));
      writeFileSync(join(dir, '.claude', 'commands', 'real.md'), 'Real.');
      const folders = loadFolders({ workspace: dir, cwd: dir, reinHome: join(dir, 'r'), home: join(dir, 'h'), projectTrusted: () => false, tools: knownToolNames });
      expect(folders.commands.map((c) => c.name)).toEqual(['real']);
      expect(folders.skills).toEqual([]);
      expect(folders.warnings).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
