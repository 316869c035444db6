// Splices a summary in front of the kept messages, carrying every message the user typed verbatim.
import type { Message, UserBlock } from '../../protocol/messages.js';
import { withImagePlaceholders } from '../../providers/images.js';
import type { CompactionPlan } from './plan.js';
import { collectUserTexts, summaryBlocks } from './userText.js';

/**
 * Returns `[summary user message, ...recent]`, with the summary blocks merged in as the first blocks of `recent[0]`.
 * Why this is always valid: a plan never cuts at a user message holding tool results (their calls would be
 * summarised away); it cuts at a user message without them, or just before an assistant message behind a
 * continuation note (see splitPoints.ts). So `recent[0]` is text only (no tool_result has to come first for
 * Anthropic), no acknowledgement message is needed, the history starts with a user message and roles alternate.
 */
export function applySummary(plan: CompactionPlan, summary: string): Message[] {
  const blocks = summaryBlocks(summary, collectUserTexts(plan.older));
  const [first, ...rest] = plan.recent;
  if (!first) return [{ role: 'user', content: blocks }];
  if (first.role === 'assistant') return [{ role: 'user', content: blocks }, first, ...rest];
  // Not produced by planCompaction: results whose calls were summarised away become plain text, so none is orphaned.
  const content = first.content.map((b): UserBlock =>
    b.type === 'tool_result' ? { type: 'text', text: `Output of an earlier tool call (${b.toolUseId}):\n${withImagePlaceholders(b.content, b.images, 'left out')}` } : b,
  );
  return [{ role: 'user', content: [...blocks, ...content] }, ...rest];
}
