// Fault suite, process faults: the built rein killed with SIGKILL mid-stream and mid-command, then `--continue`;
// a $REIN_HOME that cannot be written. These start the real CLI, since they are about the process.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { fromOpenAIRequest } from '../support/requestHistory.js';
import { cliPath } from '../support/tmux.js';

let server: MockLlmServer;
let work: string;
let home: string;
const groups: number[] = [];

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'rein-fault-proc-'));
  home = mkdtempSync(join(tmpdir(), 'rein-fault-home-'));
  server = await startMockLlmServer({ apiKey: 'sk-test' });
});

afterEach(async () => {
  // A SIGKILLed rein cannot stop what it started: end those commands here.
  for (const pid of groups.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await server.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[], env: Record<string, string> = {}) {
  return execa(process.execPath, [cliPath, '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'mock-model', ...args], {
    cwd: work, reject: false, stdin: 'ignore', timeout: 30_000,
    env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '', CI: 'true', ...env },
  });
}

/** The last request's history is valid and holds every prompt, in order. */
function expectContinued(prompts: string[]): void {
  const last = server.requests.at(-1)!;
  const history = fromOpenAIRequest(last.body);
  expect(validateHistory(history)).toBeUndefined();
  const said = JSON.stringify(history);
  let from = 0;
  for (const prompt of prompts) {
    const at = said.indexOf(prompt, from);
    expect(at).toBeGreaterThanOrEqual(from);
    from = at;
  }
}

describe('process faults', () => {
  it('kill -9 mid-stream, then --continue: the conversation goes on from the prompt', async () => {
    server.push({ text: 'a long answer that is still streaming when rein dies', fault: { kind: 'hang' } }, { text: 'continued fine' });
    const first = rein(['-p', 'first task']);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 15_000 });
    first.kill('SIGKILL');
    expect((await first).signal).toBe('SIGKILL');
    const next = await rein(['-p', '--continue', 'second task']);
    expect(next.stderr).toBe('');
    expect(next.exitCode).toBe(0);
    expect(next.stdout).toBe('continued fine');
    expectContinued(['first task', 'second task']);
  });

  it('kill -9 mid-command, then --continue: the cut-off call is answered, the history stays valid', async () => {
    const pidFile = join(work, 'command.pid');
    server.push({ toolCalls: [{ name: 'bash', input: { command: `echo $$ > ${pidFile}; sleep 30` } }] }, { text: 'picked up again' });
    const first = rein(['-p', 'run the long command']);
    await vi.waitFor(() => expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '').toBe(true), { timeout: 15_000 });
    groups.push(Number(readFileSync(pidFile, 'utf8')));
    first.kill('SIGKILL');
    await first;
    const next = await rein(['-p', '--continue', 'what happened?']);
    expect(next.exitCode).toBe(0);
    expect(next.stdout).toBe('picked up again');
    expectContinued(['run the long command', 'what happened?']);
    const last = fromOpenAIRequest(server.requests.at(-1)!.body);
    expect(last.some((m) => m.content.some((b) => b.type === 'tool_result'))).toBe(true);
  });

  it('kill -9 mid-file-write, then --continue: the file holds its old or its new content, nothing in between', async () => {
    const file = join(work, 'big.txt');
    writeFileSync(file, 'old content\n');
    const fresh = `${'new content line\n'.repeat(500_000)}`;
    server.push(
      { toolCalls: [{ name: 'read_file', input: { path: 'big.txt' } }] },
      { toolCalls: [{ name: 'write_file', input: { path: 'big.txt', content: fresh } }], chunkSize: 64 * 1024 },
      { text: 'never reached' },
    );
    server.push({ text: 'checked the file' });
    const first = rein(['-p', 'rewrite big.txt']);
    // Kill as soon as the write's temp file shows up (or right after, when the write was quicker than the poll).
    await vi.waitFor(() => expect(readdirSync(work).some((name) => name.endsWith('.tmp')) || readFileSync(file, 'utf8') !== 'old content\n').toBe(true), { timeout: 20_000, interval: 5 });
    first.kill('SIGKILL');
    await first;
    const content = readFileSync(file, 'utf8');
    expect(content === 'old content\n' || content === fresh).toBe(true);
    const next = await rein(['-p', '--continue', 'is it intact?']);
    expect(next.exitCode).toBe(0);
    expectContinued(['rewrite big.txt', 'is it intact?']);
  });

  it('kill -9 mid-compaction, then --continue: the conversation as it was before, valid', async () => {
    writeFileSync(join(work, 'agent.config.json'), JSON.stringify({ context: { maxContextTokens: 12_000 } }));
    let summaries = 0;
    await server.close();
    server = await startMockLlmServer({
      apiKey: 'sk-test',
      respond: (request) => {
        const system = JSON.stringify(request.body.messages[0] ?? '');
        if (system.includes('You summarise a conversation')) {
          summaries += 1;
          // The first summary never comes: rein is killed while it waits.
          return summaries === 1 ? { fault: { kind: 'hang' }, text: 'partial summary' } : { text: '## User goals and instructions\nsummary' };
        }
        return { text: 'noted' };
      },
    });
    const pad = (tag: string) => `${tag} ${'lorem ipsum dolor sit amet '.repeat(700)}`;
    const first = await rein(['-p', pad('first')]);
    expect(first.exitCode).toBe(0);
    const second = rein(['-p', '--continue', pad('second')]);
    await vi.waitFor(() => expect(summaries).toBe(1), { timeout: 20_000 });
    second.kill('SIGKILL');
    await second;
    // The log holds the conversation as it was before the compaction began: both prompts, valid.
    const [sessionDir] = readdirSync(join(home, 'sessions'));
    const saved = loadSession(join(home, 'sessions', sessionDir!, 'log.jsonl')).history;
    expect(validateHistory(saved)).toBeUndefined();
    expect(JSON.stringify(saved)).toContain('first lorem');
    expect(JSON.stringify(saved)).toContain('second lorem');
    const third = await rein(['-p', '--continue', 'third, short']);
    expect(third.exitCode).toBe(0);
    expectContinued(['third, short']);
  });

  it('no HOME in the environment: runs and answers, exit code 0', async () => {
    server.push({ text: 'no home needed' });
    const run = await execa(process.execPath, [cliPath, '-p', 'hello', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'mock-model'], {
      cwd: work, reject: false, stdin: 'ignore', timeout: 30_000, extendEnv: false,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', REIN_HOME: home, OPENAI_API_KEY: 'sk-test', CI: 'true' },
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('no home needed');
  });

  it('$REIN_HOME cannot be written: one warning, the answer anyway, exit code 0', async () => {
    const blocker = join(home, 'not-a-folder');
    writeFileSync(blocker, '');
    server.push({ text: 'answered in memory' });
    const run = await rein(['-p', 'hello'], { REIN_HOME: join(blocker, 'rein') });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('answered in memory');
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^rein: Could not create the session log .*This session runs in memory only and cannot be resumed\.$/);
  });
});
