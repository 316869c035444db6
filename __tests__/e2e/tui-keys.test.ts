// End-to-end: keys that reach the built CLI together in one read, and a first message given on the command line.
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, reinCommand, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('keys');

async function startRein(turns: MockTurn[], extraArgs: string[] = []): Promise<TmuxPane> {
  fx.server = await startMockLlmServer({ turns });
  const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', ...extraArgs];
  fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
  return fx.pane;
}

/** The bytes of `text` as send-keys -H wants them: one hex pair per byte, all written to the pane at once. */
const hex = (text: string): string[] => [...Buffer.from(text, 'utf8')].map((byte) => byte.toString(16).padStart(2, '0'));

describe('rein TUI keys in tmux', () => {
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
});
