// Where a history may be cut in two so that the newer part is a valid history on its own.
import type { Message, UserMessage } from '../../protocol/messages.js';
import { wrapReminder } from '../reminders.js';
import { hasToolResults } from './userText.js';

/**
 * Opens the kept part when it starts at an assistant message. Inside one long task every user message carries
 * tool results, so the only safe cuts are just before an assistant message; the kept part then needs a user
 * message of its own in front, and this note (not typed text) is it. `applySummary` puts the summary before it.
 */
export const continuationNote = wrapReminder('The earlier part of this conversation is summarised above; continue from where it stopped.');

export const continuationMessage = (): UserMessage => ({ role: 'user', content: [{ type: 'text', text: continuationNote }] });

/**
 * Indices `s >= 1` where the history may be cut: a user message without tool results (kept as is), or an
 * assistant message (kept behind the continuation note). A call and its result always land on the same side,
 * because results sit in the message right after their call and a cut never falls on a message holding results.
 */
export function splitPoints(history: readonly Message[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < history.length; i++) {
    const message = history[i];
    if (message.role === 'assistant' || !hasToolResults(message)) out.push(i);
  }
  return out;
}

/** The kept part for a cut at `s` (one of `splitPoints`): it always starts with a user message without tool results. */
export function recentFrom(history: readonly Message[], s: number): Message[] {
  const rest = history.slice(s);
  return history[s]?.role === 'assistant' ? [continuationMessage(), ...rest] : rest;
}

/** The nearest cut at or before a user message that carries tool results: the assistant message holding their calls. */
export function cutBefore(history: readonly Message[], index: number): number {
  const message = history[index];
  return message && message.role === 'user' && hasToolResults(message) ? index - 1 : index;
}
