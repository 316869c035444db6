// End-to-end: leaving the full-screen TUI in tmux (/exit, Ctrl+C twice, Ctrl+D, the setup screen) gives the terminal back.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { childOf, isRunning, until } from '../support/commandPids.js';
import { continueLinePattern, openRein, promptLine, reinCommand, tmuxServer, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('exit');

/** Starts rein against a mock server that answers every request, has one exchange, and checks it runs full screen. */
async function startChattedRein(): Promise<TmuxPane> {
  const pane = await openRein(fx, await startMockLlmServer({ respond: () => ({ text: 'Hello there.', usage: { inputTokens: 1234, outputTokens: 56 } }) }));
  expect(await pane.alternateOn()).toBe(true);
  expect(await pane.canCaptureAlternate()).toBe(true);
  await typeAndSend(pane, 'Say hello');
  await pane.waitFor((s) => s.includes('Hello there.') && promptLine(s).includes('Type a message'));
  return pane;
}

/** After rein is gone: the main screen is back with the usage line and the exit code, and none of rein's frame. */
async function expectTerminalRestored(p: TmuxPane, exit: RegExp): Promise<string> {
  const screen = await p.waitFor(exit);
  expect(await p.alternateOn()).toBe(false);
  expect(await p.canCaptureAlternate()).toBe(false);
  for (const frameText of ['Type a message', '(openai) ·', 'Todos', 'Background', '────', 'Hello there.'])
    expect(screen).not.toContain(frameText);
  return screen;
}

describe('leaving the rein TUI', () => {
  it('/exit leaves the alternate screen and prints the usage line and exit code 0', async () => {
    const p = await startChattedRein();
    await typeAndSend(p, '/exit');
    const screen = await expectTerminalRestored(p, /EXIT:\d+/);
    expect(screen).toMatch(/^rein: 1,234 tokens in, 56 out$/m);
    expect(screen).toMatch(/^EXIT:0$/m);
    // The closing line names the session and how to continue it, and that session is on disk.
    const id = continueLinePattern(fx.cli.cliPath).exec(await p.captureJoined())?.[1];
    expect(id).toBeDefined();
    expect(existsSync(join(fx.home, 'sessions', id!, 'log.jsonl'))).toBe(true);
  });

  it('opening and quitting without a prompt leaves no session behind and names none', async () => {
    fx.server = await startMockLlmServer({ respond: () => ({ text: 'unused' }) });
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
    fx.pane = pane;
    await pane.waitFor('Type a message', 20_000);
    await pane.sendKeys('C-d');
    const screen = await expectTerminalRestored(pane, /EXIT:\d+/);
    expect(screen).toMatch(/^EXIT:0$/m);
    expect(screen).not.toContain('Continue with');
    const sessions = join(fx.home, 'sessions');
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  });

  it('rein -p at a terminal names the session and how to continue it on stderr', async () => {
    fx.server = await startMockLlmServer({ respond: () => ({ text: 'Hello there.' }) });
    const args = ['-p', 'Say hello', '--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    const command = reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } });
    // stdout goes to a file, so what the pane shows is stderr alone.
    const pane = await fx.tmux.start({ command: command.replace('; echo "EXIT', ' > out.txt; echo "EXIT'), cwd: fx.cwd });
    fx.pane = pane;
    const screen = await pane.waitFor(/EXIT:\d+/, 20_000);
    expect(screen).toMatch(/^EXIT:0$/m);
    const id = continueLinePattern(fx.cli.cliPath).exec(await pane.captureJoined())?.[1];
    expect(id).toBeDefined();
    expect(existsSync(join(fx.home, 'sessions', id!, 'log.jsonl'))).toBe(true);
    expect(readFileSync(join(fx.cwd, 'out.txt'), 'utf8')).toBe('Hello there.\n');
  });

  it('Ctrl+C once only warns; a second Ctrl+C exits and restores the terminal', async () => {
    const p = await startChattedRein();
    await p.sendText('draft text');
    await p.waitFor((s) => promptLine(s) === '❯ draft text');
    await p.sendKeys('C-c');
    // The first Ctrl+C clears the prompt and arms the exit; rein is still running.
    const armed = await p.waitFor('Press Ctrl+C again to exit');
    expect(promptLine(armed)).not.toContain('draft text');
    expect(await p.alternateOn()).toBe(true);
    await p.sendKeys('C-c');
    const screen = await expectTerminalRestored(p, /EXIT:\d+/);
    expect(screen).toMatch(/^rein: 1,234 tokens in, 56 out$/m);
    expect(screen).toMatch(/^EXIT:0$/m);
  });

  it('Ctrl+D on an empty prompt exits', async () => {
    const p = await startChattedRein();
    await p.sendKeys('C-d');
    const screen = await expectTerminalRestored(p, /EXIT:\d+/);
    expect(screen).toMatch(/^rein: [\d,]+ tokens in, [\d,]+ out/m);
    expect(screen).toMatch(/^EXIT:0$/m);
  });

  it('closing the terminal before the first prompt leaves no session folder behind', async () => {
    fx.server = await startMockLlmServer({ respond: () => ({ text: 'unused' }) });
    const own = tmuxServer('exit-hangup');
    try {
      const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
      const pane = await own.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
      await pane.waitFor('Type a message', 20_000);
      const shellPid = await pane.panePid();
      const rein = await until('the rein process', () => childOf(shellPid, 'cli.js'));
      const sessions = join(fx.home, 'sessions');
      // The open session has its folder; nothing is saved in it yet.
      expect(readdirSync(sessions)).toHaveLength(1);
      await own.close();
      await until('rein to end after the hang-up', () => !isRunning(rein), 20_000);
      expect(readdirSync(sessions)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('without an API key shows the setup screen naming ANTHROPIC_API_KEY, and quitting restores the terminal', async () => {
    const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: ['--provider', 'anthropic'], home: fx.home }), cwd: fx.cwd });
    fx.pane = pane;
    const setup = await pane.waitFor('rein needs setting up', 20_000);
    expect(setup).toContain('ANTHROPIC_API_KEY');
    expect(await pane.alternateOn()).toBe(true);
    await pane.sendKeys('q');
    const screen = await pane.waitFor(/EXIT:\d+/);
    expect(await pane.alternateOn()).toBe(false);
    expect(await pane.canCaptureAlternate()).toBe(false);
    // What the screen said stays on the normal screen (printed there), without the screen's key hint.
    expect(screen).toContain('rein needs setting up');
    expect(screen).toContain('ANTHROPIC_API_KEY');
    expect(screen).not.toContain('Press q');
    // Nothing ran, so there is no usage line; exit code 2 (configuration), as in headless mode.
    expect(screen).not.toMatch(/tokens in/);
    expect(screen).toMatch(/^EXIT:2$/m);
  });
});
