// Custom command files: where they are found, namespaces, which folder wins a name, frontmatter as Claude Code writes it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCustomCommands } from '../../source/extensions/commandFiles.js';
import { splitArguments, substituteArguments } from '../../source/extensions/commandExpand.js';
import { findMentions } from '../../source/util/mentions.js';
import { CommandList } from '../../source/commands/commandList.js';
import type { SlashCommand } from '../../source/commands/slashCommand.js';
import { matchCommands, parseSlashCommand } from '../../source/commands/resolve.js';
import { customSlashCommand } from '../../source/commands/commandPrompt.js';
import { menuItems } from '../../hooks/slashMenu.js';

let root: string;
let workspace: string;
let reinHome: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-cmds-'));
  workspace = join(root, 'project');
  reinHome = join(root, 'rein-home');
  home = join(root, 'home');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const load = () => loadCustomCommands({ workspace, reinHome, home });

describe('custom command files', () => {
  it('reads all four folders; a subfolder is a namespace', () => {
    put(join(workspace, '.rein', 'commands', 'deploy.md'), 'Deploy it.');
    put(join(workspace, '.claude', 'commands', 'frontend', 'component.md'), '---\ndescription: make a component\n---\nMake $ARGUMENTS.');
    put(join(reinHome, 'commands', 'standup.md'), 'Write my standup.');
    put(join(home, '.claude', 'commands', 'git', 'tidy.md'), '# Tidy the branch\nSquash fixups.');
    const { commands, warnings } = load();
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.name, c.origin, c.description])).toEqual([
      ['deploy', 'project', 'Deploy it.'],
      ['frontend:component', 'project, .claude', 'make a component'],
      ['git:tidy', 'user, .claude', 'Tidy the branch'],
      ['standup', 'user', 'Write my standup.'],
    ]);
    expect(parseSlashCommand('/Frontend:Component Button with props')).toEqual({ name: 'frontend:component', written: 'Frontend:Component', args: 'Button with props' });
    expect(parseSlashCommand('/ spaced')).toBeUndefined();
  });

  it('lets the project win over the user, and .rein over .claude, for the same name', () => {
    put(join(home, '.claude', 'commands', 'review.md'), 'user claude');
    put(join(reinHome, 'commands', 'review.md'), 'user rein');
    put(join(workspace, '.claude', 'commands', 'review.md'), 'project claude');
    put(join(reinHome, 'commands', 'lint.md'), 'user rein lint');
    put(join(home, '.claude', 'commands', 'lint.md'), 'user claude lint');
    put(join(workspace, '.claude', 'commands', 'test.md'), 'project claude test');
    put(join(workspace, '.rein', 'commands', 'test.md'), 'project rein test');
    const byName = Object.fromEntries(load().commands.map((c) => [c.name, c.body]));
    expect(byName).toEqual({ review: 'project claude', lint: 'user rein lint', test: 'project rein test' });
  });

  it('reads Claude Code frontmatter: a bracketed argument-hint, allowed-tools as a string or list, model', () => {
    put(join(workspace, '.claude', 'commands', 'commit.md'), '---\nallowed-tools: Bash(git add:*), Bash(git status:*), Read\nargument-hint: [message] [scope]\ndescription: Create a git commit\nmodel: claude-3-5-haiku-20241022\n---\nCommit: $ARGUMENTS');
    put(join(workspace, '.claude', 'commands', 'fix.md'), '---\nargument-hint: [issue]\nallowed-tools:\n  - Edit\n  - Bash(npm test)\n---\nFix $1');
    const { commands, warnings } = load();
    expect(warnings).toEqual([]);
    const [commit, fix] = commands;
    expect(commit).toMatchObject({ name: 'commit', argumentHint: '[message] [scope]', description: 'Create a git commit', model: 'claude-3-5-haiku-20241022' });
    expect(commit.allowedTools.map((r) => [r.text, r.target.kind])).toEqual([['Bash(git add:*)', 'bash'], ['Bash(git status:*)', 'bash'], ['Read', 'tool']]);
    expect(fix.argumentHint).toBe('[issue]');
    expect(fix.allowedTools.map((r) => r.text)).toEqual(['Edit', 'Bash(npm test)']);
  });

  it('names a file it skips and a rule it cannot use', () => {
    put(join(workspace, '.rein', 'commands', 'empty.md'), '---\ndescription: nothing below\n---\n');
    put(join(workspace, '.rein', 'commands', 'bad rule.md'), 'x');
    put(join(workspace, '.rein', 'commands', 'odd.md'), '---\nallowed-tools: Frobnicate\n---\nGo.');
    const { commands, warnings } = load();
    expect(commands.map((c) => c.name)).toEqual(['odd']);
    expect(warnings).toEqual([
      `Skipped command file ${join(workspace, '.rein', 'commands', 'bad rule.md')}: its name has a space, so it cannot be typed as a command.`,
      `Skipped command file ${join(workspace, '.rein', 'commands', 'empty.md')}: it has no prompt (the text below the frontmatter).`,
      `allowed-tools rule "Frobnicate" in ${join(workspace, '.rein', 'commands', 'odd.md')} was not used: unknown tool "Frobnicate".`,
    ]);
  });
});

