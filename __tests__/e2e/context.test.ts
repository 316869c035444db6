// End-to-end context engine: resume proven from the requests the mock server receives, and a long session that
// crosses the window, compacts, and keeps a byte-stable prefix between compactions.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarySystemPrompt } from '../../source/engine/compaction/index.js';
import { validateHistory } from '../../source/engine/history.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn, type RecordedRequest } from '../support/mockLlmServer.js';
import { fromAnthropicRequest, fromOpenAIRequest } from '../support/requestHistory.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-ctx-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-ctx-home-'));
});
afterEach(async () => {
  await server?.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[], format: 'openai' | 'anthropic' = 'openai') {
  const provider = format === 'openai'
    ? ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model']
    : ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-test'];
  return execa('node', [cli, ...args, ...provider], {
    cwd: repo, reject: false, timeout: 60_000,
    env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' },
  });
}

const bodyText = (request: RecordedRequest) => JSON.stringify(request.body.messages);

describe('resume', () => {
  it('--continue sends the earlier conversation to the model, and --resume <id> picks a given session', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'Noted the word.' }, { text: 'It was PINEAPPLE.' }, { text: 'Still PINEAPPLE.' }] });
    const first = await rein(['-p', 'Remember the word PINEAPPLE.', '--output-format', 'json']);
    expect(first.exitCode).toBe(0);
    const sessionId = JSON.parse(first.stdout).session_id as string;

    const second = await rein(['-p', 'What was the word?', '--continue']);
    expect(second.exitCode).toBe(0);
    expect(second.stdout.trim()).toBe('It was PINEAPPLE.');
    const resumed = server.requests[1];
    expect(bodyText(resumed)).toContain('Remember the word PINEAPPLE.');
    expect(bodyText(resumed)).toContain('Noted the word.');
    expect(validateHistory(fromOpenAIRequest(resumed.body))).toBeUndefined();

    const third = await rein(['-p', 'And now?', '--resume', sessionId.slice(0, 17)]);
    expect(third.exitCode).toBe(0);
    const all = bodyText(server.requests[2]);
    expect(all.indexOf('Remember the word PINEAPPLE.')).toBeLessThan(all.indexOf('What was the word?'));
    expect(all.indexOf('What was the word?')).toBeLessThan(all.indexOf('And now?'));
  });

  it('skips a cut-off last line with a warning and still resumes', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
    expect((await rein(['-p', 'first question'])).exitCode).toBe(0);
    const [sessionId] = readdirSync(join(home, 'sessions'));
    appendFileSync(join(home, 'sessions', sessionId, 'log.jsonl'), '{"kind":"event","event":{"type":"run_st');
    const run = await rein(['-p', 'second question', '--continue']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/cut off/);
    expect(bodyText(server.requests[1])).toContain('first question');
  });

  it('says plainly when there is nothing to continue', async () => {
    server = await startMockLlmServer({ turns: [] });
    const run = await rein(['-p', 'hi', '--continue']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/no earlier session in this directory/);
  });
});

/** A session that reads big command outputs until it has to compact, then answers. */
function longSession(calls: number): (req: RecordedRequest) => MockTurn {
  let made = 0;
  return (req) => {
    const system = req.format === 'openai' ? req.body.messages[0]?.content : JSON.stringify(req.body.system);
    if (String(system).includes(summarySystemPrompt.slice(0, 60))) return { text: '## Goals\nCount lines.\n## Current state\nMany outputs read.' };
    if (made < calls) return { toolCalls: [{ name: 'bash', input: { command: `seq ${++made} 2500` } }] };
    return { text: 'Finished counting.' };
  };
}

/** Strips Anthropic's moving cache breakpoints, which are markers rather than content. */
const withoutCacheMarks = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v) => (k === 'cache_control' ? undefined : v)));

