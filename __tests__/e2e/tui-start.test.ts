// End-to-end: how a session starts and takes keys in the built CLI: keys read together, a resumed session's mode, a first message given on the command line.
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promptLine, reinCommand, statusLine, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('start');

async function startRein(turns: MockTurn[], extraArgs: string[] = []): Promise<TmuxPane> {
  fx.server = await startMockLlmServer({ turns });
  const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', ...extraArgs];
  fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
  return fx.pane;
}

/** The bytes of `text` as send-keys -H wants them: one hex pair per byte, all written to the pane at once. */
const hex = (text: string): string[] => [...Buffer.from(text, 'utf8')].map((byte) => byte.toString(16).padStart(2, '0'));

describe('rein TUI keys in tmux', () => {
  it('draws its first frame without an Intl.Segmenter (Node\'s first costs 15-20 ms) and makes one when typed text needs it', async () => {
    fx.server = await startMockLlmServer({ turns: [] });
    const counted = join(fx.home, 'segmenters.txt');
    const env = { OPENAI_API_KEY: 'sk-test', NODE_OPTIONS: `--require ${resolve('__tests__/fixtures/preload/segmenters.cjs')}`, REIN_TEST_SEGMENTERS_FILE: counted };
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env }), cwd: fx.cwd });
    fx.pane = p;
    await p.waitFor('Type a message', 20_000);
    expect(readFileSync(counted, 'utf8')).toBe('0');
    await p.sendKeys('-H', ...hex('\u65E5\u672C \u{1F44D}\u{1F3FD} ok'));
    await p.waitFor((s) => promptLine(s).includes('ok'));
    expect(promptLine(await p.capture())).toContain('\u65E5\u672C');
    expect(Number(readFileSync(counted, 'utf8'))).toBeGreaterThan(0);
  });

  it("draws its first frame having loaded every Node module it needed ahead of V8's flags", async () => {
    // Loaded after them, each compiles without Node's code cache (source/cli/builtinsFirst.ts).
    fx.server = await startMockLlmServer({ turns: [] });
    const afterFlags = join(fx.home, 'after-flags.txt');
    const env = {
      OPENAI_API_KEY: 'sk-test', NODE_OPTIONS: `--require ${resolve('__tests__/fixtures/preload/builtinsAfterFlags.cjs')}`,
      REIN_TEST_AFTER_FLAGS_FILE: afterFlags, REIN_TEST_AFTER_FLAGS_AT: 'frame',
    };
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env }), cwd: fx.cwd });
    await fx.pane.waitFor('Type a message', 20_000);
    expect(readFileSync(afterFlags, 'utf8').split('\n').filter(Boolean)).toEqual([]);
  });

  it('acts on every control key in a burst of typing, in order', async () => {
    const p = await startRein([]);
    await p.waitFor('Type a message', 20_000);
    await p.sendKeys('-H', ...hex('abc\x7fd'));
    await p.waitFor((s) => promptLine(s) === '❯ abd');
    await p.sendKeys('-H', ...hex(' two words\x17\x17X'));
    await p.waitFor((s) => promptLine(s) === '❯ abd X');
    await p.sendKeys('-H', ...hex('\x15fresh'));
    await p.waitFor((s) => promptLine(s) === '❯ fresh');
    expect(fx.server?.requests).toHaveLength(0);
  });

  it('--continue with another --permission-mode shows that mode and approves by it', async () => {
    const first = await startRein([{ text: 'Noted.' }]);
    await first.waitFor('Type a message', 20_000);
    await typeAndSend(first, 'Remember this.');
    await first.waitFor((s) => s.includes('Noted.') && promptLine(s).includes('Type a message'));
    expect(statusLine(await first.capture())).toContain('· ask ·');
    await typeAndSend(first, '/exit');
    await first.waitFor(/EXIT:0/);
    await first.kill();
    await fx.server?.close();

    const p = await startRein([{ toolCalls: [{ name: 'bash', input: { command: 'echo done > made.txt' } }] }, { text: 'Made it.' }], ['--continue', '--permission-mode', 'yolo']);
    const resumed = await p.waitFor((s) => s.includes('Remember this.') && promptLine(s).includes('Type a message'), 20_000);
    expect(statusLine(resumed)).toContain('· yolo ·');
    await typeAndSend(p, 'Make the file.');
    // Under yolo the command runs without a dialog.
    const end = await p.waitFor('Made it.');
    expect(end).not.toMatch(/Allow|\(y\)es/);
    expect(existsSync(join(fx.cwd, 'made.txt'))).toBe(true);
    expect(statusLine(await p.capture())).toContain('· yolo ·');
  });

  it('rein "task" opens the session with that first message sent', async () => {
    const p = await startRein([{ text: 'Looking at the tests now.' }], ['fix the tests']);
    const screen = await p.waitFor('Looking at the tests now.', 20_000);
    expect(screen).toMatch(/^❯ fix the tests/m);
    const users = (fx.server?.requests[0].body.messages as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user');
    expect(JSON.stringify(users.at(-1)?.content)).toContain('fix the tests');
  });

  it('a session that collects its garbage between tasks leaves a code cache the next start uses as it is', async () => {
    // V8 refuses code cached under other flags: one set during the session (the full collection, once wanted) would
    // make every next start refuse the chunks' cache, written at exit, and write it again.
    const flagsFile = join(fx.home, 'v8flags.txt');
    const env = { OPENAI_API_KEY: 'sk-test', NODE_OPTIONS: `--require ${resolve('__tests__/fixtures/preload/v8flags.cjs')}`, REIN_TEST_V8_FLAGS_FILE: flagsFile };
    const flags = (): string[] => readFileSync(flagsFile, 'utf8').split('\n').filter(Boolean);
    const cacheFiles = (): Record<string, number> => {
      const folder = join(fx.home, 'cache', 'code');
      return Object.fromEntries(readdirSync(folder).map((name) => [name, statSync(join(folder, name)).ino]));
    };
    const session = async (answer: string): Promise<void> => {
      fx.server = await startMockLlmServer({ turns: [{ text: answer }] });
      const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
      const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env }), cwd: fx.cwd });
      fx.pane = p;
      await p.waitFor('Type a message', 20_000);
      const atStart = flags().length;
      await typeAndSend(p, 'Say something.');
      await p.waitFor((s) => s.includes(answer) && promptLine(s).includes('Type a message'));
      // The collection after the task asks for its flag again.
      await p.waitFor(() => flags().length > atStart && flags().at(-1) === '--expose-gc');
      await typeAndSend(p, '/exit');
      await p.waitFor(/EXIT:0/);
      await p.kill();
      fx.pane = undefined;
      await fx.server.close();
      fx.server = undefined;
    };
    await session('First answer.');
    const written = cacheFiles();
    expect(Object.keys(written).length).toBeGreaterThan(10);
    await session('Second answer.');
    expect(cacheFiles()).toEqual(written);
  });

  it('a session ended by closing its terminal keeps its code cache, and the next start uses it', async () => {
    // A signal emits no 'exit', where the caches were once written: each such start left the next to compile again.
    const folder = join(fx.home, 'cache', 'code');
    const cacheFiles = (): Record<string, number> =>
      existsSync(folder) ? Object.fromEntries(readdirSync(folder).map((name) => [name, statSync(join(folder, name)).ino])) : {};
    const first = await startRein([]);
    await first.waitFor('Type a message', 20_000);
    // tmux sends the session SIGHUP, as closing a terminal window does, and waits for rein to end.
    await first.kill();
    fx.pane = undefined;
    await fx.server?.close();
    const written = cacheFiles();
    expect(Object.keys(written).length).toBeGreaterThan(10);
    const second = await startRein([]);
    await second.waitFor('Type a message', 20_000);
    await typeAndSend(second, '/exit');
    await second.waitFor(/EXIT:0/);
    const after = cacheFiles();
    for (const [name, inode] of Object.entries(written)) expect(after[name], name).toBe(inode);
  });
});
