import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editFileTool } from '../../source/tools/editFile.js';
import { readFileTool } from '../../source/tools/readFile.js';
import { writeFileTool } from '../../source/tools/writeFile.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => {
  vi.restoreAllMocks();
  return ws.cleanup();
});

/**
 * Makes every fs.promises.writeFile write in small chunks with pauses, and polls `file` between the chunks
 * (a reader running while the write is under way); returns every content the reader saw mid-write.
 */
function watchWrites(file: string): { seen: Set<string>; midWrite: () => number } {
  const realWrite = fs.writeFile.bind(fs);
  const seen = new Set<string>();
  let readsMidWrite = 0;
  vi.spyOn(fs, 'writeFile').mockImplementation(async (target, data, options) => {
    const bytes = Buffer.from(String(data));
    await realWrite(target, '', options);
    for (let at = 0; at < bytes.length; at += 1024) {
      await fs.appendFile(target as string, bytes.subarray(at, at + 1024));
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.add(readFileSync(file, 'utf8'));
      readsMidWrite += 1;
    }
  });
  return { seen, midWrite: () => readsMidWrite };
}

const read = (p: string) => readFileTool.execute({ path: p }, ws.ctx());

/** Changes the file behind the session's back, with an mtime that surely differs. */
async function touchLater(file: string): Promise<void> {
  const later = new Date((await fs.stat(file)).mtimeMs + 60_000);
  await fs.utimes(file, later, later);
}

describe('atomic writes', () => {
  it('a reader never sees half a file while write_file or edit_file writes', async () => {
    const file = await ws.write('big.txt', 'old line\n'.repeat(2_000));
    const watch = watchWrites(file);
    await read('big.txt');
    const written = `head\n${'new line\n'.repeat(2_000)}`;
    expect((await writeFileTool.execute({ path: 'big.txt', content: written }, ws.ctx())).isError).toBe(false);
    await read('big.txt');
    const edited = written.replace('head\n', 'first line\n');
    expect((await editFileTool.execute({ path: 'big.txt', old_string: 'head\n', new_string: 'first line\n' }, ws.ctx())).isError).toBe(false);
    expect(watch.midWrite()).toBeGreaterThan(10);
    expect([...watch.seen].every((text) => [ 'old line\n'.repeat(2_000), written, edited ].includes(text))).toBe(true);
    expect(await ws.read('big.txt')).toBe(edited);
  });
});

describe('write_file', () => {
  it('creates files and parent folders, with a diff display and a short message', async () => {
    const r = await writeFileTool.execute({ path: 'src/deep/new.ts', content: 'a\nb\n' }, ws.ctx());
    expect(r.isError).toBe(false);
    expect(r.content).toBe('Created src/deep/new.ts (2 lines).');
    expect(r.display).toMatchObject({ kind: 'diff', path: 'src/deep/new.ts', created: true });
    expect(r.display.kind === 'diff' && r.display.diff).toContain('+a\n+b');
    expect(await ws.read('src/deep/new.ts')).toBe('a\nb\n');
    const entries = await fs.readdir(path.join(ws.dir, 'src/deep'));
    expect(entries).toEqual(['new.ts']);
  });

  it('refuses to overwrite a file it has not read, then allows it after a read', async () => {
    await ws.write('a.txt', 'old\n');
    const refused = await writeFileTool.execute({ path: 'a.txt', content: 'new\n' }, ws.ctx());
    expect(refused).toMatchObject({ isError: true, content: 'a.txt has not been read in this session; read it with read_file first, then overwrite it.' });
    expect(await ws.read('a.txt')).toBe('old\n');
    await read('a.txt');
    const ok = await writeFileTool.execute({ path: 'a.txt', content: 'new\n' }, ws.ctx());
    expect(ok).toMatchObject({ isError: false, content: 'Wrote 1 line to a.txt.' });
    expect(ok.display.kind === 'diff' && ok.display.diff).toContain('-old\n+new');
    // Its own write counts as seen: a second write needs no new read.
    const again = await writeFileTool.execute({ path: 'a.txt', content: 'newer\n' }, ws.ctx());
    expect(again.isError).toBe(false);
  });

  it('refuses a file that changed on disk since it was read', async () => {
    const file = await ws.write('a.txt', 'old\n');
    await read('a.txt');
    await touchLater(file);
    const r = await writeFileTool.execute({ path: 'a.txt', content: 'new\n' }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'a.txt changed on disk since you read it; read it again before you overwrite it.' });
  });

  it('previews the diff without writing', async () => {
    await ws.write('a.txt', 'one\n');
    await read('a.txt');
    const diff = await writeFileTool.preview?.({ path: 'a.txt', content: 'two\n' }, ws.ctx());
    expect(diff).toContain('-one\n+two');
    expect(await ws.read('a.txt')).toBe('one\n');
  });

  it('refuses to write outside the workspace', async () => {
    const r = await writeFileTool.execute({ path: '../escape.txt', content: 'x' }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toContain('is outside the workspace');
    await expect(fs.stat(path.join(ws.dir, '../escape.txt'))).rejects.toThrow();
  });

  it('keeps the file mode when replacing a file', async () => {
    const file = await ws.write('run.sh', 'echo 1\n');
    await fs.chmod(file, 0o755);
    await read('run.sh');
    await writeFileTool.execute({ path: 'run.sh', content: 'echo 2\n' }, ws.ctx());
    expect((await fs.stat(file)).mode & 0o777).toBe(0o755);
  });
});

