import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../source/util/atomicWrite.js';
import { formatMemoryFile, parseMemoryFile } from '../../source/memory/memoryFile.js';
import { MemoryError, MemoryStore, findGitRoot, projectKey } from '../../source/memory/store.js';

let tmp: string;
let root: string;
let project: string;
let store: MemoryStore;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'rein-memory-'));
  root = path.join(tmp, 'memory');
  project = path.join(tmp, 'work', 'rein');
  mkdirSync(project, { recursive: true });
  store = new MemoryStore({ root, projectDir: project });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const readIndex = (dir: string): string => readFileSync(path.join(dir, 'MEMORY.md'), 'utf8');
const allFiles = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String);

describe('MemoryStore', () => {
  it('puts user, feedback and reference memories in the global folder and project ones in the project folder', () => {
    expect(store.globalDir).toBe(path.join(root, 'global'));
    expect(store.projectDir).toBe(path.join(root, 'projects', projectKey(project)));
    store.save({ name: 'prefers-pnpm', type: 'feedback', description: 'The user uses pnpm, never npm', body: 'Use pnpm for installs.' });
    store.save({ name: 'test-command', type: 'project', description: 'How tests run', body: 'Run tests with `pnpm vitest`.' });

    expect(readFileSync(path.join(store.globalDir, 'prefers-pnpm.md'), 'utf8')).toBe(
      '---\nname: prefers-pnpm\ndescription: The user uses pnpm, never npm\ntype: feedback\n---\nUse pnpm for installs.\n',
    );
    expect(readIndex(store.globalDir)).toBe('- [prefers-pnpm](prefers-pnpm.md) (feedback): The user uses pnpm, never npm\n');
    expect(readIndex(store.projectDir)).toBe('- [test-command](test-command.md) (project): How tests run\n');
    expect(store.list().map((e) => [e.name, e.scope])).toEqual([
      ['prefers-pnpm', 'global'],
      ['test-command', 'project'],
    ]);
  });

  it('keeps the index in step through save, update and delete', () => {
    store.save({ name: 'b-role', type: 'user', description: 'Role', body: 'The user is a backend engineer.' });
    store.save({ name: 'a-docs', type: 'reference', description: 'Docs', body: 'API docs live at docs.example.internal.' });
    expect(readIndex(store.globalDir)).toBe('- [a-docs](a-docs.md) (reference): Docs\n- [b-role](b-role.md) (user): Role\n');

    const updated = store.update('b-role', { body: 'The user is a frontend engineer.', description: 'Frontend role' });
    expect(updated.body).toBe('The user is a frontend engineer.');
    expect(store.get('b-role')).toMatchObject({ description: 'Frontend role', body: 'The user is a frontend engineer.', type: 'user' });
    expect(readIndex(store.globalDir)).toContain('- [b-role](b-role.md) (user): Frontend role');

    expect(store.delete('a-docs')).toBe(true);
    expect(store.delete('a-docs')).toBe(false);
    expect(readIndex(store.globalDir)).toBe('- [b-role](b-role.md) (user): Frontend role\n');
    expect(store.get('a-docs')).toBeUndefined();

    store.delete('b-role');
    expect(allFiles(store.globalDir)).toEqual([]);
    expect(store.indexText()).toBe('');
  });

  it('moves a memory to the other folder when an update changes its scope', () => {
    store.save({ name: 'uses-tabs', type: 'feedback', description: 'Tabs', body: 'Indent with tabs.' });
    const moved = store.update('uses-tabs', { type: 'project' });
    expect(moved).toMatchObject({ scope: 'project', path: path.join(store.projectDir, 'uses-tabs.md') });
    expect(allFiles(store.globalDir)).toEqual([]);
    expect(readIndex(store.projectDir)).toBe('- [uses-tabs](uses-tabs.md) (project): Tabs\n');
  });

  it('round-trips the frontmatter and skips files whose frontmatter is broken', () => {
    const fields = { name: 'n', description: 'one: with colon', type: 'user' as const, body: 'line 1\n---\nline 3' };
    expect(parseMemoryFile(formatMemoryFile(fields), 'x')).toEqual(fields);
    expect(parseMemoryFile(formatMemoryFile({ ...fields, description: 'two\nlines' }), 'x')?.description).toBe('two lines');

    store.save({ name: 'good', type: 'user', description: 'Good', body: 'Fine.' });
    writeFileSync(path.join(store.globalDir, 'no-frontmatter.md'), 'just text\n');
    writeFileSync(path.join(store.globalDir, 'unclosed.md'), '---\nname: x\ntype: user\nbody\n');
    writeFileSync(path.join(store.globalDir, 'bad-type.md'), '---\nname: y\ndescription: d\ntype: secret\n---\nbody\n');
    writeFileSync(path.join(store.globalDir, 'no-name.md'), '---\ntype: "reference"\n---\nSee the wiki.\n');
    mkdirSync(path.join(store.globalDir, 'folder.md'));

    expect(store.list().map((e) => e.name)).toEqual(['good', 'no-name']);
    expect(store.get('no-name')).toMatchObject({ type: 'reference', description: '', body: 'See the wiki.' });
    // The next write regenerates the index from the files, the hand-written one included.
    store.save({ name: 'other', type: 'user', description: 'Other', body: 'Another fact.' });
    expect(readIndex(store.globalDir)).toBe(
      '- [good](good.md) (user): Good\n- [no-name](no-name.md) (reference)\n- [other](other.md) (user): Other\n',
    );
  });

  it('does not save an identical memory twice', () => {
    const first = store.save({ name: 'prefers-pnpm', type: 'feedback', description: 'pnpm', body: 'Use pnpm, never npm.' });
    expect(first.status).toBe('saved');
    const before = readFileSync(first.entry.path, 'utf8');

    const sameBody = store.save({ type: 'feedback', body: '  use PNPM,\n never   npm. ' });
    expect(sameBody).toMatchObject({ status: 'unchanged', entry: { name: 'prefers-pnpm' } });
    const sameName = store.save({ name: 'prefers-pnpm', type: 'feedback', body: 'Use pnpm, never npm.' });
    expect(sameName.status).toBe('unchanged');
    expect(readdirSync(store.globalDir).sort()).toEqual(['MEMORY.md', 'prefers-pnpm.md']);
    expect(readFileSync(first.entry.path, 'utf8')).toBe(before);

    const changed = store.save({ name: 'prefers-pnpm', type: 'feedback', body: 'Use pnpm 9, never npm.' });
    expect(changed.status).toBe('updated');
    expect(store.get('prefers-pnpm')?.body).toBe('Use pnpm 9, never npm.');
  });

  it('derives a name and description from the body without replacing a memory with the same start', () => {
    const a = store.save({ type: 'user', body: '# The user works on embedded Linux\nMostly C.' });
    expect(a.entry).toMatchObject({ name: 'the-user-works-on-embedded-linux', description: 'The user works on embedded Linux' });
    const b = store.save({ type: 'user', body: 'The user works on embedded Linux boards at night.' });
    expect(b.entry.name).toBe('the-user-works-on-embedded-linux-2');
    expect(store.list()).toHaveLength(2);
  });

  it('finds a memory by a name written differently and refuses bad input with a plain sentence', () => {
    store.save({ name: 'Prefers PNPM', type: 'feedback', body: 'Use pnpm.' });
    expect(store.get('prefers-pnpm')?.name).toBe('prefers-pnpm');
    expect(store.get('Prefers PNPM')?.path).toBe(path.join(store.globalDir, 'prefers-pnpm.md'));
    expect(() => store.update('missing', { body: 'x' })).toThrow(MemoryError);
    expect(() => store.update('missing', { body: 'x' })).toThrow('No memory is named `missing`; check the name in the memory index.');
    expect(() => store.save({ type: 'user', body: '   ' })).toThrow('A memory needs some content');
    expect(() => store.save({ name: '!!!', type: 'user', body: 'x' })).toThrow('A memory name needs at least one letter or digit');
  });

  // That a crash mid-write leaves the old file is checked with a real kill -9 in __tests__/tools/atomicCrash.test.ts.
  it('leaves no temp files behind after saves, updates and deletes', () => {
    for (let i = 0; i < 5; i++) store.save({ name: `fact-${i}`, type: i % 2 ? 'project' : 'user', body: `Fact number ${i}.` });
    store.update('fact-1', { body: 'Changed.' });
    store.delete('fact-2');
    const leftovers = [...allFiles(store.globalDir), ...allFiles(store.projectDir)].filter((f) => f.startsWith('.') || f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
    expect(readIndex(store.globalDir).trim().split('\n')).toHaveLength(2);
    expect(readIndex(store.projectDir).trim().split('\n')).toHaveLength(2);
  });

  it('renders both indexes with their folders for the system prompt', () => {
    expect(store.indexText()).toBe('');
    store.save({ name: 'role', type: 'user', description: 'Role', body: 'Backend engineer.' });
    expect(store.indexText()).toBe(`Global memories (about the user, in every project), files in ${store.globalDir}:\n- [role](role.md) (user): Role`);
    store.save({ name: 'db', type: 'project', description: 'Database', body: 'Postgres 16.' });
    expect(store.indexText()).toContain(`\n\nProject memories (this project only), files in ${store.projectDir}:\n- [db](db.md) (project): Database`);
  });
});

describe('projectKey and findGitRoot', () => {
  it('is stable for a path and distinct for two checkouts with the same folder name', () => {
    const other = path.join(tmp, 'elsewhere', 'rein');
    mkdirSync(other, { recursive: true });
    expect(projectKey(project)).toMatch(/^rein-[0-9a-f]{6}$/);
    expect(projectKey(project)).toBe(projectKey(path.join(project, '..', 'rein')));
    expect(projectKey(other)).not.toBe(projectKey(project));
    const link = path.join(tmp, 'link');
    symlinkSync(project, link);
    expect(projectKey(link)).toBe(projectKey(project));
  });

  it('walks up to a .git folder or file and gives undefined outside git', () => {
    const deep = path.join(project, 'src', 'a');
    mkdirSync(deep, { recursive: true });
    expect(findGitRoot(deep)).toBeUndefined();
    mkdirSync(path.join(project, '.git'));
    expect(findGitRoot(deep)).toBe(project);
    writeFileSync(path.join(project, 'src', '.git'), 'gitdir: ../.git/modules/src\n');
    expect(findGitRoot(deep)).toBe(path.join(project, 'src'));
  });
});

describe('writeFileAtomicSync', () => {
  it('removes its temp file when the rename fails', () => {
    const target = path.join(tmp, 'taken');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    expect(() => writeFileAtomicSync(target, 'text')).toThrow();
    expect(readdirSync(tmp).sort()).toEqual(['taken', 'work']);
  });
});
