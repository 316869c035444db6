// Renders messages as a compact plain-text transcript for the summariser, trimmed from the middle when too long.
import { withImagePlaceholders } from '../../providers/images.js';
import type { Message, ToolUseBlock } from '../../protocol/messages.js';
import { isTypedText, readSummaryBlock } from './userText.js';

export interface TranscriptLimits {
  /** Cap for each tool result (a few hundred characters keeps the request small). */
  resultChars: number;
  /** Cap for each tool call's JSON arguments. */
  argsChars: number;
  /** Cap for each assistant text and each user message inside the transcript. */
  textChars: number;
  /** Cap for injected notes (reminders, background results, errors). */
  noteChars: number;
  /** Cap for the whole transcript; ~240k characters is about 60k tokens. */
  totalChars: number;
}

export const defaultTranscriptLimits: TranscriptLimits = {
  resultChars: 400,
  argsChars: 300,
  textChars: 4_000,
  noteChars: 300,
  totalChars: 240_000,
};

interface Entry {
  /** The user's own words are kept even when the middle of the transcript is cut. */
  user: boolean;
  text: string;
}

/** Head and tail of `text` around a marker, when it exceeds `max` characters. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max * 0.7);
  const tail = max - head;
  return `${text.slice(0, head)} [… ${text.length - head - tail} characters cut …] ${tail > 0 ? text.slice(-tail) : ''}`.trimEnd();
}

function entriesOf(messages: readonly Message[], limits: TranscriptLimits): Entry[] {
  const names = new Map<string, string>();
  const entries: Entry[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const block of message.content) {
        if (block.type === 'text' && block.text.trim() !== '') entries.push({ user: false, text: `[assistant] ${shorten(block.text, limits.textChars)}` });
        if (block.type === 'tool_use') {
          names.set(block.id, block.name);
          entries.push({ user: false, text: `[tool call] ${callText(block, limits.argsChars)}` });
        }
        // Reasoning is left out: the summary is about what was done and said.
      }
      continue;
    }
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        const label = `${names.get(block.toolUseId) ?? 'tool'}${block.isError ? ', error' : ''}`;
        entries.push({ user: false, text: `[tool result: ${label}] ${shorten(withImagePlaceholders(block.content, block.images, 'shown to the model'), limits.resultChars)}` });
        continue;
      }
      const part = readSummaryBlock(message, block.text);
      if (part?.kind === 'summary') entries.push({ user: false, text: `[summary of the conversation before this point]\n${part.prose}` });
      else if (part?.kind === 'user') entries.push({ user: true, text: `[user] ${shorten(part.text, limits.textChars)}` });
      else if (part?.kind === 'close') continue;
      else if (isTypedText(block.text)) entries.push({ user: true, text: `[user] ${shorten(block.text, limits.textChars)}` });
      else entries.push({ user: false, text: `[note] ${shorten(block.text, limits.noteChars)}` });
    }
  }
  return entries;
}

const callText = (call: ToolUseBlock, max: number): string => `${call.name}(${shorten(JSON.stringify(call.input), max)})`;

/** The transcript of `messages`; over `totalChars`, entries from the middle are cut except the user's own messages. */
export function renderTranscript(messages: readonly Message[], limits: TranscriptLimits = defaultTranscriptLimits): string {
  const entries = entriesOf(messages, limits);
  const size = (e: Entry): number => e.text.length + 2;
  const total = entries.reduce((sum, e) => sum + size(e), 0);
  if (total <= limits.totalChars) return entries.map((e) => e.text).join('\n\n');

  // Keep the start (the task as first set out) and more of the end (where the work stands).
  let headEnd = 0;
  for (let used = 0; headEnd < entries.length && used + size(entries[headEnd]) <= limits.totalChars * 0.3; headEnd++) used += size(entries[headEnd]);
  let tailStart = entries.length;
  for (let used = 0; tailStart > headEnd && used + size(entries[tailStart - 1]) <= limits.totalChars * 0.6; tailStart--) used += size(entries[tailStart - 1]);

  const middle = entries.slice(headEnd, tailStart);
  const users = middle.filter((e) => e.user).map((e) => e.text);
  const cut = middle.length - users.length;
  const note = users.length > 0 ? "; the user's messages from that part follow" : '';
  const out = entries.slice(0, headEnd).map((e) => e.text);
  if (cut > 0) out.push(`[… ${cut} entries cut from the middle of the transcript to keep this request small${note} …]`);
  out.push(...users);
  out.push(...entries.slice(tailStart).map((e) => e.text));
  return out.join('\n\n');
}
