// The history invariant as one check: every tool call answered exactly once, in order, in the very next user message.
import type { Message, ToolUseBlock } from '../protocol/messages.js';

/** Returns a description of the first problem found, or undefined when the history is valid. */
export function validateHistory(messages: readonly Message[]): string | undefined {
  if (messages.length > 0 && messages[0].role !== 'user') return 'the history must start with a user message';
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'assistant') {
      if (i > 0 && messages[i - 1].role === 'assistant') return `messages ${i - 1} and ${i} are both from the assistant`;
      const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
      if (calls.length === 0) continue;
      const next = messages[i + 1];
      if (!next) return `tool calls in message ${i} have no results`;
      if (next.role !== 'user') return `tool calls in message ${i} are not followed by a user message`;
      const results = next.content.filter((b) => b.type === 'tool_result');
      if (results.length !== calls.length) return `message ${i} has ${calls.length} tool calls but message ${i + 1} has ${results.length} results`;
      for (let k = 0; k < calls.length; k++) {
        const result = results[k];
        if (result.type !== 'tool_result' || result.toolUseId !== calls[k].id) {
          return `result ${k} in message ${i + 1} does not answer call ${calls[k].id} (order or id mismatch)`;
        }
      }
    } else {
      const results = message.content.filter((b) => b.type === 'tool_result');
      if (results.length === 0) continue;
      const previous = messages[i - 1];
      if (!previous || previous.role !== 'assistant') return `tool results in message ${i} do not follow an assistant message`;
      const ids = new Set(previous.content.filter((b) => b.type === 'tool_use').map((b) => b.id));
      for (const result of results) {
        if (result.type === 'tool_result' && !ids.has(result.toolUseId)) return `tool result ${result.toolUseId} in message ${i} answers no call`;
      }
    }
  }
  return undefined;
}
