// End-to-end in tmux: the turn-limit question, the /resume picker switching sessions in place, --fork-session, and a long resumed session.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, typeAndSend, useTuiFixture, type TuiFixture } from '../support/tmux.js';
import { writeTranscript } from '../../bench/renderTranscript.js';

const fx = useTuiFixture('sessions');

/** Tool calls (a glob, which needs no approval) for the first `calls` requests, then the answer. */
const toolsThenAnswer = (calls: number, answer: string) => (_req: unknown, index: number) =>
  index < calls ? { toolCalls: [{ name: 'glob', input: { pattern: `*.nothing${index}` } }] } : { text: answer };

const userMessages = (server: MockLlmServer, index: number): string =>
  JSON.stringify((server.requests[index].body.messages as Array<{ role: string }>).filter((m) => m.role === 'user'));

/** A headless run of the same CLI, REIN_HOME and directory, so its session is one the TUI can open. */
async function headless(f: TuiFixture, server: MockLlmServer, args: string[]): Promise<string> {
  const run = await execa(process.execPath, [f.cli.cliPath, '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', '--output-format', 'json', ...args], {
    cwd: f.cwd, reject: false, timeout: 60_000, extendEnv: true,
    env: { REIN_HOME: f.home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '' },
  });
  expect(run.exitCode).toBe(0);
  return JSON.parse(run.stdout).session_id as string;
}

const logOf = (f: TuiFixture, id: string) => readFileSync(join(f.home, 'sessions', id, 'log.jsonl'), 'utf8');

describe('the turn limit in the TUI', () => {
  it('asks "Continue for another 2 turns?"; Enter goes on with the same task and the answer arrives', async () => {
    const server = await startMockLlmServer({ respond: toolsThenAnswer(3, 'Explored every corner.') });
    const p = await openRein(fx, server, ['--max-turns', '2']);
    await typeAndSend(p, 'explore the repository');
    await p.waitFor('Continue for another 2 turns?');
    expect(server.requests).toHaveLength(2);
    await p.sendKeys('Enter');
    await p.waitFor('Explored every corner.');
    expect(server.requests).toHaveLength(4);
    // The same task went on: the user's message was sent once, and no new one was added.
    expect(userMessages(server, 3).split('explore the repository')).toHaveLength(2);
    await p.waitFor((s) => !s.includes('Continue for another') && promptLine(s).startsWith('❯'));
  });

  it('Esc stops: the question goes, nothing more is sent, and the prompt takes the next message', async () => {
    const server = await startMockLlmServer({ respond: toolsThenAnswer(2, 'Answered the next one.') });
    const p = await openRein(fx, server, ['--max-turns', '2']);
    await typeAndSend(p, 'explore the repository');
    await p.waitFor('Continue for another 2 turns?');
    await p.sendKeys('Escape');
    await p.waitFor((s) => !s.includes('Continue for another'));
    expect(server.requests).toHaveLength(2);
    await typeAndSend(p, 'now just answer');
    await p.waitFor('Answered the next one.');
    expect(server.requests).toHaveLength(3);
  });
});

