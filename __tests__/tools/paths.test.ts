import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realpathNearest, resolveToolPath } from '../../source/tools/paths.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
let outside: string;
beforeEach(async () => {
  ws = await makeWorkspace();
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'rein-outside-')));
  await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
});
afterEach(async () => {
  await ws.cleanup();
  await fs.rm(outside, { recursive: true, force: true });
});

describe('resolveToolPath', () => {
  it('resolves relative paths against cwd and shows them relative', async () => {
    await ws.write('src/a.ts', 'x');
    const r = await resolveToolPath('a.ts', ws.ctx({ cwd: path.join(ws.dir, 'src') }), 'read');
    expect(r).toEqual({ ok: true, path: { abs: path.join(ws.dir, 'src/a.ts'), real: path.join(ws.dir, 'src/a.ts'), display: 'a.ts' } });
  });

  it('refuses an escape through .. with the path and the workspace in the message', async () => {
    const r = await resolveToolPath('../../etc/passwd', ws.ctx(), 'read');
    expect(r.ok).toBe(false);
    const expected = path.resolve(ws.dir, '../../etc/passwd');
    expect(!r.ok && r.error).toBe(`\`${expected}\` is outside the workspace \`${ws.dir}\`; rein's file tools only work inside it.`);
  });

  it('allows names that only start with two dots, inside the workspace and in subfolders', async () => {
    await ws.write('..notes', 'n');
    await ws.write('a/..b', 'b');
    for (const [given, access] of [['..notes', 'read'], ['a/..b', 'read'], ['..notes', 'write'], ['a/..b', 'write'], ['..new/file.txt', 'write']] as const) {
      const r = await resolveToolPath(given, ws.ctx(), access);
      expect(r).toEqual({ ok: true, path: { abs: path.join(ws.dir, given), real: path.join(ws.dir, given), display: given } });
    }
    // A real parent step is still refused, also when the folder outside has a dotted name.
    for (const given of ['../x', '..', 'a/../../x', '../..notes']) {
      const r = await resolveToolPath(given, ws.ctx(), 'write');
      expect(r.ok, given).toBe(false);
    }
  });

  it('refuses an escape through a symlink, for reads and for new files below it', async () => {
    await fs.symlink(outside, path.join(ws.dir, 'link'));
    const read = await resolveToolPath('link/secret.txt', ws.ctx(), 'read');
    expect(!read.ok && read.error).toContain(`leads to \`${path.join(outside, 'secret.txt')}\``);
    const create = await resolveToolPath('link/new/deep.txt', ws.ctx(), 'write');
    expect(create.ok).toBe(false);
  });

  it('follows a dangling symlink to where a write would land', async () => {
    await fs.symlink(path.join(outside, 'not-yet.txt'), path.join(ws.dir, 'dangling'));
    const r = await resolveToolPath('dangling', ws.ctx(), 'write');
    expect(r.ok).toBe(false);
    expect(await realpathNearest(path.join(ws.dir, 'dangling'))).toBe(path.join(outside, 'not-yet.txt'));
  });

  it('allows reads, not writes, in extra readable roots and the session folder', async () => {
    ws.state.extraReadableRoots.push(outside);
    const read = await resolveToolPath(path.join(outside, 'secret.txt'), ws.ctx(), 'read');
    expect(read.ok).toBe(true);
    const write = await resolveToolPath(path.join(outside, 'secret.txt'), ws.ctx(), 'write');
    expect(write.ok).toBe(false);
    const saved = await resolveToolPath(path.join(ws.sessionDir, 'outputs/x.txt'), ws.ctx(), 'read');
    expect(saved.ok).toBe(true);
  });

  it('allows symlinks that stay inside the workspace and new files in new folders', async () => {
    await ws.write('real/file.txt', 'x');
    await fs.symlink(path.join(ws.dir, 'real'), path.join(ws.dir, 'alias'));
    const r = await resolveToolPath('alias/file.txt', ws.ctx(), 'write');
    expect(r.ok && r.path.real).toBe(path.join(ws.dir, 'real/file.txt'));
    const fresh = await resolveToolPath('a/b/c.txt', ws.ctx(), 'write');
    expect(fresh.ok && fresh.path.display).toBe('a/b/c.txt');
  });
});
