// End-to-end: what a person reads on small screens: a background command's own line (the model keeps its
// instructions), and the no-key setup screen, wrapped with its indent at 60 columns and left on the screen on quit.
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { reinCommand, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('clarity');

describe('clear to a person', () => {
  it('a background command shows "Running in the background as bg1" at 80x24; the model is told how to read it', async () => {
    fx.server = await startMockLlmServer({
      turns: [{ toolCalls: [{ name: 'bash', input: { command: 'echo up; sleep 30', run_in_background: true } }] }, { text: 'The server is starting.' }],
    });
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', '--permission-mode', 'yolo'];
    const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width: 80, height: 24 });
    fx.pane = pane;
    await pane.waitFor('Type a message', 20_000);
    await typeAndSend(pane, 'Start the server');
    const screen = await pane.waitFor('The server is starting.', 20_000);
    expect(screen).toMatch(/⎿ Running in the background as bg1 · \/tasks lists it/);
    expect(screen).not.toMatch(/bash_output|kill_task|you will be told/);
    // The model's own text is unchanged.
    expect(JSON.stringify(fx.server.requests[1].body)).toContain('Read its output with bash_output (task_id \\"bg1\\")');
  });

  it('the setup screen at 60x20 gives a whole Ollama command, keeps its indent, and stays on the screen after q', async () => {
    const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: ['--provider', 'anthropic'], home: fx.home }), cwd: fx.cwd, width: 60, height: 20 });
    fx.pane = pane;
    const setup = await pane.waitFor('Press q, Enter or Esc to quit.', 20_000);
    expect(await pane.alternateOn()).toBe(true);
    // The local-server line is too long for 60 columns: its rest is indented under its start, never at the margin.
    const lines = setup.split('\n');
    const first = lines.findIndex((line) => line.includes('rein --provider openai --base-url'));
    expect(first).toBeGreaterThan(0);
    expect(lines[first]).toMatch(/^ {4}rein --provider openai/);
    expect(lines[first + 1]).toMatch(/^ {6}http:\/\/localhost:11434\/v1 --model <name>$/);
    expect(lines[first + 2]).toMatch(/^ {6}a local server/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);

    await pane.sendKeys('q');
    const after = await pane.waitFor(/EXIT:\d+/);
    expect(await pane.alternateOn()).toBe(false);
    // What the screen said is still there to copy from, without the key hint of a screen that is gone.
    expect(after).toContain('rein needs setting up');
    expect(after).toContain('set ANTHROPIC_API_KEY');
    expect(after).toMatch(/^ {6}http:\/\/localhost:11434\/v1 --model <name>$/m);
    expect(after).toContain('Then start rein again.');
    expect(after).not.toContain('Press q');
    expect(after).toMatch(/^EXIT:2$/m);
  });
});
