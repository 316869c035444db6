// Turns request bodies recorded by the mock server back into rein's message shape, to validate what was sent.
import type { AssistantBlock, Message, UserBlock } from '../../source/protocol/messages.js';

type Json = Record<string, any>;

export function fromAnthropicRequest(body: Json): Message[] {
  return (body.messages as Json[]).map((m): Message => {
    const blocks: Json[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    if (m.role === 'assistant') {
      return { role: 'assistant', content: blocks.map((b): AssistantBlock => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id, name: b.name, input: b.input } : { type: 'text', text: String(b.text ?? '') })) };
    }
    return { role: 'user', content: blocks.map((b): UserBlock => (b.type === 'tool_result' ? { type: 'tool_result', toolUseId: b.tool_use_id, content: JSON.stringify(b.content) } : { type: 'text', text: String(b.text ?? '') })) };
  });
}

export function fromOpenAIRequest(body: Json): Message[] {
  const out: Message[] = [];
  for (const m of body.messages as Json[]) {
    if (m.role === 'system') continue;
    if (m.role === 'assistant') {
      const content: AssistantBlock[] = [];
      if (m.content) content.push({ type: 'text', text: String(m.content) });
      for (const call of (m.tool_calls ?? []) as Json[]) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: JSON.parse(call.function.arguments || '{}') });
      out.push({ role: 'assistant', content });
      continue;
    }
    const block: UserBlock = m.role === 'tool'
      ? { type: 'tool_result', toolUseId: m.tool_call_id, content: String(m.content) }
      : { type: 'text', text: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) };
    const last = out[out.length - 1];
    if (last?.role === 'user') last.content.push(block);
    else out.push({ role: 'user', content: [block] });
  }
  return out;
}
