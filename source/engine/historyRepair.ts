// Makes an invalid history valid again with the least change: unanswered calls answered, stray results dropped.
import type { AssistantMessage, Message, ToolResultBlock, ToolUseBlock, UserBlock, UserMessage } from '../protocol/messages.js';
import { validateHistory } from './history.js';

export const unansweredCallText = 'Interrupted: this call ended before it finished and has no other result.';

/** Stands in for lost opening messages: the APIs accept a history only when it starts with the user. */
export const missingStartText = '(The start of this conversation is missing.)';

const callsOf = (message: Message | undefined): ToolUseBlock[] =>
  message?.role === 'assistant' ? message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use') : [];

const interrupted = (call: ToolUseBlock): ToolResultBlock => ({ type: 'tool_result', toolUseId: call.id, content: unansweredCallText, isError: true });

/**
 * Returns the history unchanged when it is valid. Otherwise: a leading assistant message gets a user message
 * before it; calls without a result get an "interrupted" one; results are put in call order, first in their
 * message; results that answer no call (or answer one twice) are dropped, and a message left empty with them;
 * two assistant messages in a row are joined when the first made no calls.
 */
export function repairHistory(messages: readonly Message[]): Message[] {
  if (validateHistory(messages) === undefined) return [...messages];
  const out: Message[] = [];
  /** Answers the calls of the newest assistant message, if it has any and nothing answered them yet. */
  const closeOpenCalls = () => {
    const calls = callsOf(out[out.length - 1]);
    if (calls.length > 0) out.push({ role: 'user', content: calls.map(interrupted) });
  };
  for (const message of messages) {
    const last = out[out.length - 1];
    if (message.role === 'assistant') {
      if (!last) out.push({ role: 'user', content: [{ type: 'text', text: missingStartText }] });
      else if (last.role === 'assistant' && callsOf(last).length === 0) {
        out[out.length - 1] = { role: 'assistant', content: [...last.content, ...message.content] } satisfies AssistantMessage;
        continue;
      } else closeOpenCalls();
      out.push(message);
      continue;
    }
    const calls = callsOf(last);
    const results = new Map<string, ToolResultBlock>();
    const others: UserBlock[] = [];
    for (const block of message.content) {
      if (block.type !== 'tool_result') others.push(block);
      else if (!results.has(block.toolUseId)) results.set(block.toolUseId, block);
    }
    const answers = calls.map((call) => results.get(call.id) ?? interrupted(call));
    const content = [...answers, ...others];
    if (content.length === 0) continue;
    out.push({ role: 'user', content } satisfies UserMessage);
  }
  closeOpenCalls();
  return out;
}
