// End-to-end at 80×24: a message typed while a tool runs reaches the model at the next turn boundary and shows where
// it was delivered; with focus reports on, a run that ends while the terminal is not focused rings the bell.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, reinCommand, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const run = promisify(execFile);
const fx = useTuiFixture('steering');

// Runs until the test creates the file in the working directory: the tool round is under way while the test types.
const waitFor = (file: string): string => `while [ ! -f ${file} ]; do sleep 0.05; done; echo released`;
const waitForGo = waitFor('go');

async function start(turns: MockTurn[], extra: string[] = []): Promise<TmuxPane> {
  fx.server = await startMockLlmServer({ turns });
  const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', '--permission-mode', 'yolo', ...extra];
  const command = reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } });
  fx.pane = await fx.tmux.start({ command, cwd: fx.cwd, width: 80, height: 24 });
  await fx.pane.waitFor((s) => promptLine(s).includes('Type a message'), 20_000);
  return fx.pane;
}

const tmux = async (...args: string[]): Promise<string> => (await run('tmux', ['-L', fx.tmux.socket, ...args], { encoding: 'utf8' })).stdout.trim();
/** ESC [ I or ESC [ O as the terminal sends it, followed by an `x` that must reach the prompt alone (then erased). */
async function sendFocus(pane: TmuxPane, focus: 'in' | 'out'): Promise<void> {
  await tmux('send-keys', '-t', pane.target, '-H', '1b', '5b', focus === 'in' ? '49' : '4f');
  await pane.sendText('x');
  await pane.waitFor((s) => promptLine(s) === '❯ x', 20_000);
  await pane.sendKeys('BSpace');
  await pane.waitFor((s) => promptLine(s) !== '❯ x', 20_000);
}
const bellFlag = async (pane: TmuxPane): Promise<string> => tmux('display-message', '-p', '-t', pane.target, '#{window_bell_flag}');

describe('steering in the full-screen session', () => {
  it('a message typed while a tool runs is marked for the next step, then shown after the tool and sent in round 2', async () => {
    const pane = await start([
      { toolCalls: [{ name: 'bash', input: { command: waitForGo } }] },
      { text: 'Fine, only the tests then.' },
    ]);
    await typeAndSend(pane, 'fix the build');
    await pane.waitFor(/while \[ ! -f go \]/, 20_000);
    await typeAndSend(pane, 'only run the tests');
    const waiting = await pane.waitFor('↳ next step: only run the tests', 20_000);
    expect(waiting).not.toContain('⏳ queued: only run the tests');
    writeFileSync(join(fx.cwd, 'go'), '');
    const done = await pane.waitFor('Fine, only the tests then.', 20_000);
    const rows = done.split('\n');
    const steerRow = rows.findIndex((row) => row.startsWith('❯ only run the tests'));
    expect(steerRow).toBeGreaterThan(rows.findIndex((row) => row.includes('while [ ! -f go ]')));
    expect(steerRow).toBeLessThan(rows.findIndex((row) => row.includes('Fine, only the tests then.')));
    expect(done).not.toContain('next step:');
    expect(fx.server!.requests).toHaveLength(2);
    const sent = JSON.stringify(fx.server!.requests[1]!.body.messages);
    expect(sent).toContain('only run the tests');
    expect(JSON.stringify(fx.server!.requests[0]!.body.messages)).not.toContain('only run the tests');
  });
});

describe('the bell while the terminal is not focused', () => {
  it('rings when a run ends after the terminal reported focus out, and not while it is focused', async () => {
    const pane = await start([
      { toolCalls: [{ name: 'bash', input: { command: waitForGo } }] },
      { text: 'First run done.' },
      { toolCalls: [{ name: 'bash', input: { command: waitFor('again') } }] },
      { text: 'Second run done.' },
    ]);
    // As a user's tmux.conf would have it (the server is up once a session is).
    await tmux('set', '-g', 'focus-events', 'on');
    // tmux reports focus out as soon as rein asks for reports (no client is attached): report focus in, as a
    // terminal does when its window is clicked. Keys are read in order, so once the `x` after it shows, it was read.
    await sendFocus(pane, 'in');
    // Focused: the run ends in silence.
    await typeAndSend(pane, 'first');
    await pane.waitFor(/while \[ ! -f go \]/, 20_000);
    writeFileSync(join(fx.cwd, 'go'), '');
    await pane.waitFor('First run done.', 20_000);
    await pane.waitFor((s) => promptLine(s).includes('Type a message'), 20_000);
    expect(await bellFlag(pane)).toBe('0');
    // The terminal reports focus out during the next run; the report is read, never typed.
    await typeAndSend(pane, 'second');
    await pane.waitFor(/while \[ ! -f again \]/, 20_000);
    await sendFocus(pane, 'out');
    expect(await bellFlag(pane)).toBe('0');
    writeFileSync(join(fx.cwd, 'again'), '');
    await pane.waitFor('Second run done.', 20_000);
    await vi.waitFor(async () => expect(await bellFlag(pane)).toBe('1'), { timeout: 20_000, interval: 50 });
  });
});
