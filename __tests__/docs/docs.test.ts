// The manual against the program: the flags and slash commands documented are exactly those rein --help and /help
// list, the README stays short and links every page, and no link in the manual leads nowhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { slashCommands } from '../../source/commands/builtins.js';
import type { CommandContext } from '../../source/commands/slashCommand.js';

const read = (file: string): string => readFileSync(file, 'utf8');
const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** The long flags of a markdown table's first column: | `-p, --print <prompt>` | … */
const tableFlags = (markdown: string): string[] =>
  sorted(markdown.split('\n').flatMap((line) => /^\| `(?:-\w, )?(--[\w-]+)/.exec(line)?.[1] ?? []));

/** GitHub's anchor for a heading. */
const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-');

describe('the documented flags and slash commands', () => {
  it('flags: the table in docs/configuration.md lists exactly the options of rein --help', async () => {
    const help = await execa(process.execPath, [resolve('dist/cli.js'), '--help']);
    const options = help.stdout.slice(help.stdout.indexOf('Options:'));
    const listed = sorted(options.split('\n').flatMap((line) => /^\s+(?:-\w, )?(--[\w-]+)/.exec(line)?.[1] ?? []));
    expect(listed.length).toBeGreaterThan(20);
    expect(tableFlags(read('docs/configuration.md'))).toEqual(listed);
  });

  it('slash commands: the table in docs/tui.md lists exactly the built-in commands /help prints', async () => {
    let printed = '';
    const help = slashCommands.find((c) => c.name === 'help');
    const ctx = { commands: slashCommands, print: (text: string) => { printed += text; } } as unknown as CommandContext;
    await help?.run(ctx, '');
    const commands = printed.slice(0, printed.indexOf('Keys:'));
    const listed = sorted(commands.split('\n').flatMap((line) => /^\s+\/([\w:-]+)/.exec(line)?.[1] ?? []));
    expect(listed.length).toBeGreaterThan(10);
    const table = read('docs/tui.md').split('\n').filter((line) => line.startsWith('| `/'));
    const documented = sorted(table.flatMap((line) => [...line.split(' | ')[0].matchAll(/`\/([\w:-]+)/g)].map((m) => m[1])));
    expect(documented).toEqual(listed);
  });
});

describe('the README and docs/', () => {
  const readme = read('README.md');
  const pages = readdirSync('docs').filter((file) => file.endsWith('.md'));

  it('keeps the README under 10 KB with the Quick start commands as they are', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(10 * 1024);
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toContain('npm start -- --replay demo/fix-add.jsonl');
  });

  it('links every page of docs/ from the README', () => {
    expect(pages.length).toBeGreaterThanOrEqual(11);
    for (const page of pages) expect(readme).toContain(`](docs/${page}`);
  });

  it('has no link to a missing file or heading', () => {
    const broken: string[] = [];
    for (const file of ['README.md', ...pages.map((page) => join('docs', page))]) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const linked = path === '' ? file : join(dirname(file), path);
        if (!existsSync(linked)) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (anchor === undefined || !linked.endsWith('.md')) continue;
        const headings = read(linked).split('\n').filter((line) => /^#{1,6} /.test(line)).map((line) => slug(line.replace(/^#+ /, '')));
        if (!headings.includes(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
