import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from '../../source/tools/glob.js';
import { grepTool } from '../../source/tools/grep.js';
import { makeWorkspace, setMtime, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
  await ws.write('.gitignore', 'ignored.ts\nbuild/\n');
  await setMtime(await ws.write('src/old.ts', 'export const Alpha = 1;\nconst beta = 2;\n'), 300);
  await setMtime(await ws.write('src/new.ts', 'import { Alpha } from "./old";\nconsole.log(alpha);\n'), 10);
  await setMtime(await ws.write('src/mid.ts', 'const x = 1;\n// TODO alpha\nconst y = 2;\nconst z = 3;\n'), 100);
  await setMtime(await ws.write('src/readme.md', 'Alpha docs\n'), 200);
  await ws.write('ignored.ts', 'Alpha\n');
  await ws.write('build/out.ts', 'Alpha\n');
  await ws.write('.hidden.ts', 'Alpha\n');
});
afterEach(() => ws.cleanup());

describe('glob', () => {
  it('lists matches newest first, leaving out ignored and hidden files', async () => {
    const r = await globTool.execute({ pattern: '**/*.ts' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: 'src/new.ts\nsrc/mid.ts\nsrc/old.ts' });
  });

  it('anchors patterns with a slash to the search folder and takes a path', async () => {
    const anchored = await globTool.execute({ pattern: 'src/*.md' }, ws.ctx());
    expect(anchored.content).toBe('src/readme.md');
    const inFolder = await globTool.execute({ pattern: '*.ts', path: 'src' }, ws.ctx({ cwd: ws.dir }));
    expect(inFolder.content).toBe('src/new.ts\nsrc/mid.ts\nsrc/old.ts');
  });

  it('caps the list at 200 and says how many more there are', async () => {
    await Promise.all(Array.from({ length: 230 }, (_, i) => ws.write(`many/f${i}.txt`, '')));
    const r = await globTool.execute({ pattern: '*.txt', path: 'many' }, ws.ctx());
    const lines = r.content.split('\n');
    expect(lines).toHaveLength(201);
    expect(lines[200]).toBe('… 30 more files not shown; use a narrower pattern or path.');
  });

  it('reports no match plainly and refuses folders outside the workspace', async () => {
    const none = await globTool.execute({ pattern: '*.rs' }, ws.ctx());
    expect(none).toMatchObject({ isError: false, content: 'No files match `*.rs` in ..' });
    const outside = await globTool.execute({ pattern: '*', path: '..' }, ws.ctx());
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain('is outside the workspace');
  });
});

describe('grep', () => {
  it('lists matching files newest first by default', async () => {
    const r = await grepTool.execute({ pattern: 'Alpha' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: '3 files match\nsrc/new.ts\nsrc/readme.md\nsrc/old.ts' });
  });

  it('ignores case on request, and a glob filter does not bring back ignored or hidden files', async () => {
    const r = await grepTool.execute({ pattern: 'alpha', case_insensitive: true, glob: '*.ts' }, ws.ctx());
    expect(r.content).toBe('3 files match\nsrc/new.ts\nsrc/mid.ts\nsrc/old.ts');
  });

  it('shows matching lines with numbers and context', async () => {
    const r = await grepTool.execute({ pattern: 'TODO', output_mode: 'content', context: 1 }, ws.ctx());
    expect(r.content).toBe('src/mid.ts-1-const x = 1;\nsrc/mid.ts:2:// TODO alpha\nsrc/mid.ts-3-const y = 2;');
  });

  it('counts matches per file and filters by type', async () => {
    const r = await grepTool.execute({ pattern: 'const', output_mode: 'count', type: 'ts' }, ws.ctx());
    expect(r.content).toBe('5 matches in 2 files\nsrc/mid.ts:3\nsrc/old.ts:2');
  });

  it('keeps ignored and hidden files out of content results filtered by type', async () => {
    const r = await grepTool.execute({ pattern: 'Alpha', output_mode: 'content', type: 'ts' }, ws.ctx());
    expect(r.content).toBe('src/new.ts:1:import { Alpha } from "./old";\nsrc/old.ts:1:export const Alpha = 1;');
  });

  it('limits output to head_limit lines', async () => {
    const r = await grepTool.execute({ pattern: 'const', output_mode: 'content', head_limit: 2 }, ws.ctx());
    const lines = r.content.split('\n');
    expect(lines).toEqual(['src/mid.ts:1:const x = 1;', 'src/mid.ts:3:const y = 2;', '[… 3 more lines; narrow the search or raise head_limit]']);
  });

  it('says "no matches" without an error, and reports a bad regex clearly', async () => {
    const none = await grepTool.execute({ pattern: 'zebra' }, ws.ctx());
    expect(none).toMatchObject({ isError: false, content: 'No matches for `zebra` in the working folder.' });
    const bad = await grepTool.execute({ pattern: 'foo(' }, ws.ctx());
    expect(bad.isError).toBe(true);
    expect(bad.content).toMatch(/^Invalid regex `foo\(`:/);
    expect(bad.content).toContain('unclosed group');
  });

  it('searches one file given as path and refuses paths outside the workspace', async () => {
    const r = await grepTool.execute({ pattern: 'beta', path: path.join(ws.dir, 'src/old.ts'), output_mode: 'content' }, ws.ctx());
    expect(r.content).toBe('src/old.ts:2:const beta = 2;');
    const outside = await grepTool.execute({ pattern: 'x', path: '/etc' }, ws.ctx());
    expect(outside.isError).toBe(true);
    await fs.rm(path.join(ws.dir, 'src'), { recursive: true });
    const gone = await grepTool.execute({ pattern: 'x', path: 'src' }, ws.ctx());
    expect(gone).toMatchObject({ isError: true, content: 'src does not exist; give an existing file or folder as path.' });
  });
});
