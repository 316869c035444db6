// Headless output and input a script written for `claude -p` reads and drives unchanged: Claude Code's result
// fields, stream-json input with several messages in one session, a bare -p, and the system prompt flags.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');

let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-compat-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-compat-home-'));
  writeFileSync(join(repo, 'notes.txt'), 'hello\n');
});

afterEach(async () => {
  await server?.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[], input?: string) {
  return execa('node', [cli, ...args], {
    cwd: repo, reject: false, input,
    env: { REIN_HOME: home, ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test', DEEPSEEK_API_KEY: '' },
    timeout: 60_000,
  });
}

const anthropic = () => ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl];
const openai = () => ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];
const lines = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('--output-format json with Claude Code fields', () => {
  it('a successful run: type, subtype, num_turns, snake_case usage and a cost for a priced model', async () => {
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }], usage: { inputTokens: 1000, outputTokens: 20, cacheReadTokens: 400 } },
      { text: 'It says hello.', usage: { inputTokens: 1200, outputTokens: 10, cacheReadTokens: 1000 } },
    ] });
    const run = await rein(['-p', 'what does notes.txt say?', ...anthropic(), '--model', 'claude-sonnet-5-5', '--output-format', 'json']);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'It says hello.', num_turns: 2, turns: 2 });
    expect(result.session_id).toMatch(/\S/);
    const { usage } = result;
    // Claude Code counts uncached prompt tokens as input; rein's own inputTokens keeps every prompt token.
    expect(usage.input_tokens).toBe(usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);
    expect(usage.cache_read_input_tokens).toBe(usage.cacheReadTokens);
    expect(usage.cache_read_input_tokens).toBeGreaterThan(0);
    expect(usage.output_tokens).toBe(30);
    expect(usage.cache_creation_input_tokens).toBe(usage.cacheWriteTokens);
    // claude-sonnet-5-5: $2 in, $10 out, $0.20 cache read per million tokens.
    const expected = (usage.input_tokens * 2 + usage.cache_read_input_tokens * 0.2 + usage.cache_creation_input_tokens * 2.5 + usage.output_tokens * 10) / 1e6;
    expect(result.total_cost_usd).toBeCloseTo(expected, 6);
    expect(typeof result.duration_ms).toBe('number');
  });

  it('hitting --max-turns is error_max_turns with exit 1, and an unknown price is null, not a made-up figure', async () => {
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
      { text: 'never reached' },
    ] });
    const run = await rein(['-p', 'read it', ...openai(), '--max-turns', '1', '--output-format', 'json']);
    expect(run.exitCode).toBe(1);
    const result = JSON.parse(run.stdout);
    // Claude Code's count: the prompt and the one tool result; the model's own stop reason; no result text.
    expect(result).toMatchObject({ type: 'result', subtype: 'error_max_turns', is_error: true, stop_reason: 'tool_use', num_turns: 2, terminal_reason: 'max_turns' });
    expect(result.errors).toEqual(['Reached maximum number of turns (1)']);
    expect(result).not.toHaveProperty('result');
    expect(result.total_cost_usd).toBeNull();
    expect(result.modelUsage['test-model']).toMatchObject({ costUSD: null, outputTokens: expect.any(Number) });
  });

  it('a failed model call is a success subtype with is_error and the HTTP status, as Claude Code reports it', async () => {
    server = await startMockLlmServer({ turns: [{ fault: { kind: 'status', status: 400, message: 'bad request body' } }] });
    const run = await rein(['-p', 'hi', ...openai(), '--output-format', 'json']);
    expect(run.exitCode).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: true, api_error_status: 400, terminal_reason: 'model_error', num_turns: 1, stop_reason: null });
    expect(result.result).toMatch(/bad request body/);
  });
});

describe('--input-format stream-json', () => {
  it('runs each user message in turn in one session, with a result line after each', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
    const input = [
      JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'first question' }] } }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'second question' } }),
    ].join('\n');
    const run = await rein(['-p', '--input-format', 'stream-json', '--output-format', 'rein-events', ...openai()], `${input}\n`);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const events = lines(run.stdout);
    expect(events.filter((e) => e.type === 'run_start').map((e) => e.prompt)).toEqual(['first question', 'second question']);
    const results = events.filter((e) => e.type === 'result');
    expect(results.map((r) => r.result)).toEqual(['First answer.', 'Second answer.']);
    expect(new Set(results.map((r) => r.session_id)).size).toBe(1);
    // One session: the second request carries the first exchange.
    expect(server.requests).toHaveLength(2);
    const second = JSON.stringify(server.requests[1].body.messages);
    expect(second).toContain('first question');
    expect(second).toContain('First answer.');
  });

  it('skips a line that is not a user message with one warning naming it, and goes on', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'One.' }, { text: 'Two.' }] });
    const input = ['{"type":"user","message":{"role":"user","content":"a"}}', 'not json at all', '{"type":"user","message":{"role":"user","content":"b"}}'].join('\n');
    const run = await rein(['--input-format', 'stream-json', '--output-format', 'json', ...openai()], input);
    expect(run.exitCode).toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^rein: input line 2 is not JSON; skipped it/)]);
    expect(lines(run.stdout).map((r) => r.result)).toEqual(['One.', 'Two.']);
  });
});

describe('a bare -p and the system prompt flags', () => {
  it('rein -p reads the prompt from standard input, or takes the positional words', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'From stdin.' }, { text: 'From the words.' }] });
    const piped = await rein(['-p', '--output-format', 'json', ...openai()], 'question on stdin\n');
    expect(JSON.parse(piped.stdout)).toMatchObject({ result: 'From stdin.' });
    const worded = await rein(['-p', '--output-format', 'json', ...openai(), 'question', 'in words']);
    expect(JSON.parse(worded.stdout)).toMatchObject({ result: 'From the words.' });
    const prompts = server.requests.map((r) => JSON.stringify(r.body.messages));
    expect(prompts[0]).toContain('question on stdin');
    expect(prompts[1]).toContain('question in words');
  });

  it('--append-system-prompt ends the system prompt; --system-prompt-file replaces the instructions and keeps the facts', async () => {
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'ok' }, { text: 'ok' },
    ] });
    await rein(['-p', 'go', ...anthropic(), '--model', 'claude-test', '--append-system-prompt', 'Always answer in French.']);
    const systemOf = (i: number) => JSON.stringify(server.requests[i].body.system);
    expect(systemOf(0)).toMatch(/Always answer in French\.(\\n)*"/);
    expect(systemOf(0)).toContain('You are rein');
    // Built once: both requests of the run start with the same bytes.
    expect(systemOf(1)).toBe(systemOf(0));

    writeFileSync(join(repo, 'prompt.md'), 'You are a terse reviewer.\n');
    await rein(['-p', 'go', ...anthropic(), '--model', 'claude-test', '--system-prompt-file', 'prompt.md']);
    expect(systemOf(2)).toContain('You are a terse reviewer.');
    expect(systemOf(2)).not.toContain('You are rein');
    expect(systemOf(2)).toContain('Workspace root');
  });

  it('a missing --system-prompt-file is one plain sentence and exit 2, before any request', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'unused' }] });
    const run = await rein(['-p', 'go', ...openai(), '--system-prompt-file', 'nope.md']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('rein: Cannot read --system-prompt-file nope.md: ENOENT; check the path.');
    expect(server.requests).toHaveLength(0);
  });
});
