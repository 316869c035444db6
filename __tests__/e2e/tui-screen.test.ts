// End-to-end: a markdown answer streamed into the built CLI at 80x24 and 60x20, at 120x40 beside the sidebar (and across a resize) leaves the
// same pane as a whole repaint: Ctrl+L after stray bytes were written over the screen brings back exactly it, text
// and colours, both once the answer is whole and while it is still streaming.
import { openSync, writeSync, closeSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import xterm from '@xterm/headless';
import { spinnerFrames } from '../../components/view/spinner.js';
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

/** The answer up to this line arrives in 4-character deltas; then the stream stays open and sends nothing more. */
const pausedAt = 'The stream pauses after this line.';
const pausedPrefix = `${answer.slice(0, answer.indexOf('> a quoted'))}${pausedAt}\n`.padEnd(4 * Math.ceil((answer.indexOf('> a quoted') + pausedAt.length + 1) / 4), ' ');

async function startAt(width: number, height: number, turn: MockTurn = { text: answer, chunkSize: 4, chunkDelayMs: 3 }): Promise<TmuxPane> {
  const server = await startMockLlmServer({ turns: [turn] });
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

/**
 * The pane cell by cell with colours and attributes: capture-pane -e played into a headless terminal of the pane's
 * size and read back. A blank cell keeps only what shows on it (background, inverse): a cell a row patch erased and
 * one never written look the same, though tmux reports them with different styles. `live` makes a running turn's
 * spinner frames alike and every number one cell (elapsed seconds, token counts).
 */
async function captureStyled(pane: TmuxPane, live: boolean): Promise<string> {
  const target = ['-t', pane.target];
  const [size, styled] = await Promise.all([
    run('tmux', ['-L', fx.tmux.socket, 'display-message', '-p', ...target, '#{pane_width}x#{pane_height}'], { encoding: 'utf8' }),
    run('tmux', ['-L', fx.tmux.socket, 'capture-pane', '-e', '-p', ...target], { encoding: 'utf8' }),
  ]);
  const [cols, rows] = size.stdout.trim().split('x').map(Number);
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((done) => term.write(styled.stdout.replace(/\n$/, '').replaceAll('\n', '\r\n'), done));
  const cell = term.buffer.active.getNullCell();
  const out: string[] = [];
  for (let y = 0; y < rows; y++) {
    const line = term.buffer.active.getLine(y);
    const cells: string[] = [];
    for (let x = 0; line && x < cols; x++) {
      line.getCell(x, cell);
      if (cell.getWidth() === 0) continue;
      let chars = cell.getChars() || ' ';
      if (live && spinnerFrames.includes(chars)) chars = '*';
      if (live && /\d/.test(chars)) chars = 'N';
      const back = `${cell.isBgDefault() ? 'default' : `${cell.getBgColorMode()}.${cell.getBgColor()}`}.${cell.isInverse()}`;
      const fore = `${cell.getFgColorMode()}.${cell.getFgColor()}.${[cell.isBold(), cell.isDim(), cell.isItalic(), cell.isUnderline(), cell.isStrikethrough()].map(Number).join('')}`;
      const encoded = chars === ' ' ? `${chars}{${back}}` : `${chars}{${back}.${fore}}`;
      if (!(chars === 'N' && cells.at(-1) === encoded)) cells.push(encoded);
    }
    while (cells.at(-1) === ' {default.false}') cells.pop();
    out.push(cells.join(''));
  }
  term.dispose();
  return out.join('\n');
}

/** Polls the styled pane until it has read the same three times 300 ms apart. */
async function stableStyled(pane: TmuxPane, live: boolean): Promise<string> {
  let last = '';
  let same = 0;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const now = await captureStyled(pane, live);
    same = now === last ? same + 1 : 0;
    if (same >= 2) return now;
    last = now;
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`the pane kept changing:\n${last}`);
}

/** The pane as the stream left it, then the pane after stray bytes and Ctrl+L: the two must be the same, text and styles. */
async function expectRepaintMatches(pane: TmuxPane): Promise<void> {
  const built = await pane.waitFor((screen) => screen.includes('The answer ends here.') && !/Working/.test(screen), 30_000);
  const builtStyled = await stableStyled(pane, false);
  await scribble(pane);
  await pane.waitFor('SCRIBBLED-OVER', 10_000);
  await pane.sendKeys('C-l');
  const repainted = await pane.waitFor((screen) => !screen.includes('SCRIBBLED-OVER'), 10_000);
  expect(repainted).toBe(built);
  expect(await stableStyled(pane, false)).toBe(builtStyled);
}

/** As expectRepaintMatches, in the middle of a stream that has stopped sending after `pausedAt`, spinner turning. */
async function expectRepaintMatchesMidStream(pane: TmuxPane): Promise<void> {
  const shown = await pane.waitFor((screen) => screen.includes(pausedAt) && /Working/.test(screen), 30_000);
  expect(shown).not.toContain('The answer ends here.');
  const built = await stableStyled(pane, true);
  await scribble(pane);
  await pane.waitFor('SCRIBBLED-OVER', 10_000);
  await pane.sendKeys('C-l');
  await pane.waitFor((screen) => !screen.includes('SCRIBBLED-OVER'), 10_000);
  expect(await stableStyled(pane, true)).toBe(built);
}

describe('the screen built frame by frame equals a repaint, in tmux', () => {
  for (const [width, height] of [[80, 24], [60, 20]] as const) {
    it(`at ${width}x${height}`, async () => {
      const pane = await startAt(width, height);
      await typeAndSend(pane, 'explain the frame writer');
      await expectRepaintMatches(pane);
    });
  }

  it('at 120x40, scrolling beside the sidebar', async () => {
    // Enough rows to scroll the transcript several times while the sidebar beside it stays put.
    const preface = Array.from({ length: 45 }, (_, i) => `- point ${i + 1} of a preface long enough to scroll the transcript`).join('\n');
    const pane = await startAt(120, 40, { text: `${preface}\n\n${answer}`, chunkSize: 4, chunkDelayMs: 2 });
    await typeAndSend(pane, 'explain the frame writer');
    await expectRepaintMatches(pane);
  });

  for (const [width, height] of [[80, 24], [60, 20]] as const) {
    it(`at ${width}x${height}, mid-stream`, async () => {
      const steps = 1 + pausedPrefix.length / 4;
      const pane = await startAt(width, height, { text: `${pausedPrefix}${answer}`, chunkSize: 4, chunkDelayMs: 3, fault: { kind: 'hang', afterSteps: steps } });
      await typeAndSend(pane, 'explain the frame writer');
      await expectRepaintMatchesMidStream(pane);
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
