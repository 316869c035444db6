// End-to-end: `--output-format stream-json` is Claude Code's protocol (shapes measured on Claude Code 2.1.197):
// system/init first, one assistant message per content block, user messages with tool results, the result last, and
// with --include-partial-messages the model's stream in Anthropic's event shapes, for either provider.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { anthropicArgs, jsonLines, openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

let s: Scratch;
let server: MockLlmServer;

beforeEach(() => {
  s = scratch();
});
afterEach(async () => {
  await server.close();
  s.remove();
});

/** Small chunks a little apart, so the text and the arguments arrive in several deltas. */
const readThenAnswer = (): MockTurn[] => [
  { text: 'Let me read it.', toolCalls: [{ id: 'call_read', name: 'read_file', input: { path: 'notes.txt' } }], chunkSize: 3, chunkDelayMs: 15 },
  { text: 'It says hello.', chunkSize: 3, chunkDelayMs: 15 },
];

/** Rebuilds each message from its stream events, as a client of Anthropic's streaming API does. */
function rebuild(events: Record<string, any>[]): { id: string; content: Record<string, any>[]; stop: string | null }[] {
  const messages: { id: string; content: Record<string, any>[]; stop: string | null }[] = [];
  const open = new Set<number>();
  for (const e of events) {
    const current = messages.at(-1);
    switch (e.type) {
      case 'message_start': messages.push({ id: e.message.id, content: [], stop: null }); break;
      case 'content_block_start':
        expect(open.size).toBe(0);
        open.add(e.index);
        current!.content[e.index] = { ...e.content_block, json: '' };
        break;
      case 'content_block_delta': {
        expect(open.has(e.index)).toBe(true);
        const block = current!.content[e.index];
        if (e.delta.type === 'text_delta') block.text += e.delta.text;
        if (e.delta.type === 'input_json_delta') block.json += e.delta.partial_json;
        break;
      }
      case 'content_block_stop': expect(open.delete(e.index)).toBe(true); break;
      case 'message_delta': current!.stop = e.delta.stop_reason; break;
      case 'message_stop': expect(open.size).toBe(0); break;
    }
  }
  return messages.map((m) => ({
    ...m,
    content: m.content.map(({ json, ...block }) => (block.type === 'tool_use' ? { ...block, input: JSON.parse(json) } : block)),
  }));
}

describe('--output-format stream-json', () => {
  it('is system/init, one assistant message per content block, the tool results as user messages, and the result last', async () => {
    server = await startMockLlmServer({ turns: readThenAnswer() });
    const run = await runRein(s, ['-p', 'read notes', ...anthropicArgs(server), '--output-format', 'stream-json']);
    expect(run.exitCode).toBe(0);
    const messages = jsonLines(run.stdout);
    expect(messages.map((m) => `${m.type}${m.subtype ? `/${m.subtype}` : ''}`)).toEqual(['system/init', 'assistant', 'assistant', 'user', 'assistant', 'result/success']);
    const [init, text, call, result, answer, end] = messages;
    const sessionId = init.session_id as string;
    expect(init).toMatchObject({ cwd: s.repo, model: 'claude-sonnet-4-5', permissionMode: 'bypassPermissions', mcp_servers: [] });
    expect(init.tools).toEqual(expect.arrayContaining(['Read', 'Write', 'Edit', 'Bash', 'Glob', 'Grep']));
    expect(text).toMatchObject({ parent_tool_use_id: null, session_id: sessionId, message: { role: 'assistant', type: 'message', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Let me read it.' }], stop_reason: null } });
    // Blocks of one model message share its id.
    expect(call.message).toMatchObject({ id: text.message.id, content: [{ type: 'tool_use', id: 'call_read', name: 'read_file', input: { path: 'notes.txt' } }] });
    expect(result).toMatchObject({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_read', is_error: false, content: expect.stringContaining('hello') }] } });
    expect(answer.message.id).not.toBe(text.message.id);
    expect(end).toMatchObject({ type: 'result', subtype: 'success', result: 'It says hello.', session_id: sessionId, num_turns: 2, stop_reason: 'end_turn' });
    expect(new Set(messages.map((m) => m.uuid)).size).toBe(messages.length);
    expect(run.stdout).not.toContain('"text_delta"');
  });

  it('a run a hook refuses before any turn still opens with system/init and ends with the result', async () => {
    server = await startMockLlmServer({ turns: [] });
    const run = await runRein(s, ['-p', 'go', ...openaiArgs(server), '--output-format', 'stream-json', '--settings',
      JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "not today" >&2; exit 2' }] }] } })]);
    const messages = jsonLines(run.stdout);
    expect(messages.map((m) => m.type)).toEqual(['system', 'result']);
    expect(messages[1]).toMatchObject({ subtype: 'error_during_execution', terminal_reason: 'hook_stopped', is_error: true });
    expect(server.requests).toHaveLength(0);
  });
});

describe('--include-partial-messages', () => {
  for (const provider of ['anthropic', 'openai'] as const) {
    it(`streams Anthropic's events that rebuild the assistant messages exactly (${provider})`, async () => {
      server = await startMockLlmServer({ turns: readThenAnswer() });
      const args = provider === 'anthropic' ? anthropicArgs(server) : openaiArgs(server);
      const run = await runRein(s, ['-p', 'read notes', ...args, '--output-format', 'stream-json', '--include-partial-messages']);
      expect(run.exitCode).toBe(0);
      const messages = jsonLines(run.stdout);
      const streamed = messages.filter((m) => m.type === 'stream_event');
      for (const m of streamed) expect(m).toMatchObject({ session_id: messages[0].session_id, parent_tool_use_id: null, uuid: expect.any(String) });
      const events = streamed.map((m) => m.event);
      expect(events[0].type).toBe('message_start');
      expect(events.filter((e) => e.type === 'content_block_delta').length).toBeGreaterThanOrEqual(3);
      const rebuilt = rebuild(events);
      const assistant = messages.filter((m) => m.type === 'assistant');
      expect(rebuilt).toEqual([
        { id: assistant[0].message.id, stop: 'tool_use', content: [assistant[0].message.content[0], assistant[1].message.content[0]] },
        { id: assistant[2].message.id, stop: 'end_turn', content: [assistant[2].message.content[0]] },
      ]);
      // Each assistant line comes before the close of its message, the result after everything.
      expect(messages.findIndex((m) => m.type === 'assistant')).toBeLessThan(messages.findIndex((m) => m.event?.type === 'message_stop'));
      expect(messages.at(-1)?.type).toBe('result');
    });
  }

  it('has no effect on json output, as in Claude Code', async () => {
    server = await startMockLlmServer({ turns: readThenAnswer() });
    const run = await runRein(s, ['-p', 'read notes', ...openaiArgs(server), '--output-format', 'json', '--include-partial-messages']);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', result: 'It says hello.' });
  });
});
