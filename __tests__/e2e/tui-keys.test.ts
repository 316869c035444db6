// End-to-end: the built CLI in tmux with the mouse wheel, a key remapped in agent.config.json, the approval
// dialog on a 20×6 screen, and the status bar's live clock during a slow stream.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { openRein, promptLine, reinCommand, statusLine, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('keys');

/** rein at a given size (openRein's is 120×40), against `turns`, waiting for the prompt. */
async function openSized(turns: MockTurn[], width: number, height: number): Promise<TmuxPane> {
  const server: MockLlmServer = await startMockLlmServer({ turns });
  fx.server = server;
  const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
  const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width, height });
  fx.pane = pane;
  await pane.waitFor('Type a message', 20_000);
  return pane;
}

/** The pane's mouse modes as tmux tracks them: button reporting (1000) and the SGR encoding (1006). */
const mouseModes = (p: TmuxPane): string =>
  execFileSync('tmux', ['-L', fx.tmux.socket, 'display-message', '-p', '-t', p.target, '#{mouse_standard_flag}#{mouse_sgr_flag}'], { encoding: 'utf8' }).trim();

/** An SGR wheel report at a 1-based cell, as a terminal sends it with mouse reporting on. */
const wheel = (direction: 'up' | 'down', column: number, row: number): string => `\x1b[<${direction === 'up' ? 64 : 65};${column};${row}M`;

describe('keys and mouse in the TUI', () => {
  it('the mouse wheel over the transcript scrolls it, over the sidebar it does not, and no report is typed', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `answer line ${i + 1}`).join('\n');
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text: lines }] }));
    await typeAndSend(p, 'Print sixty lines.');
    await p.waitFor((s) => s.includes('answer line 60') && promptLine(s).includes('Type a message'));
    // The sidebar takes the right 33 columns of 120.
    await p.sendText(wheel('up', 110, 5));
    await p.sendText(wheel('up', 10, 5));
    let screen = await p.waitFor('↑ Scrolled up 3 lines');
    await p.sendText(wheel('up', 10, 5) + wheel('up', 10, 5));
    screen = await p.waitFor('↑ Scrolled up 9 lines');
    expect(screen).not.toContain('answer line 60');
    await p.sendText(wheel('down', 10, 5));
    await p.waitFor('↑ Scrolled up 6 lines');
    await p.sendText(wheel('down', 10, 5) + wheel('down', 10, 5));
    screen = await p.waitFor((s) => s.includes('answer line 60') && !s.includes('Scrolled up'));
    // A click and its release are dropped: the prompt stays empty.
    await p.sendText('\x1b[<0;10;5M\x1b[<0;10;5m');
    await p.sendText('x');
    screen = await p.waitFor((s) => promptLine(s).startsWith('❯ x'));
    expect(promptLine(screen).trimEnd()).toBe('❯ x');
    // Mouse reporting is on while rein runs and off again once it is gone.
    expect(mouseModes(p)).toBe('11');
    await p.sendKeys('C-u');
    await typeAndSend(p, '/exit');
    await p.waitFor('EXIT:0');
    expect(mouseModes(p)).toBe('00');
  });

  it('a key remapped in agent.config.json toggles the sidebar; Ctrl+B does not', async () => {
    writeFileSync(join(fx.cwd, 'agent.config.json'), '{ "keys": { "toggleSidebar": "ctrl+g" } }\n');
    const p = await openRein(fx, await startMockLlmServer({ turns: [] }));
    await p.waitFor('Todos 0/0');
    await p.sendKeys('C-b');
    await p.sendKeys('C-y');
    await p.sendText('z');
    await p.waitFor((s) => promptLine(s).startsWith('❯ z'));
    expect(await p.capture()).toContain('Todos 0/0');
    await p.sendKeys('C-g');
    await p.waitFor((s) => !s.includes('Todos 0/0'));
    await p.sendKeys('C-g');
    await p.waitFor('Todos 0/0');
    // /help names the key in force.
    await p.sendKeys('C-u');
    await typeAndSend(p, '/help');
    await p.waitFor('Ctrl+G: show or hide the sidebar');
  });

  it('a key that cannot be bound stops rein with one message naming the file and the key', async () => {
    writeFileSync(join(fx.cwd, 'agent.config.json'), '{ "keys": { "openTasks": "ctrl+c" } }\n');
    const server = await startMockLlmServer({ turns: [] });
    fx.server = server;
    const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
    fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
    const screen = await fx.pane.waitFor('EXIT:2', 20_000);
    // The message wraps at the pane's width.
    expect(screen.replace(/\n/g, '')).toContain(`Invalid config in ${join(fx.cwd, 'agent.config.json')} at /keys/openTasks: "ctrl+c" cannot be bound: it interrupts and quits.`);
  });

  it('on a 20×6 screen the approval dialog shows the whole command and y runs it', async () => {
    const p = await openSized(
      [{ toolCalls: [{ name: 'bash', input: { command: 'echo tiny-ok' } }] }, { text: 'Ran it.' }],
      20,
      6,
    );
    await typeAndSend(p, 'go');
    const screen = await p.waitFor('Allow bash?');
    const rows = screen.split('\n');
    expect(rows.some((row) => row.includes('$ echo tiny-ok'))).toBe(true);
    await p.sendKeys('y');
    await p.waitFor('Ran it.');
    expect(JSON.stringify(fx.server?.requests[1].body.messages)).toContain('tiny-ok');
  });

  it('while a slow answer streams, the status bar counts seconds and tokens', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text, chunkDelayMs: 120, chunkSize: 6 }] }));
    await typeAndSend(p, 'Answer slowly.');
    // The answer takes about 5 s: the clock passes 2 s with tokens counted before the end arrives.
    const screen = await p.waitFor((s) => /↓[1-9]\d* · [2-9]s/.test(statusLine(s)), 15_000);
    expect(screen).not.toContain('word39');
    const done = await p.waitFor((s) => s.includes('word39') && promptLine(s).includes('Type a message'), 15_000);
    expect(statusLine(done)).not.toMatch(/ · \d+s ·/);
  });

  it('an emoji with a skin tone leaves the sidebar border in its column', async () => {
    const p = await openRein(fx, await startMockLlmServer({ turns: [{ text: 'Looks good 👍🏽 ship it.\n\nAnd again: 👍🏽👍🏿 done.' }] }));
    await typeAndSend(p, 'Review 👍🏽 please');
    const screen = await p.waitFor((s) => s.includes('done.') && promptLine(s).includes('Type a message'));
    // tmux 3.3 draws 👍🏽 as 4 cells (2 + 2), and capture-pane gives 4 UTF-16 units for them, so a string index is a
    // column here. The sidebar is the right 33 of 120 columns: its border is column 87 on every row.
    const rows = screen.split('\n').filter((row) => row.includes('👍'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect([row, row.lastIndexOf('│')]).toEqual([row, 87]);
  });
});
