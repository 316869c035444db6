// End-to-end: --max-budget-usd in the full-screen session: the run that passes the cap stops and says so, and the
// next message stops before any request, since the spend is still past the cap.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('budget');

/** The transcript as one line: notices wrap at the transcript's width. */
const flat = (screen: string) => screen.split('\n').map((line) => line.split('│')[0].trim()).join(' ');

describe('--max-budget-usd in the TUI', () => {
  it('stops the run that passes the cap, says so, and stops the next one before it sends anything', async () => {
    const server = await startMockLlmServer({ turns: [
      // gpt-4.1: 1000 prompt tokens at $2/M and 100 output at $8/M = $0.0028.
      { toolCalls: [{ name: 'bash', input: { command: 'touch ran.txt' } }], usage: { inputTokens: 1000, outputTokens: 100 } },
      { text: 'never reached' },
    ] });
    const pane = await openRein(fx, server, ['--model', 'gpt-4.1', '--permission-mode', 'yolo', '--max-budget-usd', '0.002']);
    await typeAndSend(pane, 'Make the file');
    const stopped = await pane.waitFor((s) => flat(s).includes('this session has spent $0.0028') && promptLine(s).includes('Type a message'));
    expect(flat(stopped)).toContain('Reached maximum budget ($0.002): this session has spent $0.0028 (--max-budget-usd).');
    expect(existsSync(join(fx.cwd, 'ran.txt'))).toBe(false);
    await typeAndSend(pane, 'Try again');
    await pane.waitFor((s) => flat(s).split('Reached maximum budget').length - 1 === 2 && promptLine(s).includes('Type a message'));
    expect(server.requests).toHaveLength(1);
  });
});
