// Streamed message and tool events to transcript items: messages, tool calls, retries, progress.
import type { EventOf } from '../protocol/events.js';
import type { ToolDisplay } from '../protocol/tools.js';
import type { AppState, AssistantItem, ToolItem } from './state.js';
import { limits } from './state.js';
import { appendItems, clipText, findItemIndex, putNotice, updateItem } from './transcript.js';
import { subagentFromCall } from './subagents.js';
import { shownPath } from '../util/shownPath.js';

/** Counts streamed characters for the live token estimate until the provider's usage arrives. */
export function addStreamed(state: AppState, chars: number): AppState {
  return chars === 0 ? state : { ...state, streamedChars: (state.streamedChars ?? 0) + chars };
}

export function ensureAssistant(state: AppState, messageId: string, runId: string): AppState {
  if (findItemIndex(state.transcript, messageId) >= 0) return state;
  const item: AssistantItem = { kind: 'assistant', id: messageId, done: false, runId, text: '', thinking: '', expanded: false };
  return appendItems(state, item);
}

export function ensureTool(state: AppState, id: string, runId: string, messageId: string, name: string, summary: string): AppState {
  if (findItemIndex(state.transcript, id) >= 0) return state;
  const item: ToolItem = { kind: 'tool', id, done: false, runId, messageId, name, summary, status: 'pending', progress: [], expanded: false };
  return appendItems(state, item);
}

export function appendDelta(state: AppState, event: EventOf<'text_delta'> | EventOf<'thinking_delta'>): AppState {
  if (event.text === '') return state;
  const next = ensureAssistant(state, event.messageId, event.runId);
  return updateItem(next, event.messageId, 'assistant', (m) => {
    if (m.done) return m;
    return event.type === 'text_delta' ? { ...m, text: m.text + event.text } : { ...m, thinking: m.thinking + event.text };
  });
}

export function applyRetry(state: AppState, event: EventOf<'retry'>): AppState {
  // Everything streamed for this message is void: the call starts over.
  let next = updateItem(state.streamedChars ? { ...state, streamedChars: 0 } : state, event.messageId, 'assistant', (m) => (m.text || m.thinking ? { ...m, text: '', thinking: '' } : m));
  const kept = next.transcript.filter((item) => !(item.kind === 'tool' && item.messageId === event.messageId && !item.done));
  if (kept.length !== next.transcript.length) next = { ...next, transcript: kept };
  const seconds = Math.max(1, Math.round(event.delayMs / 1000));
  const reason = event.reason ? `${event.reason} — ` : '';
  const text = `${reason}retrying in ${seconds} s (attempt ${event.attempt} of ${event.maxAttempts})`;
  return putNotice(next, `retry-${event.messageId}`, 'retry', text);
}

export function applyMessageEnd(state: AppState, event: EventOf<'message_end'>): AppState {
  // The call finished (or failed for good, which an error event explains): its retry notice is stale.
  const retryId = `retry-${event.messageId}`;
  const unretried = findItemIndex(state.transcript, retryId) >= 0 ? { ...state, transcript: state.transcript.filter((i) => i.id !== retryId) } : state;
  const next = ensureAssistant(unretried, event.messageId, event.runId);
  const finalText = event.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const finalThinking = event.message.content.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join('');
  const ended = updateItem(next, event.messageId, 'assistant', (m) => {
    if (m.done) return m;
    const text = finalText && finalText !== m.text ? finalText : m.text;
    const thinking = finalThinking && finalThinking !== m.thinking ? finalThinking : m.thinking;
    return { ...m, done: true, text, thinking };
  });
  const withCalls = event.message.content.reduce(
    (acc, block) =>
      block.type === 'tool_use'
        ? updateItem(acc, block.id, 'tool', (t) => {
            const summary = t.summary || pendingSummary(block.input, acc.session.cwd);
            const sub = withSubagent(t, block.name, block.input, summary);
            return summary === t.summary && !sub.subagent ? t : { ...t, summary, ...sub };
          })
        : acc,
    ended,
  );
  return dropEmptyMessage(withCalls, event.messageId);
}

/** A task call gets its block's state from its arguments as soon as they are known. */
export function withSubagent(t: ToolItem, name: string, input: Record<string, unknown>, summary: string): Partial<ToolItem> {
  if (name !== 'task' || t.subagent) return {};
  return { subagent: subagentFromCall(input, summary) };
}

/**
 * Until the engine names a call (when it asks or starts it), its line shows its first text argument (the command,
 * the path); a path as the engine will show it, so the row does not change when the call starts.
 */
function pendingSummary(input: Record<string, unknown>, cwd: string): string {
  const first = Object.entries(input).find((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (!first) return '';
  const [key, value] = first;
  if (key === 'path' && cwd !== '') return shownPath(value, { cwd, workspace: cwd });
  return value.split('\n')[0].slice(0, 120);
}

function dropEmptyMessage(ended: AppState, messageId: string): AppState {
  // An empty message (tool calls only) leaves no line behind.
  const index = findItemIndex(ended.transcript, messageId);
  const item = ended.transcript[index];
  if (item && item.kind === 'assistant' && item.text === '' && item.thinking === '') {
    return { ...ended, transcript: ended.transcript.filter((_, i) => i !== index) };
  }
  return ended;
}

export function appendProgress(lines: string[], text: string): string[] {
  const incoming = text.split(/\r?\n/).filter((l) => l.length > 0).map((l) => (l.length > limits.progressLineChars ? l.slice(0, limits.progressLineChars) : l));
  if (incoming.length === 0) return lines;
  return lines.concat(incoming).slice(-limits.progressLines);
}

export function clipDisplay(display: ToolDisplay): ToolDisplay {
  if (display.kind === 'text' && display.text.length > limits.displayChars) return { ...display, text: clipText(display.text, limits.displayChars) };
  if (display.kind === 'diff' && display.diff.length > limits.displayChars) return { ...display, diff: clipText(display.diff, limits.displayChars) };
  return display;
}
