// Tells the user's own typed text apart from injected notes, and writes/reads the summary message that carries it verbatim.
import type { Message, TextBlock, UserMessage } from '../../protocol/messages.js';

/** Text the engine injects into user messages: never the user's own words. */
const injectedWrapper = /<(system-reminder|background-results|error)>[\s\S]*?<\/\1>/g;

const summaryOpen = '<conversation-summary>\n';
const summaryClose = '</conversation-summary>';
const userListHeading = "The user's messages so far, verbatim:";
const userOpen = '<user-message>\n';
const userClose = '\n</user-message>';

const isSummaryHeader = (text: string): boolean => text.startsWith(summaryOpen);
const isCarriedUserText = (text: string): boolean => text.startsWith(userOpen) && text.endsWith(userClose);

/** True when a user text block holds something the user typed (not only reminders, background results or errors). */
export function isTypedText(text: string): boolean {
  if (isSummaryHeader(text) || text === summaryClose) return false;
  return text.replace(injectedWrapper, '').trim() !== '';
}

export const hasToolResults = (message: Message): boolean => message.content.some((b) => b.type === 'tool_result');

/** A summary message written by `summaryBlocks`: its blocks are structure, not typed text. */
const isSummaryMessage = (message: UserMessage): boolean =>
  message.content.some((b) => b.type === 'text' && isSummaryHeader(b.text));

/** True when the user message contains text the user typed; a user turn starts there. */
export function startsUserTurn(message: Message): boolean {
  if (message.role !== 'user') return false;
  const summary = isSummaryMessage(message);
  return message.content.some((b) => b.type === 'text' && isTypedText(b.text) && !(summary && isCarriedUserText(b.text)));
}

/** Every message the user typed in `messages`, in order, including those an earlier summary carried. */
export function collectUserTexts(messages: readonly Message[]): string[] {
  const out: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const summary = isSummaryMessage(message);
    for (const block of message.content) {
      if (block.type !== 'text') continue;
      if (summary && isCarriedUserText(block.text)) out.push(block.text.slice(userOpen.length, -userClose.length));
      else if (isTypedText(block.text)) out.push(block.text);
    }
  }
  return out;
}

/** The prose of earlier summaries found in `messages`, oldest first. */
export function collectSummaries(messages: readonly Message[]): string[] {
  const out: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.content) {
      if (block.type === 'text' && isSummaryHeader(block.text)) out.push(summaryProse(block.text));
    }
  }
  return out;
}

function summaryProse(header: string): string {
  const body = header.slice(summaryOpen.length);
  const end = body.lastIndexOf(`\n\n${userListHeading}`);
  return (end >= 0 ? body.slice(0, end) : body).trim();
}

export type SummaryPart = { kind: 'summary'; prose: string } | { kind: 'user'; text: string } | { kind: 'close' };

/** Reads one text block of a summary message: its prose, a carried user message, or the closing tag; undefined for other text. */
export function readSummaryBlock(message: UserMessage, text: string): SummaryPart | undefined {
  if (isSummaryHeader(text)) return { kind: 'summary', prose: summaryProse(text) };
  if (!isSummaryMessage(message)) return undefined;
  if (text === summaryClose) return { kind: 'close' };
  if (isCarriedUserText(text)) return { kind: 'user', text: text.slice(userOpen.length, -userClose.length) };
  return undefined;
}

/**
 * The summary as text blocks: the prose, then each user message verbatim in its own block, then the closing tag.
 * One block per message keeps them exact and lets a later compaction read them back whatever they contain.
 */
export function summaryBlocks(summary: string, userTexts: readonly string[]): TextBlock[] {
  const prose = summary.trim().replace(/^<conversation-summary>\s*/, '').replace(/\s*<\/conversation-summary>$/, '').trim();
  const heading = userTexts.length > 0 ? userListHeading : `${userListHeading} (none)`;
  return [
    { type: 'text', text: `${summaryOpen}${prose}\n\n${heading}` },
    ...userTexts.map((text): TextBlock => ({ type: 'text', text: `${userOpen}${text}${userClose}` })),
    { type: 'text', text: summaryClose },
  ];
}
