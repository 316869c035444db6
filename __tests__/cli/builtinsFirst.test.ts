// Node compiles its own modules from a code cache that V8 takes only under the flags it was made with, so rein loads
// the ones every run needs before it sets its V8 flags (source/cli/builtinsFirst.ts). A headless run loads none of
// Node's modules, internal ones included, after them and before its first request (the TUI's first frame: see
// __tests__/e2e/tui-start.test.ts). (Modules first used later, by a tool say, still load as they are needed:
// loading them ahead would put their cost before the first request.)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { printsByArgs } from '../../source/cli/builtinsFirst.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { anthropicArgs, jsonLines, openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

const preload = resolve('__tests__/fixtures/preload/builtinsAfterFlags.cjs');
let server: MockLlmServer | undefined;
let dir: Scratch | undefined;
afterEach(async () => {
  await server?.close();
  dir?.remove();
});

describe.each([['openai', openaiArgs], ['anthropic', anthropicArgs]] as const)('rein -p over %s', (_name, args) => {
  it("loads every Node module it uses before its first request ahead of V8's flags", async () => {
    server = await startMockLlmServer({ turns: [{ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'The notes say hello.' }] });
    dir = scratch();
    const afterFlagsFile = join(dir.home, 'after-flags.txt');
    const run = await runRein(dir, ['-p', 'read the notes', ...args(server), '--output-format', 'rein-events'], {
      env: { NODE_OPTIONS: `--require ${preload}`, REIN_TEST_AFTER_FLAGS_FILE: afterFlagsFile },
    });
    expect(run.stderr).toBe('');
    expect(jsonLines(run.stdout).find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'The notes say hello.' });
    expect(server.requests).toHaveLength(2);
    expect(readFileSync(afterFlagsFile, 'utf8').split('\n').filter(Boolean)).toEqual([]);
  });
});

describe('printsByArgs', () => {
  it('tells a print flag in any of its spellings from the TUI\'s arguments', () => {
    for (const args of [['-p', 'task'], ['--print', 'task'], ['--print=task'], ['-ptask'], ['--model', 'm', '-cp', 'task']]) expect(printsByArgs(args)).toBe(true);
    for (const args of [[], ['task'], ['--permission-mode', 'plan'], ['--model', 'phi', 'fix it'], ['-c'], ['--continue']]) expect(printsByArgs(args)).toBe(false);
  });
});
