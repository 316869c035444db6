import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverInstructions } from '../../source/memory/instructions.js';

let tmp: string;
let home: string;
let repo: string;
let cwd: string;

/** One token per whitespace-separated word: easy to reason about in budgets. */
const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const words = (label: string, n: number): string => Array.from({ length: n }, (_, i) => `${label}${i}`).join(' ');

function put(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'rein-instructions-'));
  home = path.join(tmp, 'home');
  repo = path.join(tmp, 'repo');
  cwd = path.join(repo, 'pkg', 'sub');
  mkdirSync(home, { recursive: true });
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const discover = (budgetTokens = 10_000, from = cwd) => discoverInstructions({ cwd: from, reinHome: home, home: path.join(tmp, 'user'), budgetTokens, countTokens: countWords });

describe('discoverInstructions', () => {
  it('reads the home file first, then both names in each folder from the git root down to cwd', () => {
    put(path.join(tmp, 'AGENTS.md'), 'above the git root');
    const homeFile = put(path.join(home, 'AGENTS.md'), 'home rules');
    const rootClaude = put(path.join(repo, 'CLAUDE.md'), 'root claude');
    const rootAgents = put(path.join(repo, 'AGENTS.md'), 'root agents');
    const pkgAgents = put(path.join(repo, 'pkg', 'AGENTS.md'), 'pkg agents');
    const cwdClaude = put(path.join(cwd, 'CLAUDE.md'), 'cwd claude\n');

    const { files, text } = discover();
    expect(files.map((f) => f.path)).toEqual([homeFile, rootAgents, rootClaude, pkgAgents, cwdClaude]);
    expect(files.every((f) => !f.truncated)).toBe(true);
    expect(files.map((f) => f.text)).toEqual(['home rules', 'root agents', 'root claude', 'pkg agents', 'cwd claude']);
    expect(text).toBe(
      [homeFile, rootAgents, rootClaude, pkgAgents, cwdClaude].map((f, i) => `## ${f}\n${files[i].text}`).join('\n\n'),
    );
    expect(text).not.toContain('above the git root');
  });

  it('reads only cwd (and the home file) outside git', () => {
    const plain = path.join(tmp, 'plain', 'inner');
    put(path.join(tmp, 'plain', 'AGENTS.md'), 'parent folder');
    const own = put(path.join(plain, 'AGENTS.md'), 'inner folder');
    const { files } = discover(10_000, plain);
    expect(files.map((f) => f.path)).toEqual([own]);
  });

  it('skips missing, empty and unreadable files and reads a symlinked pair once', () => {
    mkdirSync(path.join(home, 'AGENTS.md'));
    put(path.join(repo, 'AGENTS.md'), '   \n');
    symlinkSync(path.join(repo, 'nowhere.md'), path.join(repo, 'CLAUDE.md'));
    const claude = put(path.join(cwd, 'CLAUDE.md'), 'shared rules');
    symlinkSync(claude, path.join(cwd, 'AGENTS.md'));
    const { files, text } = discover();
    expect(files).toEqual([{ path: path.join(cwd, 'AGENTS.md'), text: 'shared rules', truncated: false }]);
    expect(text.match(/shared rules/g)).toHaveLength(1);
  });

  it('cuts the farthest files first, keeps the nearest whole, and notes where to read the rest', () => {
    const homeFile = put(path.join(home, 'AGENTS.md'), words('home', 30));
    const rootFile = put(path.join(repo, 'AGENTS.md'), Array.from({ length: 10 }, (_, i) => words(`r${i}w`, 4)).join('\n'));
    const nearFile = put(path.join(cwd, 'AGENTS.md'), words('near', 20));
    // The near section costs 22 words (header + text), the note about 17; 50 leaves room for part of the root file only.
    const budget = 50;
    const { files, text } = discover(budget);

    expect(files.map((f) => f.path)).toEqual([homeFile, rootFile, nearFile]);
    expect(files[2]).toMatchObject({ truncated: false, text: words('near', 20) });
    expect(files[1].truncated).toBe(true);
    expect(files[1].text.length).toBeGreaterThan(0);
    expect(files[1].text.split('\n').every((line) => countWords(line) === 4)).toBe(true);
    expect(files[0]).toMatchObject({ truncated: true, text: '' });

    expect(text).not.toContain('home0');
    expect(text).toContain(`${files[1].text}\n[… cut to fit the instruction budget of ${budget} tokens; read the whole file at ${rootFile}]`);
    expect(text.endsWith(`## ${nearFile}\n${words('near', 20)}`)).toBe(true);
    expect(countWords(text)).toBeLessThanOrEqual(budget);
  });

  it('cuts even the nearest file when it alone is over the budget', () => {
    const nearFile = put(path.join(cwd, 'CLAUDE.md'), words('near', 100));
    const { files, text } = discover(40);
    expect(files[0].truncated).toBe(true);
    expect(text).toContain(`read the whole file at ${nearFile}]`);
    expect(countWords(text)).toBeLessThanOrEqual(40);
    expect(countWords(text)).toBeGreaterThan(30);
  });

  it('returns no text when nothing is found', () => {
    expect(discover()).toEqual({ files: [], text: '', warnings: [], untrustedImports: [] });
  });
});

