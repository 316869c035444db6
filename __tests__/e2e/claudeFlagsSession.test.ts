// End-to-end: the session and output flags of `claude -p` with Claude Code's meaning: --session-id and --resume,
// --no-session-persistence, --debug, --verbose, --json-schema, --fallback-model, --max-budget-usd, --agents,
// --strict-mcp-config, and the flags rein accepts with a warning.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { anthropicArgs, jsonLines, offeredTools, openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

let s: Scratch;
let server: MockLlmServer | undefined;

beforeEach(() => {
  s = scratch();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  s.remove();
});

async function serve(turns: MockTurn[]): Promise<MockLlmServer> {
  await server?.close();
  server = await startMockLlmServer({ turns });
  return server;
}
const requestText = (i: number) => JSON.stringify(server?.requests[i]?.body ?? {});

describe('--session-id, --resume and --no-session-persistence', () => {
  const id = '0190f6a2-3b4c-7d5e-8f60-123456789abc';

  it('starts the session under the given UUID, which --resume then finds; the same id twice is refused', async () => {
    await serve([{ text: 'First answer.' }, { text: 'Second answer.' }]);
    const first = await runRein(s, ['-p', 'first question', ...openaiArgs(server!), '--session-id', id, '--output-format', 'json']);
    expect(JSON.parse(first.stdout)).toMatchObject({ session_id: id, result: 'First answer.' });
    const again = await runRein(s, ['-p', 'again', ...openaiArgs(server!), '--session-id', id]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr.trim()).toBe(`rein: Session ID ${id} is already in use; continue it with --resume ${id}, or give a new UUID.`);
    const second = await runRein(s, ['-p', 'second question', ...openaiArgs(server!), '--resume', id, '--output-format', 'json']);
    expect(JSON.parse(second.stdout)).toMatchObject({ session_id: id, result: 'Second answer.' });
    expect(requestText(1)).toContain('first question');
    expect(requestText(1)).toContain('First answer.');
    expect(server!.requests).toHaveLength(2);
  });

  it('refuses an id that is not a UUID, before any request', async () => {
    const run = await runRein(s, ['-p', 'go', '--session-id', 'my-session']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--session-id must be a UUID/);
  });

  it('--no-session-persistence writes no log, so the session cannot be resumed', async () => {
    await serve([{ text: 'Kept nowhere.' }]);
    const run = await runRein(s, ['-p', 'go', ...openaiArgs(server!), '--no-session-persistence', '--output-format', 'json']);
    const sessionId = JSON.parse(run.stdout).session_id as string;
    expect(existsSync(join(s.home, 'sessions', sessionId, 'log.jsonl'))).toBe(false);
    const resumed = await runRein(s, ['-p', 'more', ...openaiArgs(server!), '--resume', sessionId]);
    expect(resumed.exitCode).toBe(2);
    expect(resumed.stderr).toMatch(/No saved session matches/);
    // Without the flag the log is there.
    await serve([{ text: 'Kept.' }]);
    const kept = await runRein(s, ['-p', 'go', ...openaiArgs(server!), '--output-format', 'json']);
    expect(existsSync(join(s.home, 'sessions', JSON.parse(kept.stdout).session_id, 'log.jsonl'))).toBe(true);
  });
});

