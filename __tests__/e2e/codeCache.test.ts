// The built CLI keeps a code cache of its config validator and yaml in rein's home (source/config/codeCache.ts):
// the first start writes it, the next starts read it without writing it again, and what they judge is unchanged.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

    const first = await runRein(dir, ['-p', 'hello', ...openaiArgs(server)], { env });
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe('first answer');
    const written = cacheFiles(dir.home);
    // The validator's and yaml's (on Node 22 and later, Node's own cache takes their place).
    if (Number(process.versions.node.split('.')[0]) < 22) expect(Object.keys(written)).toHaveLength(2);
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
});
