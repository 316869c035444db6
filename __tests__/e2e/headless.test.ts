// End-to-end: the built CLI fixes a bug in a fixture repo through read/edit/bash against the mock LLM server.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { fromAnthropicRequest, fromOpenAIRequest } from '../support/requestHistory.js';

const cli = resolve('dist/cli.js');
const fixture = resolve('__tests__/e2e/fixtures/buggy-repo');

const fixTurns = (): MockTurn[] => [
  { text: 'Let me look at the code.', toolCalls: [
    { name: 'read_file', input: { path: 'math.js' } },
    { name: 'read_file', input: { path: 'test.js' } },
  ] },
  { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
  { toolCalls: [{ name: 'bash', input: { command: 'node test.js' } }] },
  { text: 'Fixed: `add` subtracted instead of adding. The test passes now.' },
];

let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-e2e-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-e2e-home-'));
  cpSync(fixture, repo, { recursive: true });
  server = await startMockLlmServer({ turns: fixTurns() });
});

afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[], env: Record<string, string> = {}) {
  return execa('node', [cli, ...args], {
    cwd: repo,
    reject: false,
    env: { REIN_HOME: home, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', DEEPSEEK_API_KEY: '', ...env },
    extendEnv: true,
    timeout: 60_000,
  });
}

const openaiArgs = () => ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model'];

describe('rein -p', () => {
  it('fixes the fixture bug over the OpenAI format and prints the answer (text)', async () => {
    const before = await execa('node', ['test.js'], { cwd: repo, reject: false });
    expect(before.exitCode).toBe(1);
    const run = await rein(['-p', 'The test fails; fix the bug.', ...openaiArgs()], { OPENAI_API_KEY: 'sk-test' });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim()).toBe('Fixed: `add` subtracted instead of adding. The test passes now.');
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toContain('return a + b;');
    const after = await execa('node', ['test.js'], { cwd: repo, reject: false });
    expect(after.exitCode).toBe(0);
    expect(server.requests).toHaveLength(4);
    for (const request of server.requests) expect(validateHistory(fromOpenAIRequest(request.body))).toBeUndefined();
    expect(JSON.stringify(server.requests[3].body.messages)).toContain('all tests passed');
  });

  it('works over the Anthropic format and prints one JSON object (json)', async () => {
    const run = await rein(['-p', 'fix it', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-test', '--output-format', 'json'], { ANTHROPIC_API_KEY: 'sk-ant-test' });
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout);
    // stop_reason is the model's own; rein's outcome is in subtype, terminal_reason and reason. Four model calls, four results.
    expect(result).toMatchObject({ is_error: false, turns: 4, num_turns: 5, result: expect.stringContaining('Fixed'), stop_reason: 'end_turn', subtype: 'success', terminal_reason: 'completed', reason: 'done' });
    expect(result.session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(typeof result.duration_ms).toBe('number');
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toContain('return a + b;');
    for (const request of server.requests) expect(validateHistory(fromAnthropicRequest(request.body))).toBeUndefined();
  });

  it('streams the AgentEvent union as JSON lines (rein-events) with the prompt read from stdin', async () => {
    const child = execa('node', [cli, '-p', '-', ...openaiArgs(), '--output-format', 'rein-events'], {
      cwd: repo, reject: false, input: 'fix the bug please\n',
      env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '' }, timeout: 60_000,
    });
    const run = await child;
    expect(run.exitCode).toBe(0);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const kinds = events.map((e) => e.type);
    expect(kinds.slice(0, 2)).toEqual(['session_start', 'run_start']);
    expect(events[0]).toMatchObject({ provider: 'openai', model: 'test-model', mode: 'yolo', resumed: false });
    expect(events[1].prompt).toBe('fix the bug please');
    // After the run, Claude Code's closing result line.
    expect(kinds.slice(-2)).toEqual(['run_end', 'result']);
    expect(kinds.filter((k) => k === 'tool_end')).toHaveLength(4);
    expect(kinds).toContain('text_delta');
    expect(events.every((e) => typeof e.runId === 'string' || e.type === 'session_start')).toBe(true);
    // Events from outside the run's own stream (background tasks) carry the session id as well.
    for (const e of events.filter((e) => e.type === 'background_task')) expect(e.sessionId).toBe(events[0].sessionId);
  });

  it('exits 1 with one plain line when the provider keeps failing', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [{ fault: { kind: 'status', status: 401, message: 'invalid x-api-key' } }] });
    const run = await rein(['-p', 'hi', ...openaiArgs()], { OPENAI_API_KEY: 'sk-wrong' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/OPENAI_API_KEY/);
  });

  it('stops cleanly on Ctrl+C: the stream is aborted and the run ends as interrupted', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [{ text: 'Thinking about it for a long time', fault: { kind: 'hang' } }] });
    const child = rein(['-p', 'take your time', ...openaiArgs(), '--output-format', 'json'], { OPENAI_API_KEY: 'sk-test' });
    for (let i = 0; i < 200 && server.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.requests).toHaveLength(1);
    child.kill('SIGINT');
    const run = await child;
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ is_error: true, subtype: 'error_during_execution', terminal_reason: 'aborted_streaming', reason: 'aborted', stop_reason: null });
  });

  it('exits 2 naming the env var when no key is configured', async () => {
    const run = await rein(['-p', 'hi', '--provider', 'anthropic']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(server.requests).toHaveLength(0);
  });

  it('exits 2 naming the file and path for an invalid config', async () => {
    writeFileSync(join(repo, 'agent.config.json'), JSON.stringify({ maxTurns: 'ten' }));
    const run = await rein(['-p', 'hi'], { OPENAI_API_KEY: 'sk-test' });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('agent.config.json');
    expect(run.stderr).toContain('maxTurns');
  });

  it('reads a config file with comments and trailing commas (JSONC) in the built CLI', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [{ text: 'ok' }] });
    writeFileSync(join(repo, 'agent.config.json'), '{\n  // a comment\n  "maxTokens": 777, /* another */\n}\n');
    const run = await rein(['-p', 'hi', ...openaiArgs()], { OPENAI_API_KEY: 'sk-test' });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(server.requests[0].body.max_tokens ?? server.requests[0].body.max_completion_tokens).toBe(777);
  });

  it('hands a job to an explore subagent: its request holds only its tools, rein-events tags its events', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ id: 'call_task', name: 'task', input: { description: 'find the add function', prompt: 'Where is add defined?', subagent_type: 'explore' } }] },
      { text: 'add is defined in math.js, line 1.' },
      { text: 'The explorer says: math.js.' },
    ] });
    const run = await rein(['-p', 'where is add?', ...openaiArgs(), '--output-format', 'rein-events'], { OPENAI_API_KEY: 'sk-test' });
    expect(run.exitCode).toBe(0);
    const [parent, child, parentAgain] = server.requests.map((r) => r.body);
    expect(parent.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('task');
    expect(child.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(['glob', 'grep', 'read_file']);
    expect(JSON.stringify(child.messages)).toContain('Where is add defined?');
    expect(JSON.stringify(parentAgain.messages)).toContain('add is defined in math.js, line 1.');
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const childEnd = events.find((e) => e.type === 'run_end' && e.agentId);
    expect(childEnd).toMatchObject({ parentToolCallId: 'call_task', text: 'add is defined in math.js, line 1.' });
    expect(events.at(-2)).toMatchObject({ type: 'run_end', text: 'The explorer says: math.js.' });
    expect(events.at(-2).agentId).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: 'result', result: 'The explorer says: math.js.' });
  });

  it('--team: planner, worker and reviewer through the real SDK; the report is the answer', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [
      { text: JSON.stringify({ summary: 'one fix', steps: [{ id: '1', description: 'fix add in math.js', dependencies: [] }] }) },
      { toolCalls: [{ name: 'read_file', input: { path: 'math.js' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
      { text: 'Fixed add.' },
      { text: '{"approved": true, "summary": "add is right now", "issues": [], "suggestions": []}' },
    ] });
    const run = await rein(['-p', 'fix the add bug', '--team', ...openaiArgs()], { OPENAI_API_KEY: 'sk-test' });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('1. fix add in math.js: done');
    expect(run.stdout).toContain('Review: approved. add is right now');
    expect(readFileSync(join(repo, 'math.js'), 'utf8')).toContain('return a + b;');
    const [planner, worker] = server.requests.map((r) => r.body);
    expect(planner.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(['glob', 'grep', 'read_file']);
    expect(worker.tools.map((t: { function: { name: string } }) => t.function.name)).not.toContain('task');
  });

  it('exits 2 on a bad flag', async () => {
    const run = await rein(['-p', 'hi', '--permission-mode', 'reckless']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--permission-mode must be one of/);
  });

  it('prints the version and the help', async () => {
    const version = await rein(['--version']);
    expect(version.stdout).toMatch(/^rein \d+\.\d+\.\d+$/);
    const help = await rein(['--help']);
    expect(help.stdout).toContain('--output-format');
  });
});
