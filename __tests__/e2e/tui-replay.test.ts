// End-to-end: the shipped recording plays in the built CLI's TUI in tmux, with no key and nothing run.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('replay');

describe('the shipped recording', () => {
  it('plays in the TUI: the recorded first message is sent and the fix shows, with no file touched', async () => {
    // No provider is used: the server only satisfies the fixture's setup and must see no request.
    const server = await startMockLlmServer({ turns: [] });
    const p = await openRein(fx, server, ['--replay', resolve('demo/fix-add.jsonl'), '--replay-tools', 'recorded', '--replay-speed', '0']);
    const screen = await p.waitFor('node test.js passes.');
    expect(screen).toContain('❯ The test fails. Find the bug and fix it.');
    expect(screen).toMatch(/✓ edit_file\(math\.js\)/);
    expect(screen).toContain('all tests passed');
    expect(screen).toContain('(it was recorded in /tmp/');
    expect(screen).toContain('demo-model (openai)');
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(fx.cwd, 'math.js'))).toBe(false);
  });
});
