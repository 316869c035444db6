// Fault suite, tools and the guards around them: failing, crashing, hanging, flooding and interactive commands,
// files changed behind rein's back, and a model whose tool calls keep failing or arrive as broken JSON.
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../source/protocol/messages.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { defineTool } from '../../source/tools/types.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { expectConsistent, expectOneMessage, expectRecovered, removeTempDirs, runCase, sdks, tempDir, type Outcome } from './support.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

async function serve(...turns: MockTurn[]): Promise<MockLlmServer> {
  server = await startMockLlmServer({ apiKey: 'sk-test', turns });
  return server;
}

const toolResults = (outcome: Outcome): ToolResultBlock[] =>
  outcome.session.conversation.history().flatMap((m) => m.content.filter((b): b is ToolResultBlock => b.type === 'tool_result'));

/** One bash call, then an answer: the command's result as the model got it. */
async function bashCase(command: string, opts: { timeout?: number; workspace?: string } = {}): Promise<{ outcome: Outcome; result: ToolResultBlock }> {
  const s = await serve({ toolCalls: [{ name: 'bash', input: { command, ...(opts.timeout ? { timeout: opts.timeout } : {}) } }] }, { text: 'done' });
  const outcome = await runCase('openai', s, 'run it', { workspace: opts.workspace });
  expectRecovered(outcome, 'done');
  expectConsistent(outcome, s);
  const [result] = toolResults(outcome);
  return { outcome, result: result! };
}

