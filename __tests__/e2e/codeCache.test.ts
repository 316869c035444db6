// The built CLI keeps a code cache of its chunks, its config validator and yaml in rein's home
// (source/config/codeCache.ts, source/cli/chunkLoader.ts): the first start writes it, the next starts read it without
// writing it again, and what they judge is unchanged; a broken cache costs only the time.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

let server: MockLlmServer | undefined;
let dir: Scratch | undefined;
afterEach(async () => {
  await server?.close();
  dir?.remove();
});

/** The cache files with their inodes: a rewrite renames a new file into place, so the inode changes. */
function cacheFiles(home: string): Record<string, number> {
  const folder = join(home, 'cache', 'code');
  return Object.fromEntries(readdirSync(folder).map((name) => [name, statSync(join(folder, name)).ino]));
}

/** The chunks a run loaded, from the loader's NODE_DEBUG=rein-chunks lines. */
const loadedChunks = (stderr: string): string[] => [...stderr.matchAll(/^REIN-CHUNKS \d+: (\S+\.cjs) (absent|used|refused|off)$/gm)].map((match) => match[1]);

describe('the code cache of the built CLI', () => {
  it('is written by the first start and read by the next, which judge the same', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'first answer' }, { text: 'second answer' }] });
    dir = scratch();
    // A user skill, so the start reads frontmatter and loads yaml too.
    const skill = join(dir.home, '.claude', 'skills', 'tidy');
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: tidy\ndescription: Tidies the notes\n---\nTidy them.\n');
    // NODE_OPTIONS from the test runner would name other flags than a user's start has.
    const env = { NODE_OPTIONS: '', NODE_DISABLE_COMPILE_CACHE: '' };

    const first = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env: { ...env, NODE_DEBUG: 'rein-chunks' } });
    expect(first.stdout.trim()).toBe('first answer');
    const written = cacheFiles(dir.home);
    // One per chunk the run loaded, with the validator's and yaml's (on Node 22 and later, Node's own cache takes
    // the place of those two).
    const chunks = loadedChunks(first.stderr);
    expect(chunks.length).toBeGreaterThan(10);
    expect(Object.keys(written).length).toBe(chunks.length + (Number(process.versions.node.split('.')[0]) < 22 ? 2 : 0));
    expect(JSON.stringify(server.requests[0].body)).toContain('Tidies the notes');

    const second = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env });
    expect(second.stdout.trim()).toBe('second answer');
    expect(JSON.stringify(server.requests[1].body)).toContain('Tidies the notes');
    expect(cacheFiles(dir.home)).toEqual(written);

    // A config error reads the same from a warm cache, which it leaves as it was.
    writeFileSync(join(dir.repo, 'agent.config.json'), JSON.stringify({ maxTurns: 'ten' }));
    const refused = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/maxTurns/);
    expect(cacheFiles(dir.home)).toEqual(written);
  });

  it('a cache that is garbage is refused and written again, and the run is the same; none is kept when caches are off', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'four' }] });
    dir = scratch();
    const env = { NODE_OPTIONS: '', NODE_DISABLE_COMPILE_CACHE: '' };
    await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env });
    const folder = join(dir.home, 'cache', 'code');
    const names = readdirSync(folder);
    for (const name of names) writeFileSync(join(folder, name), Buffer.alloc(statSync(join(folder, name)).size, 0x5a));
    const broken = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env: { ...env, NODE_DEBUG: 'rein-chunks' } });
    expect(broken.exitCode).toBe(0);
    expect(broken.stdout.trim()).toBe('two');
    expect(broken.stderr).toMatch(/^REIN-CHUNKS \d+: main\.cjs refused$/m);
    expect(broken.stderr).not.toMatch(/ (used|absent)$/m);
    for (const name of names) expect(readFileSync(join(folder, name)).every((byte) => byte === 0x5a)).toBe(false);
    const mended = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env: { ...env, NODE_DEBUG: 'rein-chunks' } });
    expect(mended.stdout.trim()).toBe('three');
    expect(mended.stderr).not.toMatch(/ (refused|absent)$/m);
    expect(loadedChunks(mended.stderr).length).toBeGreaterThan(10);

    const off = scratch();
    try {
      const plain = await runRein(off, ['-p', 'hello', ...openaiArgs(server)], { env: { NODE_OPTIONS: '', NODE_DISABLE_COMPILE_CACHE: '1' } });
      expect(plain.stdout.trim()).toBe('four');
      expect(existsSync(join(off.home, 'cache', 'code'))).toBe(false);
    } finally {
      off.remove();
    }
  });
});
