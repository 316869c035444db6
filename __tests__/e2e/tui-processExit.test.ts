// End-to-end: whichever way the built rein TUI ends (SIGTERM, SIGHUP, tmux kill-server, a second Ctrl+C), the commands it started die with it.
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, childOf, commandPids, commandServer, killLeftovers, until } from '../support/commandPids.js';
import { continueLinePattern, promptLine, openRein, tmuxServer, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

afterEach(killLeftovers);

describe('the rein TUI stops its commands on every way out', () => {
  const fx = useTuiFixture('procexit');

  async function startWithCommands(tmux = fx.tmux): Promise<{ pane: TmuxPane; rein: number; pids: number[] }> {
    const pane = await openRein(fx, await commandServer(), ['--permission-mode', 'yolo'], tmux);
    await typeAndSend(pane, 'Start the server and the build');
    const pids = await commandPids(fx.cwd);
    const shell = await pane.panePid();
    const rein = await until('the rein process', () => childOf(shell, 'cli.js'));
    return { pane, rein, pids };
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('on %s kills the background task and the running command, and says so after the screen is restored', async (signal, code) => {
    const { pane, rein, pids } = await startWithCommands();
    process.kill(rein, signal);
    const screen = await pane.waitFor(/EXIT:\d+/);
    await allGone(pids);
    expect(await pane.alternateOn()).toBe(false);
    expect(screen).toMatch(new RegExp(`^EXIT:${code}$`, 'm'));
    expect(screen).toMatch(/^rein: Stopped 2 running commands\.$/m);
    expect(await pane.captureJoined()).toMatch(continueLinePattern(fx.cli.cliPath));
    expect(promptLine(screen)).toBe('');
  });

  it('when quit with Ctrl+C twice while both run', async () => {
    const { pane, pids } = await startWithCommands();
    await pane.sendKeys('C-c');
    await pane.waitFor('Press Ctrl+C again to exit');
    await pane.sendKeys('C-c');
    const screen = await pane.waitFor(/EXIT:\d+/);
    await allGone(pids);
    expect(screen).toMatch(/^EXIT:0$/m);
    // The first Ctrl+C interrupts the run and its command, as Esc does; quitting had to stop the background task,
    // and the foreground command too when the second Ctrl+C came before its kill had finished (a slow machine).
    expect(screen).toMatch(/^rein: Stopped [12] running commands?\.$/m);
    expect(await pane.captureJoined()).toMatch(continueLinePattern(fx.cli.cliPath));
  });

  it('when the tmux server is killed (the terminal goes away)', async () => {
    const own = tmuxServer('procexit-kill');
    try {
      const { rein, pids } = await startWithCommands(own);
      await own.close();
      await allGone([...pids, rein]);
    } finally {
      await own.close();
    }
  });
});
