// Argument slots, word splitting and slash-command resolution, rule by rule; each expected value is what Claude Code
// 2.1.197 sent a mock server for the same template and arguments (docs/claude-compat.md lists the measurements).
import { describe, expect, it } from 'vitest';
import { argumentNames, defuseShell, fillVariables, splitArguments, substituteArguments } from '../../source/extensions/commandArguments.js';
import { findShellCommands } from '../../source/extensions/commandExpand.js';
import { resolveSlashCommand } from '../../source/commands/resolve.js';

describe('argument slots', () => {
  const cases: [string, string, string, string[]?][] = [
    // [template, arguments, message, argument names]
    ['$0|$1|$2|$3|$10', 'one "two words" three', 'one|two words|three||'],
    ['$ARGUMENTS[0]/$ARGUMENTS[1]/$ARGUMENTS[7]', 'a b', 'a/b/'],
    ['all: $ARGUMENTS, glued: $ARGUMENTSX', 'x y', 'all: x y, glued: x yX'],
    ['kept: \\$0 and \\$ARGUMENTS, used: $0', 'v', 'kept: $0 and $ARGUMENTS, used: v'],
    ['no arguments: [$0] [$ARGUMENTS]', '', 'no arguments: [] []'],
    ['price $150, env $HOME, hash $2b$10$salt', 'a', 'price , env $HOME, hash $2b$salt'],
    ['awk \'{print $1}\' f', 'first second', "awk '{print second}' f"],
    ['$file, $mode, $file_name, $file[0]', 'a.txt fast', 'a.txt, fast, $file_name, $file[0]', ['file', 'mode']],
    // The longer name is filled first, so $filename is not read as $file + "name".
    ['$filename / $file', 'x y', 'y / x', ['file', 'filename']],
    ['No slot here.', 'extra words', 'No slot here.\n\nARGUMENTS: extra words'],
    ['No slot here.', '', 'No slot here.'],
  ];
  for (const [template, args, message, names] of cases) {
    it(`${JSON.stringify(template)} with ${JSON.stringify(args)}`, () => {
      expect(substituteArguments(template, args, names)).toBe(message);
    });
  }

  it('reads argument names from a list or from words, leaving out empty and all-digit names', () => {
    expect(argumentNames(['file', '', '2', 'mode'])).toEqual(['file', 'mode']);
    expect(argumentNames('file  mode 3')).toEqual(['file', 'mode']);
    expect(argumentNames(undefined)).toEqual([]);
  });

  it('fills ${CLAUDE_SESSION_ID} and ${CLAUDE_PROJECT_DIR} everywhere, ${CLAUDE_SKILL_DIR} only for a skill', () => {
    const text = '${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR} ${CLAUDE_SKILL_DIR}';
    expect(fillVariables(text, { sessionId: 's1', projectDir: '/p' })).toBe('s1 /p ${CLAUDE_SKILL_DIR}');
    expect(fillVariables(text, { sessionId: 's1', projectDir: '/p', skillDir: '/p/.claude/skills/x' })).toBe('s1 /p /p/.claude/skills/x');
  });
});

describe('words of the arguments', () => {
  const cases: [string, string[]][] = [
    ['a "b c" \'d e\' f', ['a', 'b c', 'd e', 'f']],
    ['a"b c"d e', ['ab cd', 'e']],
    ['a\\ b c', ['a b', 'c']],
    ['\\"esc\\" x', ['"esc"', 'x']],
    // An unclosed quote makes the rest one word, quote and all.
    ["it's fine", ["it's fine"]],
    ['"unclosed x', ['"unclosed x']],
    ['  spaced   out  ', ['spaced', 'out']],
  ];
  for (const [args, words] of cases) it(JSON.stringify(args), () => expect(splitArguments(args)).toEqual(words));
});

describe('shell lines in a template', () => {
  it('are !`cmd` at a line start or after a space, and ```! blocks; code spans and glued ones are text', () => {
    const text = '!`one`\nA !`two`\nB:!`glued`\nC x!`glued too`\nD `!`in a span``\n```!\nthree\nfour\n```\n';
    expect(findShellCommands(text).map((s) => s.command)).toEqual(['three\nfour', 'one', 'two']);
  });

  it('an argument is defused: "!`" spaced, and "!" at a word\'s start escaped', () => {
    expect(defuseShell('!`id` and x!`id` and `!x`')).toBe('\\! `id` and x! `id` and ` \\!x`');
  });
});

describe('resolving /name args', () => {
  const commands = [{ name: 'review' }, { name: 'ops:restart' }, { name: 'release.notes' }];
  const noPaths = { pathExists: () => false };
  it('runs a command, by its full name or its namespace and name typed apart, in any case', () => {
    expect(resolveSlashCommand('/Review 12', commands, noPaths)).toEqual({ kind: 'command', command: { name: 'review' }, args: '12' });
    expect(resolveSlashCommand('/ops restart web now', commands, noPaths)).toEqual({ kind: 'command', command: { name: 'ops:restart' }, args: 'web now' });
    expect(resolveSlashCommand('/release.notes', commands, noPaths)).toMatchObject({ kind: 'command' });
  });

  it('answers a command-like name that is no command, suggesting one two edits away', () => {
    expect(resolveSlashCommand('/deploy now', commands, noPaths)).toEqual({ kind: 'unknown', message: 'Unknown command: /deploy' });
    expect(resolveSlashCommand('/reveiw', commands, noPaths)).toEqual({ kind: 'unknown', message: 'Unknown command: /reveiw. Did you mean /review?' });
    expect(resolveSlashCommand('/a:b c', commands, noPaths)).toMatchObject({ kind: 'unknown' });
    expect(resolveSlashCommand('/mcp__docs__summary', commands, noPaths)).toMatchObject({ kind: 'unknown' });
  });

  it('sends on as a message what only looks like a command: a path, a name with other characters, an existing path', () => {
    for (const text of ['/usr/bin/env is broken', '/a.b x', '/', '/ spaced', '//double']) expect(resolveSlashCommand(text, commands, noPaths)).toEqual({ kind: 'prompt' });
    expect(resolveSlashCommand('/tmp is full', commands, { pathExists: (p) => p === '/tmp' })).toEqual({ kind: 'prompt' });
    // With MCP servers, an mcp__ name not listed yet is fetched by the engine.
    expect(resolveSlashCommand('/mcp__docs__summary', commands, { ...noPaths, mcp: true })).toEqual({ kind: 'prompt' });
  });
});
