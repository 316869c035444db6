// End-to-end: an @ mention completed from the menu of the built CLI in tmux, sent, and the file's content reaching
// the model; and `!command` running without a model call.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('mentions');

describe('@ mentions and ! commands in the TUI', () => {
  it('completes @smjs (fuzzy: no path contains it) to a workspace file, sends it, and the model gets the file attached', async () => {
    mkdirSync(join(fx.cwd, 'src'));
    writeFileSync(join(fx.cwd, 'src', 'math.js'), 'export const add = (a, b) => a - b;\n');
    writeFileSync(join(fx.cwd, 'README.md'), '# readme\n');
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text: 'It subtracts.' }] }));
    // fzf loads with the first listing: a query that is no path's substring shows it is the fuzzy matcher answering.
    await p.sendText('what does @smjs');
    await p.waitFor(/› @src\/math\.js/);
    await p.sendKeys('Tab');
    await p.waitFor((s) => promptLine(s) === '❯ what does @src/math.js');
    await p.sendText('do?');
    await p.waitFor((s) => promptLine(s) === '❯ what does @src/math.js do?');
    await p.sendKeys('Enter');
    const screen = await p.waitFor('It subtracts.');
    expect(screen).toContain('Attached src/math.js (1 line).');
    const user = JSON.stringify(fx.server?.requests[0].body.messages);
    expect(user).toContain('what does @src/math.js do?');
    expect(user).toContain('<attached-file path=\\"src/math.js\\">');
    expect(user).toContain('export const add = (a, b) => a - b;');
  });

  it('runs !command in the workspace, shows it, and its output goes with the next message', async () => {
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text: 'Saw it.' }] }));
    await p.sendText('!echo from-the-shell');
    await p.waitFor((s) => promptLine(s) === '❯ !echo from-the-shell');
    await p.sendKeys('Enter');
    await p.waitFor(/✓ bash\(echo from-the-shell\)/);
    expect(fx.server?.requests).toHaveLength(0);
    await p.sendText('what did it say?');
    await p.waitFor((s) => promptLine(s) === '❯ what did it say?');
    await p.sendKeys('Enter');
    await p.waitFor('Saw it.');
    const user = JSON.stringify(fx.server?.requests[0].body.messages);
    expect(user).toContain('<bash-input>echo from-the-shell</bash-input>');
    expect(user).toContain('from-the-shell');
  });
});
