// The history operations: every change to a conversation, as the session log records it and resume replays it.
import type { Message } from './messages.js';

/** Appends text to the newest user message, or starts a new user message when the last one is the assistant's. */
function appendUserText(history: Message[], text: string): void {
  const last = history[history.length - 1];
  if (last && last.role === 'user') {
    last.content.push({ type: 'text', text });
  } else {
    history.push({ role: 'user', content: [{ type: 'text', text }] });
  }
}

/** Every change to a conversation, as the session log records it and resume replays it. */
export type HistoryOp =
  | { op: 'append'; message: Message }
  | { op: 'append_text'; text: string }
  | { op: 'replace'; messages: Message[] };

export function applyHistoryOp(messages: Message[], change: HistoryOp): Message[] {
  if (change.op === 'append') messages.push(change.message);
  else if (change.op === 'append_text') appendUserText(messages, change.text);
  else return [...change.messages];
  return messages;
}
