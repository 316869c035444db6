// Markdown on a narrow transcript: tables that fit the width, inline markup in list items, quotes and tabs.
import { beforeAll, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { loadMarkdown, markdownToLines } from '../../components/view/markdown.js';
import { fitColumns } from '../../components/view/markdownRenderers.js';
import { expandTabs } from '../../components/view/style.js';
import cellWidth from '../../components/view/cellWidth.js';

const plain = (lines: string[]): string[] => lines.map((line) => stripVTControlCharacters(line));

beforeAll(async () => {
  expect(await loadMarkdown()).toBe(true);
});

describe('markdown that fits a narrow transcript', () => {
  const wide = [
    '| name | kind | what it does |',
    '|---|---|---|',
    `| frameWriter | module | ${'sends only the rows that changed since the last frame '.repeat(3)}|`,
    '| x | y | z |',
  ].join('\n');

  it('draws a table wider than the transcript with narrower columns and wrapped cells, every border intact', () => {
    const rows = plain(markdownToLines(wide, 50));
    for (const row of rows) expect(cellWidth(row)).toBeLessThanOrEqual(50);
    // Every row of the table starts and ends on a border: none is broken across lines.
    for (const row of rows) expect(row).toMatch(/^[│┌├└].*[│┐┤┘]$/);
    const text = rows.join(' ').replace(/[│\s]+/g, ' ');
    expect(text).toContain('sends only the rows that');
    expect(rows.some((row) => row.includes('frameWriter'))).toBe(true);
  });

  it('draws a table that fits as it is, after a wide one was fitted', () => {
    markdownToLines(wide, 50);
    const rows = plain(markdownToLines('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |', 60));
    expect(rows[0]).toBe('Title');
    expect(rows).toContain('│ 1 │ 2 │');
    expect(rows.some((row) => row.startsWith('┌'))).toBe(true);
  });

  it('lists each row as "heading: value" when the columns could not be read side by side', () => {
    const many = ['| a | b | c | d | e | f | g |', '|---|---|---|---|---|---|---|', `| ${'word '.repeat(8)}| 2 | 3 | 4 | 5 | 6 | 7 |`].join('\n');
    const rows = plain(markdownToLines(many, 54));
    expect(rows).toContain('a: word word word word word word word word');
    expect(rows).toContain('g: 7');
    for (const row of rows) expect(cellWidth(row)).toBeLessThanOrEqual(54);
  });

  it('shares the width fairly: short columns keep theirs, long ones split the rest', () => {
    expect(fitColumns([10, 100, 100], 64)).toEqual([10, 25, 25]);
    expect(fitColumns(Array.from({ length: 10 }, () => 50), 60)).toBeUndefined();
  });

  it('drops the backticks and asterisks of inline markup in a finished list item, as in a paragraph', () => {
    const rows = plain(markdownToLines('- run `npm test` **first**\n- then `build`', 60));
    expect(rows.join('\n')).not.toMatch(/[`*]{1,2}\w/);
    expect(rows[0]).toContain('run npm test first');
  });

  it('draws a quote with a bar before each of its lines', () => {
    const rows = plain(markdownToLines('> first quoted line\n> second quoted line', 60));
    expect(rows.slice(0, 2)).toEqual(['│ first quoted line', '│ second quoted line']);
  });

  it('expands tabs at 8-column stops, measured in cells, before layout', () => {
    expect(expandTabs('a\tb')).toBe(`a${' '.repeat(7)}b`);
    expect(expandTabs('12345678\tx\n\ty')).toBe(`12345678${' '.repeat(8)}x\n${' '.repeat(8)}y`);
    expect(expandTabs('漢字\tz')).toBe(`漢字${' '.repeat(4)}z`);
    const rows = plain(markdownToLines('```make\nall:\n\tgo build ./...\n```', 60));
    expect(rows.join('\n')).not.toContain('\t');
    expect(rows.some((row) => row.includes(`│ ${' '.repeat(8)}go build`))).toBe(true);
  });
});
