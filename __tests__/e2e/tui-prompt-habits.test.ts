// End-to-end: the built CLI in tmux with Ctrl+G (the prompt in $EDITOR), Ctrl+R (search earlier prompts) and a
// 200-line bracketed paste collapsed to a placeholder but sent whole.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, reinCommand, statusLine, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('habits');

async function openSized(turns: MockTurn[], width: number, height: number, env: Record<string, string | undefined> = {}): Promise<TmuxPane> {
  const server: MockLlmServer = await startMockLlmServer({ turns });
  fx.server = server;
  const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
  const command = reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test', VISUAL: undefined, EDITOR: undefined, ...env } });
  const pane = await fx.tmux.start({ command, cwd: fx.cwd, width, height });
  fx.pane = pane;
  await pane.waitFor('Type a message', 20_000);
  return pane;
}

/** The text of the newest user message the mock model received. */
function lastUserText(server: MockLlmServer): string {
  const messages = (server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
  if (typeof content === 'string') return content;
  return (content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
}

/** The rule above the prompt: the line before the prompt's first row. */
const ruleLine = (screen: string): string => {
  const rows = screen.split('\n');
  return rows[rows.lastIndexOf(promptLine(screen)) - 1] ?? '';
};

describe('prompt habits in the TUI', () => {
  it('Ctrl+G edits the prompt in $EDITOR, hands it the keyboard, and a failing editor leaves the prompt as it was', async () => {
    // The editor rewrites "fail" by failing, "ask" by asking a line on the terminal, anything else with fixed words.
    // Asking, it dozes before it reads, as an editor busy drawing would: a line typed meanwhile must wait for it, not go to rein.
    const editor = join(fx.cwd, 'editor.sh');
    writeFileSync(
      editor,
      ['#!/bin/sh', 'case "$(cat "$1")" in', '  fail) exit 3 ;;', '  ask) printf "editor asks: "; sleep 1; read line; printf "%s" "$line" > "$1" ;;', '  *) printf "edited text" > "$1" ;;', 'esac', ''].join('\n'),
    );
    chmodSync(editor, 0o755);
    const p = await openSized([{ text: 'got it' }], 80, 24, { EDITOR: editor });
    await p.sendText('words to edit');
    await p.waitFor((s) => promptLine(s) === '❯ words to edit');
    await p.sendKeys('C-g');
    let screen = await p.waitFor((s) => promptLine(s) === '❯ edited text');
    // The whole screen is back: welcome box, rule, status bar, on the alternate screen.
    expect(screen).toContain('✻ rein');
    expect(statusLine(screen)).toContain('test-model');
    expect(await p.alternateOn()).toBe(true);

    await p.sendKeys('C-u');
    await p.sendText('fail');
    await p.waitFor((s) => promptLine(s) === '❯ fail');
    await p.sendKeys('C-g');
    screen = await p.waitFor((s) => ruleLine(s).includes('did not finish'));
    expect(promptLine(screen)).toBe('❯ fail');

    // An editor that reads the terminal gets every key typed into it, the line's Enter too.
    await p.sendKeys('C-u');
    await p.sendText('ask');
    await p.waitFor((s) => promptLine(s) === '❯ ask');
    await p.sendKeys('C-g');
    await p.waitFor('editor asks:');
    expect(await p.alternateOn()).toBe(false);
    await p.sendText('typed into the editor');
    await p.sendKeys('Enter');
    screen = await p.waitFor((s) => promptLine(s) === '❯ typed into the editor');
    await p.sendKeys('Enter');
    await p.waitFor('got it');
    expect(lastUserText(fx.server!)).toContain('typed into the editor');
  });

  it('Ctrl+R searches earlier prompts at 60x20: typing narrows, Ctrl+R goes older, Esc restores, Enter takes the match', async () => {
    writeFileSync(join(fx.home, 'prompt-history.jsonl'), ['alpha one', 'beta two', 'alpha three'].map((text) => `${JSON.stringify({ text })}\n`).join(''));
    const p = await openSized([{ text: 'answer to beta' }], 60, 20);
    await p.sendText('my draft');
    await p.waitFor((s) => promptLine(s) === '❯ my draft');
    await p.sendKeys('C-r');
    await p.sendText('alp');
    let screen = await p.waitFor((s) => promptLine(s) === '❯ alpha three');
    expect(ruleLine(screen)).toContain('reverse search: "alp" · Ctrl+R older · Esc cancel');
    await p.sendKeys('C-r');
    await p.waitFor((s) => promptLine(s) === '❯ alpha one');
    await p.sendKeys('C-r');
    screen = await p.waitFor((s) => ruleLine(s).includes('no older prompt has "alp"'));
    expect(promptLine(screen)).toBe('❯ alpha one');
    await p.sendKeys('Escape');
    screen = await p.waitFor((s) => promptLine(s) === '❯ my draft' && !ruleLine(s).includes('search'));
    await p.sendKeys('C-r');
    await p.sendText('beta');
    await p.waitFor((s) => promptLine(s) === '❯ beta two');
    await p.sendKeys('Enter');
    screen = await p.waitFor((s) => promptLine(s) === '❯ beta two' && !ruleLine(s).includes('search'));
    expect(fx.server!.requests).toHaveLength(0);
    await p.sendKeys('Enter');
    await p.waitFor('answer to beta');
    expect(lastUserText(fx.server!)).toContain('beta two');
  });

  it('a 200-line bracketed paste shows as a placeholder, reaches the model whole, and shows collapsed until Ctrl+O', async () => {
    const p = await openSized([{ text: 'read all of it' }], 80, 24);
    const lines = Array.from({ length: 200 }, (_, i) => `pasted line ${i + 1}`);
    const file = join(fx.cwd, 'paste.txt');
    writeFileSync(file, `${lines.join('\n')}\n`);
    await p.sendText('look: ');
    await p.waitFor((s) => promptLine(s) === '❯ look:');
    execFileSync('tmux', ['-L', fx.tmux.socket, 'load-buffer', '-b', 'habits', file]);
    execFileSync('tmux', ['-L', fx.tmux.socket, 'paste-buffer', '-p', '-d', '-b', 'habits', '-t', p.target]);
    let screen = await p.waitFor((s) => promptLine(s) === '❯ look: [Pasted text #1 +200 lines]');
    expect(screen).not.toContain('pasted line 2');
    await p.sendKeys('Enter');
    screen = await p.waitFor('read all of it');
    expect(lastUserText(fx.server!)).toContain(`look: ${lines.join('\n')}`);
    expect(screen).toContain('❯ look: pasted line 1');
    expect(screen).toContain('… +198 lines (Ctrl+O to expand)');
    expect(screen).not.toContain('pasted line 3');
    await p.sendKeys('C-o');
    screen = await p.waitFor('pasted line 200');
    expect(screen).not.toContain('+198 lines');
  });
});