describe('tool faults', () => {
  const crashing = (thrown: () => unknown) =>
    defineTool<Record<string, never>>({
      name: 'fragile', description: 'fails', inputSchema: { type: 'object', properties: {} }, readOnly: true,
      async execute() {
        throw thrown();
      },
    });

  for (const [name, thrown, says] of [
    ['a tool that throws an Error', () => new Error('disk on fire'), /^\[tool crash\] disk on fire/],
    ['a tool that throws a non-Error value', () => ({ code: 42 }), /^\[tool crash\] .*42/],
  ] as const) {
    it(`${name}: an error result for the model, the run goes on`, async () => {
      const s = await serve({ toolCalls: [{ name: 'fragile', input: {} }] }, { text: 'coped' });
      const outcome = await runCase('openai', s, 'try it', { session: { tools: [...builtinTools, crashing(thrown)] } });
      expectRecovered(outcome, 'coped');
      expectConsistent(outcome, s);
      expect(toolResults(outcome)[0]).toMatchObject({ isError: true, content: expect.stringMatching(says) });
    });
  }

  it('a command that times out: killed, and the message says it may wait for input', async () => {
    const { result } = await bashCase('sleep 30', { timeout: 300 });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/\[killed after timeout of 0.3 s; if it was waiting for input, .*stdin is closed\]/);
  });

  it('a command that prints a prompt and waits: named as waiting for input', async () => {
    const { result } = await bashCase('printf "Overwrite config? [y/N] "; sleep 30', { timeout: 300 });
    expect(result.content).toMatch(/^Overwrite config\? \[y\/N\]\s*\n\[killed after timeout of 0.3 s; it seems to be waiting for input/);
  });

  it('a child that ignores SIGTERM: killed with SIGKILL after the grace period', async () => {
    const { result } = await bashCase(`bash -c 'trap "" TERM; while true; do sleep 0.05; done'`, { timeout: 300 });
    expect(result.content).toMatch(/\[killed after timeout of 0.3 s/);
  });

  it('a command that starts a grandchild and exits: returns at once with its output', async () => {
    const { result } = await bashCase('(sleep 30 &) ; echo parent-done');
    expect(result).toMatchObject({ content: 'parent-done' });
  });

  it('10 MB of output: the model gets head and tail, the whole saved to a file', async () => {
    const { result } = await bashCase(`head -c 10485760 /dev/zero | tr '\\0' a; echo; echo THE-END`);
    expect(result.content.length).toBeLessThan(100_000);
    expect(result.content).toMatch(/THE-END$/);
    // In memory the command keeps its first 1 MB and last 4 MB, and that is what is saved.
    const saved = /saved at (\S+);/.exec(result.content)?.[1];
    const text = saved ? readFileSync(saved, 'utf8') : '';
    expect(text.length).toBeGreaterThan(4_000_000);
    expect(text).toMatch(/characters of output dropped[\s\S]*THE-END$/);
  });

  it('binary and invalid UTF-8 output: text the APIs accept, no NUL bytes', async () => {
    const { result } = await bashCase(`printf 'ok\\xff\\xfe\\x00\\x01tail'`);
    expect(result.content).toMatch(/^ok.*tail$/s);
    expect(result.content).not.toContain('\u0000');
  });

  it('a command that reads stdin: gets end of input at once instead of hanging', async () => {
    const { result } = await bashCase('read line; echo "read:[$line] status:$?"');
    expect(result.content).toBe('read:[] status:1');
  });

  it('a pager (git log, less): the text comes back, nothing waits for a key', async () => {
    const ws = tempDir('rein-fault-git-');
    execFileSync('git', ['init', '-q'], { cwd: ws });
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'add', '.'], { cwd: ws });
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', 'first commit'], { cwd: ws });
    const { result } = await bashCase('git log --format=%s && less a.txt', { workspace: ws, timeout: 10_000 });
    expect(result.content).toBe('first commit\none');
  });

  it('an editor (git commit without -m, $EDITOR, $VISUAL): returns instead of waiting for a terminal', async () => {
    const ws = tempDir('rein-fault-git-');
    execFileSync('git', ['init', '-q'], { cwd: ws });
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    execFileSync('git', ['add', '.'], { cwd: ws });
    const { result } = await bashCase('git -c user.name=T -c user.email=t@example.com commit; echo "commit:$?"; $EDITOR a.txt; $VISUAL a.txt; echo "editor:$?"', { workspace: ws, timeout: 10_000 });
    expect(result.content).not.toContain('killed after timeout');
    expect(result.content).toMatch(/Aborting commit due to empty commit message[\s\S]*commit:1/);
    expect(result.content).toMatch(/editor:0$/);
  });

  it('vi run as an editor is stopped at the timeout, named as waiting for input; vi in batch mode returns', async () => {
    const ws = tempDir('rein-fault-vi-');
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    const interactive = await bashCase('vi a.txt', { workspace: ws, timeout: 1_000 });
    expect(interactive.result.content).toMatch(/\[killed after timeout of 1 s; it seems to be waiting for input/);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    // Ex commands on stdin without a closing quit: vi ends at their end.
    const batch = await bashCase(`printf '%s\\n' '%s/one/two/' 'w' | vi -es a.txt; echo "vi:$?"`, { workspace: ws, timeout: 5_000 });
    expect(batch.result.content).not.toContain('killed after timeout');
    expect(batch.result.content).toMatch(/vi:\d+$/);
  });

  it('a file changed on disk between read and edit: the edit is refused, the file keeps the new content', async () => {
    const ws = tempDir('rein-fault-ws-');
    writeFileSync(join(ws, 'f.txt'), 'original\n');
    server = await startMockLlmServer({
      apiKey: 'sk-test',
      respond: (_req, i) => {
        if (i === 0) return { toolCalls: [{ name: 'read_file', input: { path: 'f.txt' } }] };
        if (i === 1) {
          writeFileSync(join(ws, 'f.txt'), 'changed by someone else, longer\n');
          return { toolCalls: [{ name: 'edit_file', input: { path: 'f.txt', old_string: 'original', new_string: 'edited' } }] };
        }
        return { text: 'stopped' };
      },
    });
    const outcome = await runCase('openai', server, 'edit', { workspace: ws });
    expectRecovered(outcome, 'stopped');
    expectConsistent(outcome, server);
    expect(toolResults(outcome)[1]).toMatchObject({ isError: true, content: expect.stringMatching(/changed|modified/i) });
    expect(readFileSync(join(ws, 'f.txt'), 'utf8')).toBe('changed by someone else, longer\n');
  });

  it('a file deleted between read and edit: the edit is refused, nothing is created', async () => {
    const ws = tempDir('rein-fault-ws-');
    writeFileSync(join(ws, 'f.txt'), 'original\n');
    server = await startMockLlmServer({
      apiKey: 'sk-test',
      respond: (_req, i) => {
        if (i === 0) return { toolCalls: [{ name: 'read_file', input: { path: 'f.txt' } }] };
        if (i === 1) {
          unlinkSync(join(ws, 'f.txt'));
          return { toolCalls: [{ name: 'edit_file', input: { path: 'f.txt', old_string: 'original', new_string: 'edited' } }] };
        }
        return { text: 'stopped' };
      },
    });
    const outcome = await runCase('openai', server, 'edit', { workspace: ws });
    expectRecovered(outcome, 'stopped');
    expectConsistent(outcome, server);
    expect(toolResults(outcome)[1]?.isError).toBe(true);
    expect(() => readFileSync(join(ws, 'f.txt'))).toThrow();
  });

  it('a symlink swapped to point outside the workspace after the read: the edit never touches the outside file', async () => {
    const ws = tempDir('rein-fault-ws-');
    const outside = tempDir('rein-fault-outside-');
    writeFileSync(join(ws, 'real.txt'), 'original\n');
    writeFileSync(join(outside, 'secret.txt'), 'original\n');
    symlinkSync(join(ws, 'real.txt'), join(ws, 'link.txt'));
    server = await startMockLlmServer({
      apiKey: 'sk-test',
      respond: (_req, i) => {
        if (i === 0) return { toolCalls: [{ name: 'read_file', input: { path: 'link.txt' } }] };
        if (i === 1) {
          unlinkSync(join(ws, 'link.txt'));
          symlinkSync(join(outside, 'secret.txt'), join(ws, 'link.txt'));
          return { toolCalls: [{ name: 'edit_file', input: { path: 'link.txt', old_string: 'original', new_string: 'edited' } }] };
        }
        return { text: 'stopped' };
      },
    });
    const outcome = await runCase('openai', server, 'edit', { workspace: ws, session: { interactive: false, mode: 'auto-edit' } });
    expect(outcome.code).toBe(0);
    expectConsistent(outcome, server);
    expect(toolResults(outcome)[1]?.isError).toBe(true);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('original\n');
    expect(readFileSync(join(ws, 'real.txt'), 'utf8')).toBe('original\n');
  });
});