describe('edit_file', () => {
  it('replaces a unique string and shows the diff', async () => {
    await ws.write('a.ts', 'const a = 1;\nconst b = 2;\n');
    await read('a.ts');
    const r = await editFileTool.execute({ path: 'a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;\nconst c = $&;' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: 'Edited a.ts: 1 replacement (+2 -1 lines).' });
    expect(await ws.read('a.ts')).toBe('const a = 1;\nconst b = 3;\nconst c = $&;\n');
    expect(r.display).toMatchObject({ kind: 'diff', path: 'a.ts', created: false });
    expect(r.display.kind === 'diff' && r.display.diff).toContain('-const b = 2;\n+const b = 3;');
  });

  it('refuses an edit before a read', async () => {
    await ws.write('a.ts', 'x\n');
    const r = await editFileTool.execute({ path: 'a.ts', old_string: 'x', new_string: 'y' }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'a.ts has not been read in this session; read it with read_file first, then edit it.' });
  });

  it('says how many times an ambiguous old_string matches', async () => {
    await ws.write('a.ts', 'x = 1\nx = 1\nx = 1\n');
    await read('a.ts');
    const r = await editFileTool.execute({ path: 'a.ts', old_string: 'x = 1', new_string: 'x = 2' }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'old_string matches 3 times in a.ts; add surrounding lines to make it unique or set replace_all.' });
    expect(await ws.read('a.ts')).toBe('x = 1\nx = 1\nx = 1\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    await ws.write('a.ts', 'foo(); foo();\nfoo();\n');
    await read('a.ts');
    const r = await editFileTool.execute({ path: 'a.ts', old_string: 'foo', new_string: 'bar', replace_all: true }, ws.ctx());
    expect(r.content).toBe('Edited a.ts: 3 replacements (+2 -2 lines).');
    expect(await ws.read('a.ts')).toBe('bar(); bar();\nbar();\n');
  });

  it('explains no match, identical strings and a missing file', async () => {
    await ws.write('a.ts', 'hello\n');
    await read('a.ts');
    const none = await editFileTool.execute({ path: 'a.ts', old_string: 'goodbye', new_string: 'x' }, ws.ctx());
    expect(none.isError).toBe(true);
    expect(none.content).toMatch(/^old_string was not found in a.ts; read the file again/);
    const same = await editFileTool.execute({ path: 'a.ts', old_string: 'hello', new_string: 'hello' }, ws.ctx());
    expect(same).toMatchObject({ isError: true, content: 'old_string and new_string are identical; there is nothing to change.' });
    const missing = await editFileTool.execute({ path: 'b.ts', old_string: 'a', new_string: 'b' }, ws.ctx());
    expect(missing).toMatchObject({ isError: true, content: 'b.ts does not exist; use write_file to create it.' });
  });

  it('refuses a stale file, and works again after a new read', async () => {
    const file = await ws.write('a.ts', 'one\n');
    await read('a.ts');
    await fs.writeFile(file, 'one\ntwo\n');
    await touchLater(file);
    const stale = await editFileTool.execute({ path: 'a.ts', old_string: 'one', new_string: '1' }, ws.ctx());
    expect(stale).toMatchObject({ isError: true, content: 'a.ts changed on disk since you read it; read it again before you edit it.' });
    await read('a.ts');
    const ok = await editFileTool.execute({ path: 'a.ts', old_string: 'one', new_string: '1' }, ws.ctx());
    expect(ok.isError).toBe(false);
    expect(await ws.read('a.ts')).toBe('1\ntwo\n');
    // Two edits in a row: the first edit's write is recorded, so the second is not stale.
    const second = await editFileTool.execute({ path: 'a.ts', old_string: 'two', new_string: '2' }, ws.ctx());
    expect(second.isError).toBe(false);
  });

  it('matches LF old_string in a CRLF file and keeps CRLF', async () => {
    await ws.write('win.txt', 'a\r\nb\r\nc\r\n');
    await read('win.txt');
    const r = await editFileTool.execute({ path: 'win.txt', old_string: 'a\nb', new_string: 'A\nB' }, ws.ctx());
    expect(r.isError).toBe(false);
    expect(await ws.read('win.txt')).toBe('A\r\nB\r\nc\r\n');
  });

  it('previews without writing, and edits through an in-workspace symlink to the real file', async () => {
    await ws.write('real.ts', 'v1\n');
    await fs.symlink(path.join(ws.dir, 'real.ts'), path.join(ws.dir, 'alias.ts'));
    await read('alias.ts');
    const diff = await editFileTool.preview?.({ path: 'alias.ts', old_string: 'v1', new_string: 'v2' }, ws.ctx());
    expect(diff).toContain('-v1\n+v2');
    expect(await ws.read('real.ts')).toBe('v1\n');
    await editFileTool.execute({ path: 'alias.ts', old_string: 'v1', new_string: 'v2' }, ws.ctx());
    expect(await ws.read('real.ts')).toBe('v2\n');
    expect((await fs.lstat(path.join(ws.dir, 'alias.ts'))).isSymbolicLink()).toBe(true);
  });
});
