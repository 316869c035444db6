// End-to-end: the built `rein acp` driven by the ACP SDK's client over stdio, against the mock model server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { isRunning, pidIn, until } from '../support/commandPids.js';
import { everythingBin, filesystemBin } from '../support/mcpServers.js';
import { agentText, scratch, select, startAgent, updatesOf, withClient, type Scratch } from './acpClient.js';

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

const toolResults = (body: any): string[] => (body.messages ?? []).filter((m: any) => m.role === 'tool').map((m: any) => String(m.content));

// Each test starts the built CLI (one or two processes): generous on a shared, slow machine.
describe('rein acp', { timeout: 120_000 }, () => {
  it('fixes a failing test: reads the file, edits it with the editor\'s approval, runs the test; "always" saves the rule', async () => {
    writeFileSync(join(s.repo, 'sum.js'), 'export const sum = (a, b) => a - b;\n');
    writeFileSync(join(s.repo, 'test.mjs'), "import { sum } from './sum.js';\nif (sum(2, 3) !== 5) { console.log('FAIL'); process.exit(1); }\nconsole.log('PASS');\n");
    writeFileSync(join(s.repo, 'package.json'), '{"type":"module"}\n');
    server = await startMockLlmServer({ turns: [
      { thinking: 'Look at sum first.', toolCalls: [{ name: 'read_file', input: { path: 'sum.js' } }] },
      { toolCalls: [{ name: 'todo_write', input: { todos: [{ content: 'Fix sum', activeForm: 'Fixing sum', status: 'in_progress' }] } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'sum.js', old_string: 'a - b', new_string: 'a + b' } }] },
      { toolCalls: [{ name: 'bash', input: { command: 'node test.mjs' } }] },
      { text: 'Fixed: the test passes.' },
      // The second prompt runs the same command: the rule "always" added lets it run without asking.
      { toolCalls: [{ name: 'bash', input: { command: 'node test.mjs' } }] },
      { text: 'Still passing.' },
    ] });
    const agent = startAgent(s, server);
    await withClient(agent, { permission: (r) => select(r.toolCall.kind === 'execute' ? 'allow_always' : 'allow_once') }, async (ctx, side) => {
      const created = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      expect(created.modes?.currentModeId).toBe('ask');
      expect(created.modes?.availableModes.map((m) => m.id)).toEqual(['ask', 'auto-edit', 'plan', 'yolo']);
      const done = await ctx.request('session/prompt', { sessionId: created.sessionId, prompt: [{ type: 'text', text: 'make the test pass' }] });
      expect(done.stopReason).toBe('end_turn');
      expect(readFileSync(join(s.repo, 'sum.js'), 'utf8')).toBe('export const sum = (a, b) => a + b;\n');

      // The edit and the command were asked; the read was not.
      expect(side.permissions.map((p) => p.toolCall.kind)).toEqual(['edit', 'execute']);
      const editAsk = side.permissions[0]!;
      expect(editAsk.options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'reject_once']);
      expect(editAsk.toolCall.locations).toEqual([{ path: join(s.repo, 'sum.js') }]);
      expect(editAsk.toolCall.content).toEqual([{ type: 'diff', path: join(s.repo, 'sum.js'), oldText: 'export const sum = (a, b) => a - b;\n', newText: 'export const sum = (a, b) => a + b;\n' }]);

      const calls = updatesOf(side, 'tool_call');
      expect(calls.map((c) => c.kind)).toEqual(['read', 'other', 'edit', 'execute']);
      const ends = updatesOf(side, 'tool_call_update').filter((u) => u.status === 'completed');
      expect(ends).toHaveLength(4);
      const bashEnd = ends[3]!;
      expect(JSON.stringify(bashEnd.content)).toContain('PASS');
      expect(updatesOf(side, 'agent_thought_chunk').map((u) => (u.content.type === 'text' ? u.content.text : '')).join('')).toBe('Look at sum first.');
      expect(updatesOf(side, 'plan').at(-1)?.entries).toEqual([{ content: 'Fixing sum', priority: 'medium', status: 'in_progress' }]);
      expect(agentText(side)).toBe('Fixed: the test passes.');
      expect(toolResults(server!.requests[4]!.body).join('\n')).toContain('PASS');

      const again = await ctx.request('session/prompt', { sessionId: created.sessionId, prompt: [{ type: 'text', text: 'run it again' }] });
      expect(again.stopReason).toBe('end_turn');
      expect(side.permissions).toHaveLength(2);
      expect(toolResults(server!.requests[5]!.body).join('\n')).toContain('PASS');
      // Nothing but JSON-RPC on stdout: the command's output went to the model, never to the pipe.
      const lines = side.stdout.join('').split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) expect((JSON.parse(line) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    });
    const exit = await agent;
    expect(exit.exitCode).toBe(0);
  });

  it('a rejected edit changes nothing, the call fails, and the model is told', async () => {
    writeFileSync(join(s.repo, 'notes.txt'), 'keep me\n');
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'write_file', input: { path: 'notes.txt', content: 'overwritten\n' } }] },
      { text: 'Understood.' },
    ] });
    const agent = startAgent(s, server);
    await withClient(agent, { permission: () => select('reject_once') }, async (ctx, side) => {
      const { sessionId } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      const done = await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'rewrite notes' }] });
      expect(done.stopReason).toBe('end_turn');
      expect(side.permissions).toHaveLength(1);
      expect(side.permissions[0]!.toolCall.content).toEqual([{ type: 'diff', path: join(s.repo, 'notes.txt'), oldText: 'keep me\n', newText: 'overwritten\n' }]);
      expect(readFileSync(join(s.repo, 'notes.txt'), 'utf8')).toBe('keep me\n');
      expect(updatesOf(side, 'tool_call_update').at(-1)?.status).toBe('failed');
      expect(toolResults(server!.requests[1]!.body).join('\n')).toMatch(/denied|declined|refused|rejected/i);
    });
    await agent;
  });

  it('session/cancel stops the run and kills its command; set_mode yolo runs it without asking', async () => {
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'bash', input: { command: 'echo $$ > pid.txt; sleep 300' } }] },
      { text: 'never sent' },
    ] });
    const agent = startAgent(s, server);
    await withClient(agent, {}, async (ctx, side) => {
      const { sessionId } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      await ctx.request('session/set_mode', { sessionId, modeId: 'yolo' });
      const running = ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait a long time' }] });
      const pid = await pidIn(s.repo, 'pid.txt');
      expect(isRunning(pid)).toBe(true);
      await ctx.notify('session/cancel', { sessionId });
      expect((await running).stopReason).toBe('cancelled');
      await until('the command to be stopped', () => !isRunning(pid), 30_000);
      expect(side.permissions).toHaveLength(0);
      expect(server!.requests).toHaveLength(1);
    });
    await agent;
  });

  it('a client that goes away ends rein and whatever it started', async () => {
    server = await startMockLlmServer({ turns: [{ toolCalls: [{ name: 'bash', input: { command: 'echo $$ > pid.txt; sleep 300' } }] }] });
    const agent = startAgent(s, server, ['--permission-mode', 'yolo']);
    let pid = 0;
    await withClient(agent, {}, async (ctx) => {
      const { sessionId } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      void ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait' }] }).catch(() => undefined);
      pid = await pidIn(s.repo, 'pid.txt');
      // The editor crashes: its end of the pipe closes under rein.
      agent.stdin!.destroy();
      agent.stdout!.destroy();
    }).catch(() => undefined);
    const exit = await agent;
    expect(exit.exitCode).toBe(0);
    await until('the command to be stopped', () => !isRunning(pid), 30_000);
  });

  it('file tools read the editor\'s unsaved buffer and write through the editor when it offers fs', async () => {
    writeFileSync(join(s.repo, 'draft.txt'), 'saved text\n');
    const buffers = new Map([[join(s.repo, 'draft.txt'), 'unsaved text\nsecond line\n']]);
    server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'read_file', input: { path: 'draft.txt' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'draft.txt', old_string: 'second line', new_string: 'edited line' } }] },
      { text: 'Done.' },
    ] });
    const agent = startAgent(s, server, ['--permission-mode', 'auto-edit']);
    const fs = { read: (r: { path: string }) => buffers.get(r.path) ?? '', write: (r: { path: string; content: string }) => void buffers.set(r.path, r.content) };
    await withClient(agent, { fs }, async (ctx, side) => {
      const { sessionId } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'edit the draft' }] });
      expect(toolResults(server!.requests[1]!.body).join('\n')).toMatch(/1\tunsaved text\n\s+2\tsecond line/);
      expect(side.writes).toEqual([{ sessionId, path: join(s.repo, 'draft.txt'), content: 'unsaved text\nedited line\n' }]);
      // The diff the editor is shown starts from its buffer, not from the saved file.
      const diffs = updatesOf(side, 'tool_call_update').flatMap((u) => u.content ?? []).filter((c) => c.type === 'diff');
      expect(diffs[0]).toEqual({ type: 'diff', path: join(s.repo, 'draft.txt'), oldText: 'unsaved text\nsecond line\n', newText: 'unsaved text\nedited line\n' });
      expect(side.reads.every((r) => r.sessionId === sessionId && r.path === join(s.repo, 'draft.txt'))).toBe(true);
      // The editor holds the change; the saved file is the editor's to save.
      expect(readFileSync(join(s.repo, 'draft.txt'), 'utf8')).toBe('saved text\n');
    });
    await agent;
  });

  it('the editor\'s MCP servers join the ones rein is given', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'Tools seen.' }] });
    const own = JSON.stringify({ mcpServers: { everything: { command: everythingBin, args: [] } } });
    // Servers are waited for before the first request, and every schema is listed (no tool search), so the request shows every tool.
    const agent = startAgent(s, server, ['--mcp-config', own], { MCP_CONNECTION_NONBLOCKING: 'false', ENABLE_TOOL_SEARCH: 'false' });
    await withClient(agent, {}, async (ctx) => {
      const { sessionId } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [{ name: 'editorfs', command: filesystemBin, args: [s.repo], env: [] }] });
      await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'which tools?' }] });
      const offered: string[] = (server!.requests[0]!.body.tools ?? []).map((t: any) => t.function?.name ?? t.name);
      expect(offered).toContain('mcp__everything__echo');
      expect(offered.filter((name) => name.startsWith('mcp__editorfs__')).length).toBeGreaterThan(3);
    });
    await agent;
  });

  it('session/load replays a saved session and goes on with it', async () => {
    server = await startMockLlmServer({ turns: [{ text: 'Hello there.' }, { text: 'Welcome back.' }] });
    const first = startAgent(s, server);
    const sessionId = await withClient(first, {}, async (ctx) => {
      const { sessionId: id } = await ctx.request('session/new', { cwd: s.repo, mcpServers: [] });
      await ctx.request('session/prompt', { sessionId: id, prompt: [{ type: 'text', text: 'hi' }] });
      return id;
    });
    await first;
    const second = startAgent(s, server);
    await withClient(second, {}, async (ctx, side) => {
      await ctx.request('session/load', { sessionId, cwd: s.repo, mcpServers: [] });
      expect(updatesOf(side, 'user_message_chunk').map((u) => (u.content.type === 'text' ? u.content.text : ''))).toEqual(['hi']);
      expect(agentText(side)).toBe('Hello there.');
      await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'again' }] });
      // The model sees the earlier conversation.
      expect(JSON.stringify(server!.requests[1]!.body.messages)).toContain('Hello there.');
    });
    await second;
    expect(existsSync(join(s.home, 'sessions', sessionId))).toBe(true);
  });
});
