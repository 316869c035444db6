// The stream_event synthesis of --include-partial-messages on its own: block order, interleaved kinds, and a retry.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { PartialMessages } from '../../source/headless/partialMessages.js';

const ids = { runId: 'run_1', messageId: 'msg_1' };

function replay(events: AgentEvent[]): Record<string, any>[] {
  const partial = new PartialMessages();
  const out: Record<string, any>[] = [];
  for (const event of events) {
    out.push(...partial.events(event, 'm'));
    if (event.type === 'message_end') out.push(...partial.finish(event));
  }
  return out;
}

const end = (stopReason: 'end_turn' | 'tool_use' | 'aborted'): AgentEvent => ({
  type: 'message_end', ...ids, turnId: 't', message: { role: 'assistant', content: [] }, stopReason, usage: { ...emptyUsage(), outputTokens: 7 },
});

describe('PartialMessages', () => {
  it('opens a block per kind change, closes each before the next opens, and ends with message_delta and message_stop', () => {
    const out = replay([
      { type: 'message_start', ...ids, turnId: 't' },
      { type: 'thinking_delta', ...ids, text: 'hmm' },
      { type: 'text_delta', ...ids, text: 'Hi' },
      { type: 'text_delta', ...ids, text: ' there' },
      { type: 'tool_call_start', ...ids, toolCallId: 'c1', name: 'bash' },
      { type: 'tool_call_delta', ...ids, toolCallId: 'c1', partialJson: '{"command":' },
      { type: 'tool_call_delta', ...ids, toolCallId: 'c1', partialJson: '"ls"}' },
      end('tool_use'),
    ]);
    expect(out.map((e) => [e.type, e.index ?? '', e.delta?.type ?? e.content_block?.type ?? ''].join(' ').trim())).toEqual([
      'message_start',
      'content_block_start 0 thinking', 'content_block_delta 0 thinking_delta', 'content_block_stop 0',
      'content_block_start 1 text', 'content_block_delta 1 text_delta', 'content_block_delta 1 text_delta', 'content_block_stop 1',
      'content_block_start 2 tool_use', 'content_block_delta 2 input_json_delta', 'content_block_delta 2 input_json_delta', 'content_block_stop 2',
      'message_delta', 'message_stop',
    ]);
    expect(out.at(-2)).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 7 } });
  });

  it('after a retry the next attempt starts a message of its own, and an aborted call ends without a stop reason', () => {
    const out = replay([
      { type: 'message_start', ...ids, turnId: 't' },
      { type: 'text_delta', ...ids, text: 'lost' },
      { type: 'retry', ...ids, attempt: 2, maxAttempts: 5, delayMs: 10, reason: 'overloaded' },
      { type: 'text_delta', ...ids, text: 'kept' },
      end('aborted'),
    ]);
    expect(out.map((e) => e.type)).toEqual([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_stop',
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
    expect(out[5].index).toBe(0);
    expect(out.at(-2)?.delta.stop_reason).toBeNull();
  });
});