describe('--debug and --verbose', () => {
  const readTurns = (): MockTurn[] => [{ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'It says hello.' }];

  it('--debug writes a log of the session\'s events, by category; a filter keeps only what it names', async () => {
    await serve(readTurns());
    const run = await runRein(s, ['-p', '--debug', 'what does notes.txt say?', ...openaiArgs(server!)]);
    // A prompt is not a filter: it stays the prompt.
    expect(requestText(0)).toContain('what does notes.txt say?');
    const file = /rein: debug log: (\S+)/.exec(run.stderr)?.[1];
    expect(file).toBeDefined();
    const log = readFileSync(file!, 'utf8');
    expect(log).toMatch(/\[DEBUG\] \[api\] message_end /);
    expect(log).toMatch(/\[DEBUG\] \[tools\] tool_end /);
    expect(readFileSync(join(s.home, 'debug', 'latest'), 'utf8')).toBe(log);
    await serve(readTurns());
    const filtered = await runRein(s, ['-p', 'again', ...openaiArgs(server!), '--debug', 'tools']);
    const only = readFileSync(/rein: debug log: (\S+)/.exec(filtered.stderr)![1], 'utf8');
    expect(only).toMatch(/\[tools\] tool_end/);
    expect(only).not.toMatch(/\[api\]/);
  });

  it('--verbose makes json every message as one array, and text show its progress on stderr in a pipe', async () => {
    await serve(readTurns());
    const json = await runRein(s, ['-p', 'go', ...openaiArgs(server!), '--verbose', '--output-format', 'json']);
    const messages = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(messages.map((m) => m.type)).toEqual(['system', 'assistant', 'user', 'assistant', 'result']);
    expect(messages.at(-1)).toMatchObject({ result: 'It says hello.' });
    await serve(readTurns());
    const text = await runRein(s, ['-p', 'go', ...openaiArgs(server!), '--verbose']);
    expect(text.stdout.trim()).toBe('It says hello.');
    expect(text.stderr).toContain('· read_file notes.txt');
    await serve(readTurns());
    const quiet = await runRein(s, ['-p', 'go', ...openaiArgs(server!)]);
    expect(quiet.stderr).not.toContain('read_file');
  });
});

