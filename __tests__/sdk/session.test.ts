// The SDK in-process against the mock server: a run's events and result, canUseTool, a function hook, abort, query.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession, query, type AgentEvent, type RunMessage, type SessionOptions } from '../../source/sdk/index.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { everythingBin } from '../support/mcpServers.js';

let home: string;
let repo: string;
let server: MockLlmServer | undefined;
const realHome = process.env.HOME;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'rein-sdk-home-'));
  // No real ~/.claude or ~/.rein is read.
  process.env.HOME = home;
});
afterAll(() => {
  process.env.HOME = realHome;
  rmSync(home, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(repo, { recursive: true, force: true });
});

async function setup(turns: MockTurn[]): Promise<SessionOptions> {
  repo = mkdtempSync(join(tmpdir(), 'rein-sdk-repo-'));
  writeFileSync(join(repo, 'notes.txt'), 'hello from notes\n');
  server = await startMockLlmServer({ turns });
  return { cwd: repo, provider: 'openai', baseUrl: server.openaiBaseUrl, model: 'test-model', reinHome: join(home, '.rein') };
}

async function collect(run: AsyncIterable<RunMessage>): Promise<RunMessage[]> {
  const out: RunMessage[] = [];
  for await (const message of run) out.push(message);
  return out;
}

async function until(check: () => boolean, deadline = Date.now() + 20_000): Promise<void> {
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waited 20 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const ofType = <T extends AgentEvent['type']>(messages: RunMessage[], type: T) => messages.filter((m): m is Extract<AgentEvent, { type: T }> => m.type === type);
const sentToModel = () => JSON.stringify(server?.requests.map((r) => r.body.messages));

describe('createSession', () => {
  it('runs a prompt: the run yields its events, then the result, which run.result also gives', async () => {
    const options = await setup([{ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'The notes greet you.' }]);
    const session = await createSession({ ...options, mode: 'yolo' });
    try {
      const run = session.send('what do the notes say?');
      const messages = await collect(run);
      const last = messages.at(-1);
      expect(last?.type).toBe('result');
      expect(messages.map((m) => m.type)).toEqual(expect.arrayContaining(['run_start', 'tool_start', 'tool_end', 'message_end', 'run_end']));
      expect(ofType(messages, 'tool_end')[0]?.result.content).toContain('hello from notes');
      const result = await run.result;
      expect(result).toBe(last);
      expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'The notes greet you.', reason: 'done', turns: 2, session_id: session.sessionId });
      expect(result.runId).toBe(ofType(messages, 'run_end')[0]?.runId);
      // A second prompt in the same session carries the conversation so far.
      server?.push({ text: 'Still hello.' });
      expect((await session.send('and now?').result).result).toBe('Still hello.');
      expect(JSON.stringify(server?.requests[2]?.body.messages)).toContain('hello from notes');
    } finally {
      await session.close();
    }
  });

  it('puts what would ask to canUseTool: a deny refuses the call and the model is told the message', async () => {
    const options = await setup([{ toolCalls: [{ name: 'bash', input: { command: 'echo made > made.txt' } }] }, { text: 'Could not.' }]);
    const asked: Array<{ name: string; input: Record<string, unknown> }> = [];
    const session = await createSession({
      ...options,
      canUseTool: async (name, input) => {
        asked.push({ name, input });
        return { behavior: 'deny', message: 'No shell commands in this test.' };
      },
    });
    try {
      const run = session.send('make a file');
      const messages = await collect(run);
      expect(asked).toEqual([{ name: 'bash', input: { command: 'echo made > made.txt' } }]);
      expect(ofType(messages, 'tool_end')[0]).toMatchObject({ name: 'bash', denied: true });
      expect(existsSync(join(repo, 'made.txt'))).toBe(false);
      expect(sentToModel()).toContain('No shell commands in this test.');
      const result = await run.result;
      expect(result.permission_denials).toEqual([expect.objectContaining({ tool_name: 'Bash', tool_input: expect.objectContaining({ command: 'echo made > made.txt' }) })]);
    } finally {
      await session.close();
    }
  });

  it('runs the call canUseTool allows, with the arguments it changed', async () => {
    const options = await setup([{ toolCalls: [{ name: 'bash', input: { command: 'echo wrong > made.txt' } }] }, { text: 'Made.' }]);
    const session = await createSession({ ...options, canUseTool: async () => ({ behavior: 'allow', updatedInput: { command: 'echo right > made.txt' } }) });
    try {
      const result = await session.send('make a file').result;
      expect(result.subtype).toBe('success');
      expect(readFileSync(join(repo, 'made.txt'), 'utf8')).toBe('right\n');
      expect(result.permission_denials).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('without canUseTool, what would ask is denied (ask mode by default)', async () => {
    const options = await setup([{ toolCalls: [{ name: 'bash', input: { command: 'echo made > made.txt' } }] }, { text: 'Could not.' }]);
    const session = await createSession(options);
    try {
      const result = await session.send('make a file').result;
      expect(existsSync(join(repo, 'made.txt'))).toBe(false);
      expect(result.permission_denials.map((d) => d.tool_name)).toEqual(['Bash']);
    } finally {
      await session.close();
    }
  });

  it('runs function hooks: a PreToolUse hook blocks a call with its reason; one that throws is a failed hook', async () => {
    const options = await setup([{ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'Blocked, then.' }]);
    const seen: unknown[] = [];
    const session = await createSession({
      ...options, mode: 'yolo',
      hooks: {
        PreToolUse: [{ matcher: 'Read', hooks: [async (input, toolUseId) => {
          seen.push({ tool: input.tool_name, path: input.tool_input?.file_path, toolUseId, event: input.hook_event_name });
          return { decision: 'block', reason: 'The notes are private.' };
        }] }],
        PostToolUse: [async () => {
          throw new Error('never reached: the call was blocked');
        }],
        Stop: [async () => {
          throw new Error('the stop hook broke');
        }],
      },
    });
    try {
      const messages = await collect(session.send('read the notes'));
      expect(seen).toEqual([{ tool: 'Read', path: join(repo, 'notes.txt'), toolUseId: expect.any(String), event: 'PreToolUse' }]);
      expect(ofType(messages, 'tool_end')[0]).toMatchObject({ name: 'read_file', denied: true });
      expect(ofType(messages, 'tool_end')[0]?.result.content).toContain('The notes are private.');
      expect(sentToModel()).toContain('The notes are private.');
      expect(sentToModel()).not.toContain('hello from notes');
      const hooks = ofType(messages, 'hook');
      expect(hooks).toEqual(expect.arrayContaining([
        expect.objectContaining({ event: 'PreToolUse', outcome: 'blocked' }),
        expect.objectContaining({ event: 'Stop', outcome: 'failed', message: expect.stringContaining('the stop hook broke') }),
      ]));
      expect(hooks.some((h) => h.event === 'PostToolUse')).toBe(false);
    } finally {
      await session.close();
    }
  });

  it('aborts a run: its command stops, the iteration ends with an aborted result', async () => {
    const options = await setup([{ toolCalls: [{ name: 'bash', input: { command: 'echo $$ > pid.txt; sleep 60; echo late > late.txt' } }] }]);
    const session = await createSession({ ...options, mode: 'yolo' });
    try {
      const run = session.send('wait a minute');
      const messages: RunMessage[] = [];
      for await (const message of run) {
        messages.push(message);
        // Once the command is running (its shell wrote its pid), not before.
        if (message.type === 'tool_start') {
          await until(() => existsSync(join(repo, 'pid.txt')) && readFileSync(join(repo, 'pid.txt'), 'utf8').endsWith('\n'));
          run.abort();
        }
      }
      const result = await run.result;
      expect(messages.at(-1)).toBe(result);
      expect(result).toMatchObject({ reason: 'aborted', subtype: 'error_during_execution', is_error: true, terminal_reason: 'aborted_tools' });
      const pid = Number(readFileSync(join(repo, 'pid.txt'), 'utf8'));
      await until(() => !alive(pid));
      expect(existsSync(join(repo, 'late.txt'))).toBe(false);
      // The session takes the next prompt; one more while it runs is refused in a sentence, and the first goes on.
      server?.push({ text: 'Here again.', chunkDelayMs: 50 });
      const next = session.send('hello');
      await expect(session.send('and more').result).rejects.toThrow('A run is already active; wait for it to end or abort it first.');
      expect((await next.result).result).toBe('Here again.');
    } finally {
      await session.close();
    }
  });

  it('starts the MCP servers it is given and offers their tools; subscribe sees every event', async () => {
    const options = await setup([{ toolCalls: [{ name: 'mcp__everything__echo', input: { message: 'hi there' } }] }, { text: 'Echoed.' }]);
    const session = await createSession({ ...options, mode: 'yolo', mcpServers: { everything: { command: everythingBin, args: ['stdio'] } } });
    const seen: string[] = [];
    const unsubscribe = session.subscribe((event) => seen.push(event.type));
    try {
      const run = session.send('echo something');
      const ended = ofType(await collect(run), 'tool_end')[0];
      expect(ended).toMatchObject({ name: 'mcp__everything__echo' });
      expect(ended?.result.content).toContain('hi there');
      expect(seen).toEqual(expect.arrayContaining(['mcp_status', 'run_start', 'tool_end', 'run_end']));
    } finally {
      unsubscribe();
      await session.close();
    }
  });

  it('takes appendSystemPrompt, disallowedTools and maxTurns as the flags give them', async () => {
    const options = await setup([
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
      { toolCalls: [{ name: 'glob', input: { pattern: '*.txt' } }] },
      { text: 'never asked for' },
    ]);
    const session = await createSession({ ...options, mode: 'yolo', appendSystemPrompt: 'Answer like a sailor.', disallowedTools: ['Read'], maxTurns: 2 });
    try {
      const result = await session.send('look around').result;
      expect(JSON.stringify(server?.requests[0]?.body.messages[0])).toContain('Answer like a sailor.');
      expect(result.permission_denials.map((d) => d.tool_name)).toEqual(['Read']);
      expect(result).toMatchObject({ reason: 'max_turns', subtype: 'error_max_turns', turns: 2 });
      expect(server?.requests).toHaveLength(2);
    } finally {
      await session.close();
    }
  });

  it("keeps ask mode against an untrusted project's yolo; trustProject lets it widen", async () => {
    const options = await setup([{ toolCalls: [{ name: 'bash', input: { command: 'echo made > made.txt' } }] }, { text: 'Could not.' }]);
    writeFileSync(join(repo, 'agent.config.json'), JSON.stringify({ permissionMode: 'yolo' }));
    const untrusted = await createSession(options);
    try {
      expect(untrusted.mode).toBe('ask');
      const result = await untrusted.send('make a file').result;
      expect(result.permission_denials.map((d) => d.tool_name)).toEqual(['Bash']);
      expect(existsSync(join(repo, 'made.txt'))).toBe(false);
    } finally {
      await untrusted.close();
    }
    const trusted = await createSession({ ...options, trustProject: true });
    try {
      expect(trusted.mode).toBe('yolo');
    } finally {
      await trusted.close();
    }
  });

  it('says in one sentence what is wrong with its options', async () => {
    const options = await setup([]);
    await expect(createSession({ ...options, mode: 'sometimes' as never })).rejects.toThrow(/mode must be one of .*ask.*yolo/);
    await expect(createSession({ ...options, cwd: join(repo, 'missing') })).rejects.toThrow(/cwd must be an existing folder/);
    await expect(createSession({ ...options, hooks: { PreToolUs: [async () => ({})] } as never })).rejects.toThrow(/hooks has an event rein does not run: "PreToolUs"/);
    await expect(createSession({ ...options, hooks: { Stop: [{ hooks: [async () => ({})], timeout: 0 }] } })).rejects.toThrow(/timeout that is not a positive number/);
    const session = await createSession(options);
    expect(() => session.send('  ')).toThrow(/prompt is empty/);
    await session.close();
    expect(() => session.send('again')).toThrow(/session is closed/);
  });
});

describe('query', () => {
  it('iterates one run in a session of its own, ending with the result', async () => {
    const options = await setup([{ text: 'One shot.' }]);
    const q = query({ prompt: 'hello', options: { ...options, mode: 'yolo' } });
    const messages = await collect(q);
    const result = await q.result;
    expect(messages.at(-1)).toBe(result);
    expect(messages[0]?.type).not.toBe('result');
    expect(result).toMatchObject({ subtype: 'success', result: 'One shot.' });
  });

  it('rejects its result and its iteration when the session cannot open', async () => {
    const q = query({ prompt: 'hello', options: { cwd: join(tmpdir(), 'rein-sdk-no-such-folder') } });
    await expect(q.result).rejects.toThrow(/cwd must be an existing folder/);
    await expect(collect(q)).rejects.toThrow(/cwd must be an existing folder/);
    repo = mkdtempSync(join(tmpdir(), 'rein-sdk-repo-'));
  });
});
