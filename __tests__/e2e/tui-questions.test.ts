// End-to-end: the built CLI in tmux at 80×24, a model that asks the user a question and presents a plan in plan mode.
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, reinCommand, statusLine, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('questions');

async function start(turns: MockTurn[], args: string[] = []) {
  fx.server = await startMockLlmServer({ turns });
  const command = reinCommand({ cli: fx.cli.cliPath, args: ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', ...args], home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } });
  fx.pane = await fx.tmux.start({ command, cwd: fx.cwd, width: 80, height: 24 });
  await fx.pane.waitFor((s) => promptLine(s).includes('Type a message'), 20_000);
  return fx.pane;
}

describe('questions and plans in the full-screen session', () => {
  it('ask_user: the dialog takes a number, and the answer reaches the model', async () => {
    const pane = await start([
      { toolCalls: [{ name: 'ask_user', input: { questions: [{ question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite' }] }] } }] },
      { text: 'Going with SQLite.' },
    ]);
    await typeAndSend(pane, 'set up storage');
    const dialog = await pane.waitFor('Which database?', 20_000);
    expect(dialog).toContain('Database · The model asks');
    await pane.sendKeys('2');
    await pane.waitFor('Going with SQLite.', 20_000);
    expect(JSON.stringify(fx.server?.requests[1].body.messages)).toContain('\\"Which database?\\" = \\"SQLite\\"');
  });

  it('plan mode: the plan shows as markdown; a approves and switches to auto-edit', async () => {
    const pane = await start([
      { toolCalls: [{ name: 'exit_plan_mode', input: { plan: '# Plan\n1. Add the parser\n2. Test it' } }] },
      { text: 'Carrying out the plan.' },
    ], ['--permission-mode', 'plan']);
    expect(statusLine(await pane.capture())).toContain('plan');
    await typeAndSend(pane, 'plan the parser');
    const dialog = await pane.waitFor('Plan ready for approval', 20_000);
    expect(dialog).toContain('Add the parser');
    expect(dialog).not.toContain('# Plan');
    await pane.sendKeys('a');
    const done = await pane.waitFor('Carrying out the plan.', 20_000);
    expect(statusLine(done)).toContain('auto-edit');
  });
});
