// End-to-end: a markdown answer streamed into the built CLI at 80x24 and 60x20 (and across a resize) leaves the
// same pane as a whole repaint: Ctrl+L after stray bytes were written over the screen brings back exactly it.
import { openSync, writeSync, closeSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { reinCommand, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const run = promisify(execFile);
const fx = useTuiFixture('screen');

const answer = [
  '## Where the frame goes wrong',
  '',
  'When a row of the screen changes only in blanks at its end, the writer sends nothing for it, and the next row has to be placed by its own address. ',
  'This paragraph is long enough to wrap several times on a narrow terminal, and it ends with a space. ',
  '',
  '- the **first** point, with `inline code` in it',
  '- the second point, which is also long enough to wrap on a sixty-column screen',
  '',
  '> a quoted line that a model wrote',
  '',
  '```make',
  'build:',
  '\tgo build ./...',
  '```',
  '',
  '| tool | what it does |',
  '|---|---|',
  '| frameWriter | sends only the rows that changed since the last frame, one synchronized write each |',
  '',
  'The answer ends here.',
].join('\n');

async function startAt(width: number, height: number): Promise<TmuxPane> {
  const server = await startMockLlmServer({ turns: [{ text: answer, chunkSize: 4, chunkDelayMs: 3 }] });
  fx.server = server;
  const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
  const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width, height });
  fx.pane = pane;
  await pane.waitFor('Type a message', 20_000);
  return pane;
}

/** Writes bytes straight to the pane's terminal, as another program might: they land on rein's screen. */
async function scribble(pane: TmuxPane): Promise<void> {
  const tty = (await run('tmux', ['-L', fx.tmux.socket, 'display-message', '-p', '-t', pane.target, '#{pane_tty}'], { encoding: 'utf8' })).stdout.trim();
  const fd = openSync(tty, 'w');
  try {
    writeSync(fd, '\x1b[3;3HSCRIBBLED-OVER\x1b[8;1HSCRIBBLED-OVER');
  } finally {
    closeSync(fd);
  }
}

/** The pane once the answer is whole, then the pane after stray bytes and Ctrl+L: the two must be the same. */
async function expectRepaintMatches(pane: TmuxPane): Promise<void> {
  const built = await pane.waitFor((screen) => screen.includes('The answer ends here.') && !/Working/.test(screen), 30_000);
  await scribble(pane);
  await pane.waitFor('SCRIBBLED-OVER', 10_000);
  await pane.sendKeys('C-l');
  const repainted = await pane.waitFor((screen) => !screen.includes('SCRIBBLED-OVER'), 10_000);
  expect(repainted).toBe(built);
}

describe('the screen built frame by frame equals a repaint, in tmux', () => {
  for (const [width, height] of [[80, 24], [60, 20]] as const) {
    it(`at ${width}x${height}`, async () => {
      const pane = await startAt(width, height);
      await typeAndSend(pane, 'explain the frame writer');
      await expectRepaintMatches(pane);
    });
  }

  it('after resizes while the answer streams (80x24 to 60x20 and back to 70x22)', async () => {
    const pane = await startAt(80, 24);
    await typeAndSend(pane, 'explain the frame writer');
    const resize = (w: number, h: number) => run('tmux', ['-L', fx.tmux.socket, 'resize-window', '-t', pane.target, '-x', String(w), '-y', String(h)]);
    await pane.waitFor('Where the frame goes wrong', 20_000);
    await resize(60, 20);
    await pane.waitFor('first', 20_000);
    await resize(70, 22);
    await expectRepaintMatches(pane);
  });
});