describe('guards against a model whose tool calls keep failing', () => {
  it('8 failed calls in a row with different arguments stop the run with one sentence and exit code 1', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', respond: (_req, i) => ({ toolCalls: [{ name: 'read_file', input: { path: `missing-${i}.txt` } }] }) });
    const outcome = await runCase('openai', server, 'read them');
    expectOneMessage(outcome, /^rein: Stopped: 8 tool calls in a row failed\..*maxConsecutiveToolErrors/);
    expectConsistent(outcome, server);
    expect(server.requests).toHaveLength(8);
  });

  it('maxConsecutiveToolErrors sets the limit', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', respond: (_req, i) => ({ toolCalls: [{ name: 'read_file', input: { path: `missing-${i}.txt` } }] }) });
    const outcome = await runCase('openai', server, 'read them', { session: { maxConsecutiveToolErrors: 3 } });
    expectOneMessage(outcome, /Stopped: 3 tool calls in a row failed/);
    expect(server.requests).toHaveLength(3);
  });

  it('a success in between starts the count again', async () => {
    const ws = tempDir('rein-fault-ws-');
    writeFileSync(join(ws, 'here.txt'), 'x\n');
    server = await startMockLlmServer({
      apiKey: 'sk-test',
      respond: (_req, i) => (i === 12 ? { text: 'gave up' } : { toolCalls: [{ name: 'read_file', input: { path: i === 6 ? 'here.txt' : `missing-${i}.txt` } }] }),
    });
    const outcome = await runCase('openai', server, 'read them', { workspace: ws });
    expectRecovered(outcome, 'gave up');
  });

  it('an A-B-A-B cycle of identical calls is stopped like a straight repeat', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', respond: (_req, i) => ({ toolCalls: [{ name: 'glob', input: { pattern: i % 2 === 0 ? '*.a' : '*.b' } }] }) });
    const outcome = await runCase('openai', server, 'look around');
    // The user is told once when the model is warned, and once when the run stops.
    expect(outcome.stderr.split('\n').filter(Boolean)).toEqual([
      'rein: The model repeated the same 2 tool calls in turn 3 times with the same result; it was told to change approach.',
      expect.stringMatching(/^rein: Stopped: the model went round the same 2 tool calls with identical arguments 5 times/),
    ]);
    expect(outcome.code).toBe(1);
    expectConsistent(outcome, server);
    expect(server.requests).toHaveLength(10);
    // The model was told after three rounds of the cycle.
    expect(JSON.stringify(server.requests[6]!.body)).toContain('the same 2 tool calls in turn');
  });

  for (const sdk of sdks) {
    it(`${sdk}: arguments in single quotes, with a trailing comma and cut off, are repaired and the call runs`, async () => {
      const ws = tempDir('rein-fault-ws-');
      writeFileSync(join(ws, 'notes.txt'), 'repaired read\n');
      const s = await serve({ toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }], fault: { kind: 'sloppy_tool_json' } }, { text: 'read it' });
      const outcome = await runCase(sdk, s, 'read', { workspace: ws });
      expectRecovered(outcome, 'read it');
      expectConsistent(outcome, s);
      expect(toolResults(outcome)[0]).toMatchObject({ content: expect.stringContaining('repaired read') });
      expect(toolResults(outcome)[0]?.isError).toBeFalsy();
    });

    it(`${sdk}: arguments beyond repair 3 times in a row: the model is told each time, then the run stops`, async () => {
      server = await startMockLlmServer({ apiKey: 'sk-test', respond: () => ({ toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }], fault: { kind: 'malformed_tool_json' } }) });
      const outcome = await runCase(sdk, server, 'read');
      expectOneMessage(outcome, /not valid JSON 3 times in a row/);
      expectConsistent(outcome, server);
      expect(server.requests).toHaveLength(3);
      expect(toolResults(outcome).map((r) => r.content)).toEqual(Array(3).fill(expect.stringMatching(/were not valid JSON/)));
    });
  }
});
