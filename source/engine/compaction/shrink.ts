// Shrinking a history that the provider refused as too long: the largest tool results first, then one oversized message.
import { imageTokenEstimate, withImagePlaceholders } from '../../providers/images.js';
import type { Message, ToolResultBlock } from '../../protocol/messages.js';
import type { TokenCounter } from '../tokens.js';
import { formatInt } from '../../util/format.js';

/** Characters per token the counter assumes; used to turn a token budget into characters to keep. */
const charsPerToken = 4;

/** Head and tail of `text` within `keepChars`, with a note of what was cut. */
function cutToFit(text: string, keepChars: number): string {
  if (text.length <= keepChars) return text;
  const head = Math.ceil(keepChars * 0.7);
  const tail = Math.max(0, keepChars - head);
  const cut = text.length - head - tail;
  return `${text.slice(0, head)}\n[… ${formatInt(cut)} characters cut: the request was longer than the model's context window …]\n${tail > 0 ? text.slice(-tail) : ''}`;
}

export interface ShrinkResult {
  history: Message[];
  /** Estimated tokens of the messages after the step. */
  tokens: number;
  changed: boolean;
}

/**
 * Cuts tool results, largest first, to a tenth of the budget each until the messages fit `budgetTokens`.
 * Calls and results stay paired: only the text of a result changes.
 */
export function cutLargestToolResults(history: readonly Message[], budgetTokens: number, counter: TokenCounter): ShrinkResult {
  const next = history.map((m) => ({ ...m, content: [...m.content] }) as Message);
  let tokens = counter.countMessages(next);
  const keepChars = Math.max(400, Math.floor((budgetTokens * charsPerToken) / 10));
  const results: Array<{ message: number; block: number; size: number }> = [];
  next.forEach((m, i) =>
    m.content.forEach((b, k) => {
      if (b.type !== 'tool_result') return;
      const images = b.images?.length ?? 0;
      if (b.content.length > keepChars || images > 0) results.push({ message: i, block: k, size: b.content.length + images * imageTokenEstimate * charsPerToken });
    }),
  );
  results.sort((a, b) => b.size - a.size);
  let changed = false;
  for (const r of results) {
    if (tokens <= budgetTokens) break;
    const message = next[r.message];
    const block = message.content[r.block] as ToolResultBlock;
    const before = counter.countMessage(message);
    const { images, ...rest } = block;
    const text = block.content.length > keepChars ? cutToFit(block.content, keepChars) : block.content;
    (message.content as ToolResultBlock[])[r.block] = { ...rest, content: withImagePlaceholders(text, images, 'left out to fit the context window') };
    next[r.message] = { ...message };
    tokens += counter.countMessage(next[r.message]) - before;
    changed = true;
  }
  return { history: changed ? next : [...history], tokens, changed };
}

/** Cuts the text of the single largest message so the whole fits `budgetTokens`, when that one message is the problem. */
export function cutOversizedMessage(history: readonly Message[], budgetTokens: number, counter: TokenCounter): ShrinkResult {
  const total = counter.countMessages(history);
  let largest = -1;
  let largestTokens = 0;
  history.forEach((m, i) => {
    const t = counter.countMessage(m);
    if (t > largestTokens) {
      largest = i;
      largestTokens = t;
    }
  });
  // Only a message that is most of the excess is "oversized"; cutting a normal one would not help.
  if (largest < 0 || total <= budgetTokens || largestTokens < total - budgetTokens) return { history: [...history], tokens: total, changed: false };
  const message = history[largest];
  const allowed = Math.max(100, budgetTokens - (total - largestTokens));
  const texts = message.content.reduce((n, b) => n + (b.type === 'text' ? b.text.length : 0), 0);
  if (texts === 0) return { history: [...history], tokens: total, changed: false };
  const share = Math.max(0.01, (allowed * charsPerToken) / Math.max(texts, 1));
  const content = message.content.map((b) => (b.type === 'text' ? { ...b, text: cutToFit(b.text, Math.floor(b.text.length * Math.min(1, share))) } : b));
  const replaced = { ...message, content } as Message;
  const next = [...history];
  next[largest] = replaced;
  return { history: next, tokens: counter.countMessages(next), changed: true };
}