describe.each(['openai', 'anthropic'] as const)('a long session over the %s format', (format) => {
  it('compacts, finishes with a valid history, and keeps the prefix byte-stable between compactions', async () => {
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'AGENTS.md'), 'Project rule: never edit generated files.\n');
    // Ten results kept whole, as before clearing old ones became the default: this exercises the summary.
    writeFileSync(join(repo, 'agent.config.json'), JSON.stringify({ context: { maxContextTokens: 16000, keepRecentToolResults: 10 } }));
    server = await startMockLlmServer({ respond: longSession(16) });
    const run = await rein(['-p', 'Count the lines of every output, exactly as I say.', '--output-format', 'rein-events'], format);
    expect(run.exitCode).toBe(0);
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const compactions = events.filter((e) => e.type === 'compaction');
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-2)).toMatchObject({ type: 'run_end', reason: 'done', text: 'Finished counting.' });
    expect(events.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });

    const toHistory = format === 'openai' ? fromOpenAIRequest : fromAnthropicRequest;
    const isSummaryRequest = (r: RecordedRequest) => JSON.stringify(r.body).includes(summarySystemPrompt.slice(0, 60));
    const agentRequests = server.requests.filter((r) => !isSummaryRequest(r));
    expect(server.requests.some(isSummaryRequest)).toBe(true);
    for (const request of agentRequests) expect(validateHistory(toHistory(request.body))).toBeUndefined();

    const last = agentRequests.at(-1)!;
    expect(bodyText(last)).toContain('<conversation-summary>');
    expect(bodyText(last)).toContain('Count the lines of every output, exactly as I say.');
    expect(JSON.stringify(last.body)).toContain('Project rule: never edit generated files.');

    // Between compactions each request starts with the previous one, byte for byte.
    const conversation = (r: RecordedRequest) => r.body.messages;
    const prefixOf = (r: RecordedRequest) => JSON.stringify(withoutCacheMarks({ system: r.body.system, tools: r.body.tools }));
    let breaks = 0;
    for (let i = 1; i < agentRequests.length; i++) {
      expect(prefixOf(agentRequests[i])).toBe(prefixOf(agentRequests[0]));
      const before = withoutCacheMarks(conversation(agentRequests[i - 1])) as unknown[];
      const after = withoutCacheMarks(conversation(agentRequests[i])) as unknown[];
      if (JSON.stringify(after.slice(0, before.length)) !== JSON.stringify(before)) breaks++;
    }
    expect(breaks).toBeLessThanOrEqual(compactions.length);
    expect(agentRequests.length - 1 - breaks).toBeGreaterThan(breaks);
  });
});

describe.each(['openai', 'anthropic'] as const)('a long session with the default clearing over the %s format', (format) => {
  it('clears each old result once answered, needs no summary, and changes nothing but the last result from request to request', async () => {
    writeFileSync(join(repo, 'AGENTS.md'), 'Project rule: never edit generated files.\n');
    writeFileSync(join(repo, 'agent.config.json'), JSON.stringify({ context: { maxContextTokens: 16000 } }));
    server = await startMockLlmServer({ respond: longSession(16) });
    const run = await rein(['-p', 'Count the lines of every output, exactly as I say.', '--output-format', 'rein-events'], format);
    expect(run.exitCode).toBe(0);
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.at(-2)).toMatchObject({ type: 'run_end', reason: 'done', text: 'Finished counting.' });
    expect(events.some((e) => e.type === 'compaction' && e.level === 'micro')).toBe(true);
    expect(server.requests.some((r) => JSON.stringify(r.body).includes(summarySystemPrompt.slice(0, 60)))).toBe(false);
    const toHistory = format === 'openai' ? fromOpenAIRequest : fromAnthropicRequest;
    for (const request of server.requests) {
      expect(validateHistory(toHistory(request.body))).toBeUndefined();
      expect(bodyText(request)).toContain('Count the lines of every output, exactly as I say.');
      expect(JSON.stringify(request.body)).toContain('Project rule: never edit generated files.');
    }
    expect(bodyText(server.requests.at(-1)!)).toMatch(/\[old output of bash seq 1 2500, \d+(\.\d)? KB, cleared to save context/);
    // What a prompt cache loses from one request to the next is at most the result it last added, except once: the
    // first clearing, when the context passed half the window, clears every answered result in one batch.
    const messages = (r: RecordedRequest) => withoutCacheMarks(r.body.messages) as unknown[];
    let wider = 0;
    for (let i = 1; i < server.requests.length; i++) {
      const before = messages(server.requests[i - 1]);
      const after = messages(server.requests[i]);
      if (JSON.stringify(after.slice(0, before.length - 1)) !== JSON.stringify(before.slice(0, -1))) wider++;
    }
    expect(wider).toBe(1);
  });
});
