// End-to-end in tmux at 80x24: /rename and /clear, then the /resume picker showing the name; and the question asked when
// --resume names a session of another directory.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { reinCommand, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('names');

const answers = () => startMockLlmServer({ respond: (_req: unknown, index: number) => ({ text: `Answer number ${index + 1}.` }) });

describe('session names and new sessions at 80x24', () => {
  it('/rename names the session; after /clear the /resume picker lists it by its name and opens it', async () => {
    const server = await answers();
    fx.server = server;
    const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width: 80, height: 24 });
    fx.pane = p;
    await p.waitFor('Type a message', 20_000);
    await typeAndSend(p, 'fix the parser');
    await p.waitFor('Answer number 1.');
    await typeAndSend(p, '/rename parser rewrite');
    await p.waitFor('Named this session "parser rewrite".');
    await typeAndSend(p, '/clear');
    await p.waitFor('Started a new conversation.');
    expect((await p.captureJoined()).replace(/\s+/g, ' ')).toMatch(/The previous one is saved as \S+; \/resume opens it\./);
    await typeAndSend(p, 'something else');
    await p.waitFor('Answer number 2.');
    await typeAndSend(p, '/resume');
    const panel = await p.waitFor('Resume a session');
    const row = panel.split('\n').find((line) => line.includes('parser rewrite'));
    expect(row).toMatch(/^❯ .*1 prompt\s+parser rewrite · fix the parser/);
    await p.sendKeys('Enter');
    await p.waitFor(/Opened session \S+\./);
    await typeAndSend(p, 'go on');
    await p.waitFor('Answer number 3.');
    // The old conversation came back whole; the one after /clear is not in it.
    const sent = JSON.stringify(server.requests[2].body);
    expect(sent).toContain('fix the parser');
    expect(sent).not.toContain('something else');
  });

  it('--resume from another directory asks first; "Run in" moves there and resumes the session', async () => {
    const server = await answers();
    fx.server = server;
    const there = join(fx.cwd, 'there');
    const here = join(fx.cwd, 'here');
    mkdirSync(there);
    mkdirSync(here);
    const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
    const first = await execa(process.execPath, [fx.cli.cliPath, ...args, '-p', 'the task over there', '--output-format', 'json'], {
      cwd: there, reject: false, timeout: 60_000, extendEnv: true, env: { REIN_HOME: fx.home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '' },
    });
    expect(first.exitCode).toBe(0);
    const id = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: [...args, '--resume', id], home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: here, width: 80, height: 24 });
    fx.pane = p;
    const question = await p.waitFor('Resume a session from another directory?', 20_000);
    expect(question).toContain('1. Run in');
    expect(question).toContain('2. Start a new session in');
    await p.sendKeys('Enter');
    await p.waitFor('the task over there', 20_000);
    await typeAndSend(p, 'go on');
    await p.waitFor('Answer number 2.');
    expect(JSON.stringify(server.requests[1].body)).toContain('the task over there');
    // The conversation went on in its own log, and rein ran in the session's directory.
    const log = readFileSync(join(fx.home, 'sessions', id, 'log.jsonl'), 'utf8');
    expect(log).toContain('"prompt":"go on"');
    expect(log).toContain(`"cwd":${JSON.stringify(there)}`);
    expect(log.split('"type":"session_start"').length).toBe(3);
  });

  it('--resume from another directory: "Start a new session" opens a fresh one here', async () => {
    const server = await answers();
    fx.server = server;
    const there = join(fx.cwd, 'there');
    mkdirSync(there);
    const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
    const first = await execa(process.execPath, [fx.cli.cliPath, ...args, '-p', 'the task over there', '--output-format', 'json'], {
      cwd: there, reject: false, timeout: 60_000, extendEnv: true, env: { REIN_HOME: fx.home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '' },
    });
    const id = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: [...args, '--resume', id], home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width: 60, height: 20 });
    fx.pane = p;
    await p.waitFor('Resume a session from another directory?', 20_000);
    await p.sendText('2');
    await p.waitFor('Type a message', 20_000);
    await typeAndSend(p, 'a fresh start');
    await p.waitFor('Answer number 2.');
    expect(JSON.stringify(server.requests[1].body)).not.toContain('the task over there');
  });
});
