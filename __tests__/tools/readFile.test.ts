import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTool } from '../../source/tools/readFile.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const numbered = (count: number): string => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('read_file', () => {
  it('numbers lines like cat -n and records the read', async () => {
    const file = await ws.write('a.ts', 'const a = 1;\n\tindented\n');
    const r = await readFileTool.execute({ path: 'a.ts' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: '     1\tconst a = 1;\n     2\t\tindented' });
    expect(r.display).toEqual({ kind: 'text', text: 'Read a.ts: lines 1–2 of 2' });
    const stat = await fs.stat(file);
    expect(ws.state.files.get(file)).toEqual({ mtimeMs: stat.mtimeMs, size: stat.size });
  });

  it('reads 2,000 lines by default and says how to read on', async () => {
    await ws.write('long.txt', numbered(3234));
    const r = await readFileTool.execute({ path: 'long.txt' }, ws.ctx());
    const lines = r.content.split('\n');
    expect(lines).toHaveLength(2001);
    expect(lines[1999]).toBe('  2000\tline 2000');
    expect(lines[2000]).toBe('… 1,234 more lines; read on with offset=2001');
  });

  it('honours offset and limit', async () => {
    await ws.write('long.txt', numbered(50));
    const r = await readFileTool.execute({ path: 'long.txt', offset: 10, limit: 3 }, ws.ctx());
    expect(r.content).toBe('    10\tline 10\n    11\tline 11\n    12\tline 12\n… 38 more lines; read on with offset=13');
    const past = await readFileTool.execute({ path: 'long.txt', offset: 51 }, ws.ctx());
    expect(past.isError).toBe(true);
    expect(past.content).toContain('offset 51 is past the end of long.txt, which has 50 lines');
  });

  it('cuts lines longer than 2,000 characters with a marker', async () => {
    await ws.write('min.js', `${'x'.repeat(2500)}\nshort\n`);
    const r = await readFileTool.execute({ path: 'min.js' }, ws.ctx());
    const [first, second] = r.content.split('\n');
    expect(first).toBe(`     1\t${'x'.repeat(2000)} … [line cut: 500 more characters]`);
    expect(second).toBe('     2\tshort');
  });

  it('stops a page early when its lines are very long, with the offset to continue', async () => {
    await ws.write('wide.txt', `${'y'.repeat(1900)}\n`.repeat(100));
    const r = await readFileTool.execute({ path: 'wide.txt' }, ws.ctx());
    expect(r.content.length).toBeLessThan(64_000);
    expect(r.content).toMatch(/… \d+ more lines; read on with offset=\d+$/);
  });

  it('refuses binary files by content and by extension', async () => {
    await ws.write('blob.dat2', Buffer.from([0x7f, 0x45, 0x00, 0x01]));
    await ws.write('pic.png', 'not really a png');
    for (const name of ['blob.dat2', 'pic.png']) {
      const r = await readFileTool.execute({ path: name }, ws.ctx());
      expect(r).toMatchObject({ isError: true, content: `${name} is a binary file; read_file only shows text files and PNG, JPEG, GIF and WebP images.` });
    }
  });

  it('returns PNG, JPEG, GIF and WebP files as images, known by their first bytes, and refuses one over 5 MB', async () => {
    const samples: [string, Buffer, string][] = [
      ['shot.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest')]), 'image/png'],
      ['photo.bin', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'image/jpeg'],
      ['anim.gif', Buffer.from('GIF89a....'), 'image/gif'],
      ['pic.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    ];
    for (const [name, bytes, mediaType] of samples) {
      await ws.write(name, bytes);
      const r = await readFileTool.execute({ path: name }, ws.ctx());
      expect(r.isError).toBe(false);
      expect(r.content).toBe(`Image ${name} (${mediaType}, ${(bytes.length / 1024).toFixed(1)} KB).`);
      expect(r.images).toEqual([{ type: 'image', mediaType, data: bytes.toString('base64') }]);
    }
    await ws.write('huge.png', Buffer.concat([samples[0][1], Buffer.alloc(5 * 1024 * 1024)]));
    const huge = await readFileTool.execute({ path: 'huge.png' }, ws.ctx());
    expect(huge.isError).toBe(true);
    expect(huge.content).toBe('huge.png is an image of 5120.0 KB, larger than the 5 MB read_file passes on; make a smaller copy to look at it.');
    expect(huge.images).toBeUndefined();
  });

  it('explains a missing file and a folder', async () => {
    const missing = await readFileTool.execute({ path: 'src/nope.ts' }, ws.ctx());
    expect(missing).toMatchObject({ isError: true, content: 'src/nope.ts does not exist; use glob to find the file (for example pattern "**/nope.ts").' });
    await fs.mkdir(path.join(ws.dir, 'src'));
    const folder = await readFileTool.execute({ path: 'src' }, ws.ctx());
    expect(folder).toMatchObject({ isError: true, content: 'src is a folder, not a file; use glob to list its files.' });
  });

  it('says when a file is empty and still counts it as read', async () => {
    const file = await ws.write('empty.txt', '');
    const r = await readFileTool.execute({ path: 'empty.txt' }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: 'empty.txt is empty.' });
    expect(ws.state.files.get(file)).toBeDefined();
  });

  it('refuses paths outside the workspace but reads memory roots', async () => {
    const r = await readFileTool.execute({ path: '../session/../../x' }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toContain('is outside the workspace');
    const memory = path.join(ws.sessionDir, 'memory');
    await fs.mkdir(memory);
    await fs.writeFile(path.join(memory, 'MEMORY.md'), '# notes\n');
    ws.state.extraReadableRoots.push(memory);
    const ok = await readFileTool.execute({ path: path.join(memory, 'MEMORY.md') }, ws.ctx());
    expect(ok).toMatchObject({ isError: false, content: '     1\t# notes' });
  });
});