describe('/resume in the TUI', () => {
  it('filters the picker by branch and first message, switches in place, and the model gets the picked history', async () => {
    const server = await startMockLlmServer({ respond: (_req, index) => ({ text: `reply number ${index}` }) });
    await execa('git', ['init', '-q', '-b', 'alpha-branch'], { cwd: fx.cwd });
    const alpha = await headless(fx, server, ['-p', 'remember the pelican']);
    writeFileSync(join(fx.cwd, '.git', 'HEAD'), 'ref: refs/heads/beta-branch\n');
    const beta = await headless(fx, server, ['-p', 'remember the walrus']);
    const alphaLog = logOf(fx, alpha);

    const p = await openRein(fx, server);
    await typeAndSend(p, '/resume');
    await p.waitFor('Resume a session · 2 sessions');
    await p.waitFor('remember the pelican');
    await p.sendText('alpha-br');
    await p.waitFor((s) => s.includes('1 of 2 sessions') && s.includes('remember the pelican') && !s.includes('remember the walrus'));
    await p.sendKeys('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    await p.sendText('walrus');
    await p.waitFor((s) => s.includes('1 of 2 sessions') && s.includes('remember the walrus') && !s.includes('remember the pelican'));
    await p.sendKeys('Enter');
    await p.waitFor(`Opened session ${beta}.`);
    await p.waitFor(/^❯ remember the walrus/m);
    expect(readFileSync(join(fx.home, 'sessions', beta, 'log.jsonl'), 'utf8')).toContain('"gitBranch":"beta-branch"');

    const before = server.requests.length;
    await typeAndSend(p, 'which animal was it?');
    await p.waitFor(`reply number ${before}`);
    const sent = userMessages(server, before);
    expect(sent).toContain('remember the walrus');
    expect(sent).toContain('which animal was it?');
    expect(sent).not.toContain('pelican');
    // The other session's log was left alone; the picked one got the new message.
    expect(logOf(fx, alpha)).toBe(alphaLog);
    expect(logOf(fx, beta)).toContain('which animal was it?');
  });
});

describe('--fork-session in the TUI', () => {
  it('opens the old conversation under a new id and leaves the old log byte-identical', async () => {
    const server = await startMockLlmServer({ respond: (_req, index) => ({ text: `reply number ${index}` }) });
    const old = await headless(fx, server, ['-p', 'remember the heron']);
    const oldLog = logOf(fx, old);
    const p = await openRein(fx, server, ['--resume', old, '--fork-session']);
    await p.waitFor(/^❯ remember the heron/m);
    await typeAndSend(p, 'which bird?');
    await p.waitFor('reply number 1');
    expect(userMessages(server, 1)).toContain('remember the heron');
    expect(logOf(fx, old)).toBe(oldLog);
    const ids = readdirSync(join(fx.home, 'sessions'));
    expect(ids).toHaveLength(2);
    const fork = ids.find((id) => id !== old)!;
    expect(logOf(fx, fork)).toContain('which bird?');
    expect(logOf(fx, fork)).toContain('remember the heron');
  });
});

describe('--resume of a long session', () => {
  it('opens on its end, Home reads the rest of the log up to the first message, and the model gets the history as logged', async () => {
    const server = await startMockLlmServer({ respond: () => ({ text: 'carried on from the log' }) });
    const written = writeTranscript({ sessionsDir: join(fx.home, 'sessions'), cwd: fx.cwd, messages: 1_500, provider: 'openai', model: 'test-model', compactAtTokens: 60_000 });
    expect(written.compactions).toBeGreaterThan(0);
    const p = await openRein(fx, server, ['--resume', written.sessionId]);
    const first = written.firstPrompt.slice(0, 30);
    expect(await p.capture()).not.toContain(first);
    await p.sendKeys('Home');
    await p.waitFor(first, 30_000);
    await p.sendKeys('End');
    await typeAndSend(p, 'go on please');
    await p.waitFor('carried on from the log');
    // The conversation sent is the one after the last compaction, whole: its summary first, every message after it.
    const sent = server.requests[0].body.messages as Array<{ role: string; content: unknown }>;
    const summary = written.history[0].content[0];
    expect(sent[1].role).toBe('user');
    expect(String(sent[1].content)).toContain(summary.type === 'text' ? summary.text : 'no summary');
    expect(sent.filter((m) => m.role === 'assistant')).toHaveLength(written.history.filter((m) => m.role === 'assistant').length);
    const last = written.history.at(-1)?.content.at(-1);
    expect(JSON.stringify(sent.at(-2))).toContain(JSON.stringify(last?.type === 'text' ? last.text : 'no text').slice(1, 200));
  }, 90_000);
});