describe('--json-schema', () => {
  const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } }, required: ['name'] });

  it('offers StructuredOutput with the schema; a valid call ends the run with the object in structured_output', async () => {
    await serve([{ text: 'Here it is.', toolCalls: [{ name: 'StructuredOutput', input: { name: 'Ada', count: '3' } }] }, { text: 'never asked' }]);
    const run = await runRein(s, ['-p', 'give it', ...openaiArgs(server!), '--json-schema', schema, '--output-format', 'json']);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout);
    // The object as the schema check left it: "3" became the integer 3.
    expect(result).toMatchObject({ subtype: 'success', structured_output: { name: 'Ada', count: 3 }, result: '{"name":"Ada","count":3}', num_turns: 2, stop_reason: 'tool_use' });
    expect(server!.requests).toHaveLength(1);
    const tool = server!.requests[0].body.tools.find((t: any) => t.function.name === 'StructuredOutput');
    expect(tool.function.parameters).toEqual(JSON.parse(schema));
  });

  it('after five outputs that do not fit, ends with error_max_structured_output_retries', async () => {
    const bad: MockTurn = { toolCalls: [{ name: 'StructuredOutput', input: { nom: 'x' } }] };
    await serve([bad, bad, bad, bad, bad, { text: 'never asked' }]);
    const run = await runRein(s, ['-p', 'give it', ...openaiArgs(server!), '--json-schema', schema, '--output-format', 'json']);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      subtype: 'error_max_structured_output_retries', is_error: true, errors: ['Failed to provide valid structured output after 5 attempts'], num_turns: 6,
    });
    expect(server!.requests).toHaveLength(5);
    expect(requestText(1)).toContain('/name');
  });

  it('reminds a model that answers without it, once, and ends as it is after that', async () => {
    await serve([{ text: 'Ada.' }, { text: 'Still Ada.' }, { text: 'never asked' }]);
    const run = await runRein(s, ['-p', 'give it', ...openaiArgs(server!), '--json-schema', schema, '--output-format', 'json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'success', result: 'Still Ada.' });
    expect(JSON.parse(run.stdout)).not.toHaveProperty('structured_output');
    expect(requestText(1)).toContain('You MUST call the StructuredOutput tool');
    expect(server!.requests).toHaveLength(2);
  });

  it('a subagent is not offered StructuredOutput: only the session\'s own run answers with it', async () => {
    await serve([
      { toolCalls: [{ name: 'task', input: { description: 'look', prompt: 'Find the name', subagent_type: 'general' } }] },
      { text: 'The name is Ada.' },
      { toolCalls: [{ name: 'StructuredOutput', input: { name: 'Ada' } }] },
    ]);
    const run = await runRein(s, ['-p', 'give it', ...openaiArgs(server!), '--json-schema', schema, '--output-format', 'json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ structured_output: { name: 'Ada' } });
    expect(offeredTools(server!.requests[0].body)).toContain('StructuredOutput');
    expect(offeredTools(server!.requests[1].body)).not.toContain('StructuredOutput');
  });

  it('a schema that is not JSON, or not of an object, is one sentence and exit 2', async () => {
    const broken = await runRein(s, ['-p', 'go', '--json-schema', '{type']);
    expect([broken.exitCode, broken.stderr]).toEqual([2, expect.stringMatching(/^rein: --json-schema is not valid JSON/)]);
    const array = await runRein(s, ['-p', 'go', '--json-schema', '{"type":"array"}']);
    expect(array.stderr).toMatch(/--json-schema must describe an object/);
  });
});

describe('--fallback-model', () => {
  it('switches to the fallback when the model stays overloaded, and says so in stream-json', async () => {
    writeFileSync(join(s.home, 'agent.config.json'), JSON.stringify({ maxRetries: 2 }));
    server = await startMockLlmServer({
      respond: (req) => (req.body.model === 'main-model' ? { fault: { kind: 'status', status: 529 } } : { text: `answered by ${req.body.model}` }),
    });
    const run = await runRein(s, ['-p', 'go', ...openaiArgs(server, 'main-model'), '--fallback-model', 'spare-model', '--output-format', 'stream-json']);
    expect(run.exitCode).toBe(0);
    const messages = jsonLines(run.stdout);
    expect(messages.find((m) => m.subtype === 'api_retry')).toMatchObject({ attempt: 1, max_retries: 1 });
    expect(messages.find((m) => m.subtype === 'model_fallback')).toMatchObject({ trigger: 'overloaded', original_model: 'main-model', fallback_model: 'spare-model' });
    expect(messages.at(-1)).toMatchObject({ result: 'answered by spare-model', is_error: false });
    expect(Object.keys(messages.at(-1)!.modelUsage)).toEqual(['spare-model']);
    // Without it, the run fails.
    const alone = await runRein(s, ['-p', 'go', ...openaiArgs(server, 'main-model'), '--output-format', 'json']);
    expect(JSON.parse(alone.stdout)).toMatchObject({ is_error: true, api_error_status: 529 });
  });
});

describe('--max-budget-usd', () => {
  const costly = (): MockTurn[] => [
    { toolCalls: [{ name: 'bash', input: { command: 'touch ran.txt' } }], usage: { inputTokens: 1000, outputTokens: 100 } },
    { text: 'done', usage: { inputTokens: 1000, outputTokens: 100 } },
  ];

  it('ends the run with error_max_budget_usd once the spend passes the cap, before the calls of that turn run', async () => {
    await serve(costly());
    // claude-sonnet-4-5: 1000 in at $3/M and 100 out at $15/M = $0.0045 for the first call.
    const run = await runRein(s, ['-p', 'go', ...anthropicArgs(server!), '--max-budget-usd', '0.004', '--output-format', 'json']);
    expect(run.exitCode).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true, total_cost_usd: 0.0045, num_turns: 1, stop_reason: 'tool_use' });
    expect(result.errors[0]).toMatch(/^Reached maximum budget \(\$0\.004\)/);
    expect(existsSync(join(s.repo, 'ran.txt'))).toBe(false);
    expect(server!.requests).toHaveLength(1);
    await serve(costly());
    const roomy = await runRein(s, ['-p', 'go', ...anthropicArgs(server!), '--max-budget-usd', '1', '--output-format', 'json']);
    expect(JSON.parse(roomy.stdout)).toMatchObject({ subtype: 'success', result: 'done' });
  });

  it('does not start with a cap for a model whose price rein does not know', async () => {
    const run = await runRein(s, ['-p', 'go', '--provider', 'openai', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'llama-local', '--max-budget-usd', '1']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--max-budget-usd cannot be kept: rein knows no price for model llama-local/);
  });
});

