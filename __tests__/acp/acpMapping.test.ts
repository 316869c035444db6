// The pieces of rein acp that translate between rein and ACP: stop reasons, approval answers, updates, prompts, MCP servers.
import { describe, expect, it } from 'vitest';
import { answerFor, decisionFor, stopReasonFor } from '../../source/cli/acp/acpTurn.js';
import { UpdateMapper } from '../../source/cli/acp/acpUpdates.js';
import { promptText } from '../../source/cli/acp/acpCommand.js';
import { mcpConfigOf } from '../../source/cli/acp/acpSessions.js';
import type { AgentEvent } from '../../source/protocol/events.js';

describe('acp mapping', () => {
  it('maps run endings to ACP stop reasons', () => {
    expect(stopReasonFor('done', 'end_turn')).toBe('end_turn');
    expect(stopReasonFor('done', 'max_tokens')).toBe('max_tokens');
    expect(stopReasonFor('aborted', undefined)).toBe('cancelled');
    expect(stopReasonFor('refusal', undefined)).toBe('refusal');
    expect(stopReasonFor('max_turns', undefined)).toBe('max_turn_requests');
    expect(stopReasonFor('context_full', undefined)).toBe('max_tokens');
    expect(stopReasonFor('budget', undefined)).toBe('end_turn');
  });

  it('answers approvals as the TUI keys do, and a withdrawn request is a no', () => {
    expect(decisionFor({ outcome: 'selected', optionId: 'allow_once' })).toEqual({ kind: 'yes' });
    expect(decisionFor({ outcome: 'selected', optionId: 'allow_always' })).toEqual({ kind: 'always', scope: 'session' });
    expect(decisionFor({ outcome: 'selected', optionId: 'reject_once' })).toEqual({ kind: 'no' });
    expect(decisionFor({ outcome: 'selected', optionId: 'something else' })).toEqual({ kind: 'no' });
    expect(decisionFor({ outcome: 'cancelled' })).toEqual({ kind: 'no' });
  });

  it('asks a plan and the model\'s questions as choices', async () => {
    const plan = await answerFor({ type: 'question_request', runId: 'r', questionId: 'q', toolCallId: 't', kind: 'plan', plan: '1. do it' },
      async (_call, options) => ({ outcome: 'selected', optionId: options[1]!.optionId }));
    expect(plan).toEqual({ kind: 'plan', decision: 'approve-ask' });
    const asked: string[] = [];
    const answers = await answerFor({
      type: 'question_request', runId: 'r', questionId: 'q', toolCallId: 't', kind: 'questions',
      questions: [{ question: 'Which db?', options: [{ label: 'sqlite' }, { label: 'postgres' }] }],
    }, async (call, options) => {
      asked.push(String(call.title));
      return { outcome: 'selected', optionId: options[1]!.optionId };
    });
    expect(asked).toEqual(['Which db?']);
    expect(answers).toEqual({ kind: 'answers', answers: { 'Which db?': 'postgres' } });
    const dismissed = await answerFor({ type: 'question_request', runId: 'r', questionId: 'q', toolCallId: 't', kind: 'plan', plan: 'x' }, async () => ({ outcome: 'cancelled' }));
    expect(dismissed).toEqual({ kind: 'dismissed' });
  });

  it('replays a saved conversation from whole messages, and streams a live one from deltas only', () => {
    const events: AgentEvent[] = [
      { type: 'run_start', sessionId: 's', runId: 'r', prompt: 'hi' },
      { type: 'text_delta', runId: 'r', messageId: 'm', text: 'Hel' },
      { type: 'message_end', runId: 'r', turnId: 't', messageId: 'm', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } as never,
        message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Hello' }] } as never },
      { type: 'text_delta', runId: 'r', messageId: 'm', text: 'x', agentId: 'child' },
    ];
    const replayed = events.flatMap((e) => new UpdateMapper('/w').map(e, true));
    expect(replayed).toEqual([
      { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'hi' } },
      { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hello' } },
    ]);
    const live = new UpdateMapper('/w');
    expect(events.flatMap((e) => live.map(e))).toEqual([{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hel' } }]);
  });

  it('announces a tool call once, then updates it to its end', () => {
    const mapper = new UpdateMapper('/w', () => 'a\n');
    const start = mapper.map({ type: 'tool_start', runId: 'r', toolCallId: 'c', name: 'bash', input: { command: 'ls' }, summary: 'ls' });
    expect(start.map((u) => u.sessionUpdate)).toEqual(['tool_call', 'tool_call_update']);
    expect(start[0]).toMatchObject({ kind: 'execute', status: 'pending' });
    expect(start[1]).toMatchObject({ status: 'in_progress', title: 'bash ls' });
    const end = mapper.map({ type: 'tool_end', runId: 'r', toolCallId: 'c', name: 'bash', result: { content: 'out', isError: false, display: { kind: 'none' } }, durationMs: 1 });
    expect(end).toEqual([expect.objectContaining({ sessionUpdate: 'tool_call_update', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'out' } }] })]);
    const denied = mapper.map({ type: 'tool_end', runId: 'r', toolCallId: 'c', name: 'bash', result: { content: 'no', isError: false, display: { kind: 'none' } }, durationMs: 1, denied: true });
    expect(denied[0]).toMatchObject({ status: 'failed' });
  });

  it('turns prompt blocks into one message and the editor\'s MCP servers into an --mcp-config value', () => {
    expect(promptText([{ type: 'text', text: 'look at ' }, { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' }])).toBe('look at @/w/a.ts');
    expect(mcpConfigOf([])).toBeUndefined();
    expect(JSON.parse(mcpConfigOf([
      { name: 'fs', command: '/bin/fs', args: ['/w'], env: [{ name: 'K', value: 'v' }] },
      { type: 'http', name: 'web', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: 'Bearer t' }] },
    ])!)).toEqual({ mcpServers: {
      fs: { command: '/bin/fs', args: ['/w'], env: { K: 'v' } },
      web: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer t' } },
    } });
  });
});
