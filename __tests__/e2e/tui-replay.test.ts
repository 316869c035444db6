// End-to-end: the shipped demo recording plays in the built CLI's TUI in tmux, with no key: in a copy of its fixture,
// its tools really run (asking first, as in any session), the test goes from red to green, and no divergence shows.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reinCommand, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('replay');

describe('the shipped demo recording', () => {
  it('runs its tools for real in a copy of demo/fixture, red to green, and ends saying what was shown and how to start', async () => {
    const demo = resolve('demo/fix-add.jsonl');
    const before = readFileSync(resolve('demo/fixture/math.js'), 'utf8');
    // As a newcomer types it: no key, no provider flags. A wide pane keeps the closing line on one row.
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: ['--replay', demo, '--replay-speed', '0'], home: fx.home }), cwd: fx.cwd, width: 300 });
    fx.pane = p;
    await p.waitFor('Allow bash?', 20_000);
    await p.sendKeys('y');
    const red = await p.waitFor('Allow edit_file?');
    expect(red).toContain('add(2, 3) should be 5 but was -1');
    await p.sendKeys('y');
    await p.waitFor((s) => s.includes('Allow bash?') && s.includes('✓ edit_file(math.js)'));
    await p.sendKeys('y');
    const green = await p.waitFor((s) => s.includes('node test.js passes.') && s.includes('Type a message'));
    expect(green).toContain('all tests passed');
    expect(green).toContain('❯ The test fails. Find the bug and fix it.');
    expect(green).toContain('demo-model (openai)');
    expect(green).toMatch(/rein-replay-/);
    expect(green).not.toContain('differs from the recording');
    expect(green).not.toContain('⚠');
    await p.sendKeys('C-d');
    const end = await p.waitFor(/EXIT:\d+/);
    expect(end).toMatch(/^EXIT:0$/m);
    const line = end.split('\n').find((row) => row.startsWith('That was '));
    expect(line).toBe(`That was ${demo} replayed: recorded answers, tools run for real, in a copy of ${resolve('demo/fixture')} (now removed). `
      + `Your own session: set ANTHROPIC_API_KEY (or a local model, see README.md) and run node ${fx.cli.cliPath}`);
    expect(end).not.toContain('Continue with');
    // The fixture and the folder rein was started in are as they were.
    expect(readFileSync(resolve('demo/fixture/math.js'), 'utf8')).toBe(before);
    expect(existsSync(join(fx.cwd, 'math.js'))).toBe(false);
  });
});