describe('--agents', () => {
  it('adds a subagent in Claude Code\'s shape, replacing a file agent of the same name, with only its tools', async () => {
    mkdirSync(join(s.repo, '.claude', 'agents'), { recursive: true });
    writeFileSync(join(s.repo, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews from the file\n---\nFILE PROMPT\n');
    await serve([
      { toolCalls: [{ id: 'call_task', name: 'task', input: { description: 'review', prompt: 'Review notes.txt', subagent_type: 'reviewer' } }] },
      { text: 'Looks fine.' },
      { text: 'The reviewer says it looks fine.' },
    ]);
    const agents = JSON.stringify({ reviewer: { description: 'Reviews from the flag', prompt: 'FLAG PROMPT', tools: ['Read', 'Grep'], color: 'blue' } });
    const run = await runRein(s, ['-p', 'review it', ...openaiArgs(server!), '--agents', agents, '--output-format', 'stream-json']);
    expect(run.exitCode).toBe(0);
    expect(requestText(0)).toContain('Reviews from the flag');
    expect(requestText(0)).not.toContain('Reviews from the file');
    expect(requestText(1)).toContain('FLAG PROMPT');
    expect(offeredTools(server!.requests[1].body).sort()).toEqual(['grep', 'read_file']);
    expect(run.stderr).toContain('--agents: rein does not use color in agent definitions; those fields were ignored.');
    const messages = jsonLines(run.stdout);
    expect(messages[0].agents).toContain('reviewer');
    // The child's messages name the parent's call.
    expect(messages.find((m) => m.type === 'assistant' && m.parent_tool_use_id === 'call_task')).toBeDefined();
  });

  it('a definition without a prompt is one sentence and exit 2', async () => {
    const run = await runRein(s, ['-p', 'go', '--agents', '{"r": {"description": "d"}}']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('rein: --agents: agent "r" needs a "prompt" (its system prompt).');
  });
});

describe('--strict-mcp-config and flags without a meaning in rein', () => {
  it('--strict-mcp-config starts only the --mcp-config servers', async () => {
    const echoServer = (name: string) => ({ [name]: { command: process.execPath, args: [resolve('__tests__/support/mcp/faultServer.mjs'), 'normal'] } });
    writeFileSync(join(s.repo, '.mcp.json'), JSON.stringify({ mcpServers: echoServer('project') }));
    writeFileSync(join(s.repo, 'flag.json'), JSON.stringify({ mcpServers: echoServer('flagged') }));
    const mock = await serve([{ text: 'one' }, { text: 'two' }]);
    // The first request waits for the servers (Claude Code's switch), so it lists the tools of every server started.
    const waiting = { env: { MCP_CONNECTION_NONBLOCKING: 'false' } };
    await runRein(s, ['-p', 'go', ...openaiArgs(mock), '--trust-mcp', '--mcp-config', 'flag.json'], waiting);
    expect(offeredTools(mock.requests[0].body)).toEqual(expect.arrayContaining(['mcp__project__echo', 'mcp__flagged__echo']));
    await runRein(s, ['-p', 'go', ...openaiArgs(mock), '--trust-mcp', '--mcp-config', 'flag.json', '--strict-mcp-config'], waiting);
    const strict = offeredTools(mock.requests[1].body);
    expect(strict).toContain('mcp__flagged__echo');
    expect(strict).not.toContain('mcp__project__echo');
  });

  it('accepts --ide and --betas with one warning each, and the words after --betas are not the prompt', async () => {
    await serve([{ text: 'fine' }]);
    const run = await runRein(s, ['-p', 'the real prompt', ...openaiArgs(server!), '--ide', '--betas', 'one-beta', 'two-beta']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([
      'rein: --ide has no effect in rein (rein connects to no IDE); it was ignored.',
      'rein: --betas has no effect in rein (rein sends no beta headers of its own choosing); it was ignored.',
    ]);
    expect(requestText(0)).toContain('the real prompt');
    expect(requestText(0)).not.toContain('one-beta');
  });
});