describe('arguments and mentions', () => {
  it('splits arguments as a shell does and appends them to a template without slots', () => {
    expect(splitArguments(`a "b c" 'd e' f`)).toEqual(['a', 'b c', 'd e', 'f']);
    expect(substituteArguments('$0|$1|$2|$9|$ARGUMENTS', 'x "y z"')).toBe('x|y z|||x "y z"');
    expect(substituteArguments('Plain template.', 'extra words')).toBe('Plain template.\n\nARGUMENTS: extra words');
    expect(substituteArguments('Plain template.', '')).toBe('Plain template.');
  });

  it('finds @paths outside code spans and fences, without trailing punctuation', () => {
    const text = 'See @docs/a.md, and @b.txt.\nNot `@c.md` nor me@d.com nor @team\n```\n@e.md\n```\n~~~\n@f.md\n~~~\n@~/g.md';
    expect(findMentions(text).map((m) => m.path)).toEqual(['docs/a.md', 'b.txt', '~/g.md']);
    expect(text.slice(findMentions(text)[1].index, findMentions(text)[1].index + 6)).toBe('@b.txt');
  });
});

describe('the command list', () => {
  const builtin = (name: string): SlashCommand => ({ name, description: `built-in ${name}`, run: () => undefined });

  it('keeps a built-in when a custom command has its name, with a warning, and tells listeners of changes', () => {
    put(join(workspace, '.claude', 'commands', 'help.md'), 'My help.');
    put(join(workspace, '.claude', 'commands', 'frontend', 'component.md'), '---\ndescription: make a component\n---\nGo.');
    const list = new CommandList([builtin('help'), builtin('model')]);
    let changes = 0;
    list.subscribe(() => changes++);
    const warnings = list.setSource('custom', load().commands.map((c) => customSlashCommand(c, { workspace, projectTrusted: () => true })));
    expect(warnings).toEqual(['/help (project, .claude) is not used: the built-in /help has that name; rename the file to use it.']);
    expect(list.all().map((c) => c.name)).toEqual(['help', 'model', 'frontend:component']);
    expect(list.find('help')?.description).toBe('built-in help');
    expect(matchCommands(list.all(), 'front').map((c) => c.name)).toEqual(['frontend:component']);
    expect(menuItems('/frontend:co', list.all()).map((c) => c.name)).toEqual(['frontend:component']);
    expect(changes).toBe(1);
    // A later source (MCP prompts) joins without disturbing the first.
    list.setSource('mcp', [{ name: 'mcp__docs__summary', description: 'a prompt', run: () => undefined }]);
    expect(list.all().map((c) => c.name)).toEqual(['help', 'model', 'frontend:component', 'mcp__docs__summary']);
    expect(changes).toBe(2);
  });
});
