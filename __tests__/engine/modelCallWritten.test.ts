// streamModelCall tells the request's `written` exactly once: from the transport when it can say, else at the
// provider's first event (a replay writes nothing, yet its answer means the request is out).
import { describe, expect, it } from 'vitest';
import { streamModelCall } from '../../source/engine/modelCall.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { Provider, ProviderEvent, ProviderRequest } from '../../source/providers/types.js';

const ids = { runId: 'run-1', messageId: 'msg-1' };

/** A provider that answers "hi" and, if `tells`, calls the request's `written` as a transport would. */
function provider(tells: boolean, seen: string[]): Provider {
  return {
    name: 'scripted',
    async *stream(request: ProviderRequest): AsyncGenerator<ProviderEvent> {
      seen.push('stream');
      if (tells) {
        request.written?.();
        request.written?.();
      }
      seen.push('first event');
      yield { type: 'text_delta', text: 'hi' };
      yield { type: 'done', message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] }, stopReason: 'end_turn', usage: emptyUsage() };
    },
  };
}

async function drain(p: Provider, written: () => void): Promise<AgentEvent[]> {
  const request: ProviderRequest = { system: '', tools: [], messages: [], options: { model: 'm', maxTokens: 10 }, written };
  const gen = streamModelCall(p, request, ids, new AbortController().signal);
  const events: AgentEvent[] = [];
  for (let next = await gen.next(); !next.done; next = await gen.next()) events.push(next.value);
  return events;
}

describe('streamModelCall and the written request', () => {
  it('tells written at the first event when the provider cannot say', async () => {
    const seen: string[] = [];
    const events = await drain(provider(false, seen), () => seen.push('written'));
    expect(seen).toEqual(['stream', 'first event', 'written']);
    expect(events.map((e) => e.type)).toEqual(['text_delta']);
  });

  it('tells written once when the transport already told it', async () => {
    const seen: string[] = [];
    await drain(provider(true, seen), () => seen.push('written'));
    expect(seen).toEqual(['stream', 'written', 'first event']);
  });
});
