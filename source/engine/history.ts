// History invariants: every tool call is answered exactly once, in order, in the very next user message.
import type { Message, ToolUseBlock, UserMessage } from '../protocol/messages.js';

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
      const ids = new Set(previous.content.filter((b) => b.type === 'tool_use').map((b) => (b as ToolUseBlock).id));
      for (const result of results) {
        if (result.type === 'tool_result' && !ids.has(result.toolUseId)) return `tool result ${result.toolUseId} in message ${i} answers no call`;
      }
    }
  }
  return undefined;
}

/** Appends text to the newest user message, or starts a new user message when the last one is the assistant's. */
export function appendUserText(history: Message[], text: string): void {
  const last = history[history.length - 1];
  if (last && last.role === 'user') {
    last.content.push({ type: 'text', text });
  } else {
    history.push({ role: 'user', content: [{ type: 'text', text }] });
  }
}

export { repairHistory } from './historyRepair.js';

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

/**
 * The conversation the model sees: append-only between compactions, and every change reported to
 * `onChange` (the session log) before the caller goes on.
 */
export class Conversation {
  private list: Message[];

  /** `initial` (a resumed history) is taken as it is, without being reported as a change. */
  constructor(private readonly onChange: (change: HistoryOp) => void = () => {}, initial: Message[] = []) {
    this.list = [...initial];
  }

  get messages(): readonly Message[] {
    return this.list;
  }

  get length(): number {
    return this.list.length;
  }

  append(message: Message): void {
    this.apply({ op: 'append', message });
  }

  appendUserText(text: string): void {
    this.apply({ op: 'append_text', text });
  }

  replace(messages: Message[]): void {
    this.apply({ op: 'replace', messages });
  }

  /** Takes another conversation as it is (a saved session opened in place), without reporting it as a change. */
  load(messages: readonly Message[]): void {
    this.list = [...messages];
  }

  private apply(change: HistoryOp): void {
    this.list = applyHistoryOp(this.list, change);
    this.onChange(change);
  }
}

export function lastUserMessage(history: readonly Message[]): UserMessage | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message.role === 'user') return message;
  }
  return undefined;
}
