// End-to-end: --fork-session continues a saved session under a new id and leaves the old log byte for byte as it was.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { fromOpenAIRequest } from '../support/requestHistory.js';

const cli = resolve('dist/cli.js');

let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-fork-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-fork-home-'));
  server = await startMockLlmServer({ respond: (_req, index) => ({ text: `answer ${index}` }) });
});

afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[]) {
  return execa('node', [cli, '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', ...args], {
    cwd: repo,
    reject: false,
    env: { REIN_HOME: home, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: 'sk-test', DEEPSEEK_API_KEY: '' },
    extendEnv: true,
    timeout: 60_000,
  });
}

const sessionIds = () => readdirSync(join(home, 'sessions')).sort();
const logOf = (id: string) => readFileSync(join(home, 'sessions', id, 'log.jsonl'), 'utf8');
const userWords = (index: number) => JSON.stringify(fromOpenAIRequest(server.requests[index].body));

describe('--fork-session', () => {
  it('with --resume (-p): the fork gets the history under a new id, the old log stays byte-identical', async () => {
    const first = await rein(['-p', 'remember the word pelican', '--output-format', 'json']);
    expect(first.exitCode).toBe(0);
    const oldId = JSON.parse(first.stdout).session_id as string;
    const before = logOf(oldId);

    const forked = await rein(['-p', 'which word?', '--resume', oldId, '--fork-session', '--output-format', 'json']);
    expect(forked.stderr).toBe('');
    expect(forked.exitCode).toBe(0);
    const newId = JSON.parse(forked.stdout).session_id as string;
    expect(newId).not.toBe(oldId);
    expect(sessionIds()).toEqual([oldId, newId].sort());
    expect(logOf(oldId)).toBe(before);
    // The model got the old conversation and the new message.
    const sent = userWords(1);
    expect(sent).toContain('remember the word pelican');
    expect(sent).toContain('answer 0');
    expect(sent).toContain('which word?');
    expect(validateHistory(fromOpenAIRequest(server.requests[1].body))).toBeUndefined();
    expect(JSON.parse(logOf(newId).split('\n')[0])).toMatchObject({ kind: 'meta', sessionId: newId, forkedFrom: oldId });

    // The fork resumes as any session: its own history, with both messages.
    const again = await rein(['-p', 'and now?', '--resume', newId]);
    expect(again.exitCode).toBe(0);
    const third = userWords(2);
    expect(third).toContain('remember the word pelican');
    expect(third).toContain('which word?');
    expect(logOf(oldId)).toBe(before);
  });

  it('with --continue: forks the latest session of the directory', async () => {
    const first = await rein(['-p', 'first message', '--output-format', 'json']);
    const oldId = JSON.parse(first.stdout).session_id as string;
    const before = logOf(oldId);
    const forked = await rein(['-p', 'second message', '--continue', '--fork-session', '--output-format', 'json']);
    expect(forked.exitCode).toBe(0);
    expect(JSON.parse(forked.stdout).session_id).not.toBe(oldId);
    expect(userWords(1)).toContain('first message');
    expect(logOf(oldId)).toBe(before);
  });

  it('without --resume or --continue: one sentence and exit code 2', async () => {
    const run = await rein(['-p', 'x', '--fork-session']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('rein: --fork-session copies a saved session: use it with --resume <id> or --continue.');
    expect(server.requests).toHaveLength(0);
  });
});