describe('instruction imports and Claude Code files', () => {
  const user = () => path.join(tmp, 'user');

  it('reads ~/.claude/CLAUDE.md first and CLAUDE.local.md after CLAUDE.md in each folder', () => {
    const userClaude = put(path.join(user(), '.claude', 'CLAUDE.md'), 'user claude');
    const homeFile = put(path.join(home, 'AGENTS.md'), 'home rules');
    const rootClaude = put(path.join(repo, 'CLAUDE.md'), 'root claude');
    const rootLocal = put(path.join(repo, 'CLAUDE.local.md'), 'root local');
    const { files } = discover();
    expect(files.map((f) => f.path)).toEqual([userClaude, homeFile, rootClaude, rootLocal]);
  });

  it('imports @paths relative to the importing file and ~/ from home, nested, each under a heading', () => {
    put(path.join(repo, 'docs', 'style.md'), 'Use tabs. See @more/naming.md');
    put(path.join(repo, 'docs', 'more', 'naming.md'), 'camelCase names');
    put(path.join(user(), 'prefs.md'), 'Answer in English.');
    const claude = put(path.join(repo, 'CLAUDE.md'), 'Style: @docs/style.md\nMine: @~/prefs.md');
    const { files, warnings } = discover();
    expect(warnings).toEqual([]);
    expect(files).toHaveLength(1);
    expect(files[0].path).toBe(claude);
    expect(files[0].text).toBe(
      [
        'Style: @docs/style.md\nMine: @~/prefs.md',
        `### @docs/style.md (${path.join(repo, 'docs', 'style.md')})\nUse tabs. See @more/naming.md`,
        `### @more/naming.md (${path.join(repo, 'docs', 'more', 'naming.md')})\ncamelCase names`,
        `### @~/prefs.md (${path.join(user(), 'prefs.md')})\nAnswer in English.`,
      ].join('\n\n'),
    );
  });

  it('follows imports at most 5 levels deep and names the one it did not read', () => {
    for (let level = 1; level <= 6; level++) put(path.join(repo, `level${level}.md`), `level ${level}${level < 6 ? ` @level${level + 1}.md` : ''}`);
    put(path.join(repo, 'CLAUDE.md'), 'top @level1.md');
    const { files, warnings } = discover();
    expect(files[0].text).toContain('level 5 @level6.md');
    expect(files[0].text).not.toContain('level 6');
    expect(warnings).toEqual([`The import @level6.md in ${path.join(repo, 'level5.md')} was not read: imports go at most 5 levels deep.`]);
  });

  it('stops cycles, reads a file imported twice once, and skips a candidate already imported', () => {
    put(path.join(repo, 'a.md'), 'A imports @b.md');
    put(path.join(repo, 'b.md'), 'B imports @a.md and @CLAUDE.md');
    // CLAUDE.md is the common one-line pointer to AGENTS.md: AGENTS.md is read once, first.
    const agents = put(path.join(repo, 'AGENTS.md'), 'agents imports @a.md twice: @a.md');
    put(path.join(repo, 'CLAUDE.md'), '@AGENTS.md');
    const { files, warnings } = discover();
    expect(warnings).toEqual([]);
    expect(files.map((f) => f.path)).toEqual([agents]);
    expect(files[0].text.match(/A imports/g)).toHaveLength(1);
    expect(files[0].text.match(/B imports/g)).toHaveLength(1);
  });

  it('ignores @paths in code spans and fenced blocks, and warns about an import that cannot be read', () => {
    put(path.join(repo, 'real.md'), 'real content');
    const claude = put(path.join(repo, 'CLAUDE.md'), 'Install `@types/node.js`.\n```\n@fenced.md\n```\nRead @real.md and @missing/file.md.');
    const { files, warnings } = discover();
    expect(files[0].text).toContain('real content');
    expect(warnings).toEqual([`The import @missing/file.md in ${claude} could not be read (ENOENT); fix the path, or put it in backticks if it is not an import.`]);
  });

  it('counts imported text against the instruction budget', () => {
    put(path.join(repo, 'big.md'), words('imp', 50));
    put(path.join(repo, 'CLAUDE.md'), 'short @big.md');
    const { files, text } = discover(30);
    expect(files[0].truncated).toBe(true);
    expect(countWords(text)).toBeLessThanOrEqual(30);
  });
});
