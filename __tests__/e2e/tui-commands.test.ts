// End-to-end: a custom command chosen from the completion menu of the built CLI in tmux is expanded, and the mock
// model receives the expanded text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, reinCommand, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('cmds');

describe('custom commands in the TUI', () => {
  it('completes /review from the menu, runs its !`command` under allowed-tools in a trusted project, attaches @$0, and sends the result', async () => {
    mkdirSync(join(fx.cwd, '.claude', 'commands'), { recursive: true });
    writeFileSync(
      join(fx.cwd, '.claude', 'commands', 'review.md'),
      '---\ndescription: review one file\nargument-hint: [file]\nallowed-tools: Bash(echo:*)\n---\nReview @$0 carefully. Tree: !`echo tree-is-clean`\n',
    );
    writeFileSync(join(fx.cwd, '.claude', 'commands', 'help.md'), 'My own help.\n');
    writeFileSync(join(fx.cwd, 'notes.txt'), 'TODO: remove the debug flag\n');
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text: 'Reviewed: drop the debug flag.' }] }), ['--trust-project']);
    // A file named like a built-in is left out, and the screen says so.
    await p.waitFor('/help (project, .claude) is not used: the built-in /help has that name');
    await p.sendText('/rev');
    await p.waitFor(/\/review \[file\]\s+review one file \(project, \.claude\)/);
    await p.sendKeys('Enter');
    await p.waitFor((s) => promptLine(s) === '❯ /review');
    await p.sendText('notes.txt');
    await p.waitFor((s) => promptLine(s) === '❯ /review notes.txt');
    await p.sendKeys('Enter');
    const screen = await p.waitFor('Reviewed: drop the debug flag.');
    // The transcript shows the command as typed; no approval was asked for the allowed echo.
    expect(screen).toMatch(/^❯ \/review notes\.txt/m);
    expect(screen).not.toContain('Allow bash?');
    expect(screen).toMatch(/✓ bash\(echo tree-is-clean\)/);
    const messages = fx.server?.requests[0].body.messages as Array<{ role: string; content: unknown }>;
    const user = JSON.stringify(messages.filter((m) => m.role === 'user'));
    expect(user).toContain('Review @notes.txt carefully. Tree: tree-is-clean');
    expect(user).toContain('<file path=\\"notes.txt\\">');
    expect(user).toContain('TODO: remove the debug flag');
    expect(user).not.toContain('$0');
  });

  it('a project declined at the start: asks before its !`command`, and says its allowed-tools were not granted', async () => {
    mkdirSync(join(fx.cwd, '.claude', 'commands'), { recursive: true });
    writeFileSync(join(fx.cwd, '.claude', 'commands', 'mark.md'), '---\nallowed-tools: Bash(touch:*)\n---\nMarked: !`touch marked.txt`\n');
    fx.server = await startMockLlmServer({ turns: [{ text: 'Noted the mark.' }] });
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
    fx.pane = p;
    // The command grants tools and runs a shell line: the project asks first; declined, they wait for trust.
    const question = await p.waitFor('Trust this project?', 20_000);
    expect(question).toContain('/mark runs with Bash(touch:*) allowed');
    expect(question).toContain('$ touch marked.txt');
    await p.sendKeys('n');
    await p.waitFor('Type a message', 20_000);
    await p.sendText('/mar');
    await p.waitFor(/\/mark\s/);
    // A command without arguments runs as soon as it is chosen.
    await p.sendKeys('Enter');
    const asked = await p.waitFor('Allow bash?');
    expect(asked).toContain("/mark's allowed-tools (Bash(touch:*)) were not granted: this project is not trusted");
    await p.sendKeys('y');
    await p.waitFor('Noted the mark.');
    const user = JSON.stringify((fx.server?.requests[0].body.messages as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user'));
    expect(user).toContain('Marked: (no output)');
  });
});
