// User messages, assistant messages (markdown plus collapsed thinking) and notices as terminal lines.
import { userMessageMaxLines, type AssistantItem, type NoticeItem, type UserItem } from '../../source/store/state.js';
import { markdownToLines, safeMarkdownLength } from './markdown.js';
import type { Style } from './style.js';
import { layoutStreaming, type StreamLayout } from './streamLayout.js';
import { paint, sanitize, wrapHanging, wrapText, wrapWithPrefix } from './style.js';
import { formatInt } from '../../source/util/format.js';

/** Lines of a long user message shown while it is collapsed. */
const collapsedUserLines = 2;

/** A long message (a large paste) shows its first lines and how many more Ctrl+O would show. */
export function userToLines(item: UserItem, width: number): string[] {
  const lines = sanitize(item.text).replace(/\n+$/, '').split('\n');
  const prefix = paint(['bold', 'cyan'], '❯ ');
  if (item.expanded === true || lines.length <= userMessageMaxLines) return wrapWithPrefix(lines.join('\n'), width, prefix, '  ', 'bold');
  const hidden = lines.length - collapsedUserLines;
  const head = wrapWithPrefix(lines.slice(0, collapsedUserLines).join('\n'), width, prefix, '  ', 'bold');
  return [...head, `  ${paint('dim', `… +${formatInt(hidden)} lines (Ctrl+O to expand)`)}`];
}

function thinkingLines(item: AssistantItem, width: number): string[] {
  const thinking = sanitize(item.thinking).trim();
  if (thinking === '') return [];
  if (item.expanded) return wrapWithPrefix(thinking, width, paint('dim', '✻ '), '  ', ['dim', 'italic']);
  // Collapsed to one line: the newest line while streaming, the first one after.
  const lines = thinking.split('\n').filter((l) => l.trim() !== '');
  const shown = item.done ? lines[0] : lines[lines.length - 1];
  return [paint(['dim', 'italic'], `✻ Thinking: ${shown ?? ''}`)];
}

// Items never change (a new delta makes a new item), and a frame asks for the same item's visible text several
// times (and again for the previous frame's item when comparing): each is worked out once.
const visibleOf = new WeakMap<AssistantItem, string>();

/** The visible part of an assistant message; while streaming only text up to a safe boundary shows. */
export function visibleAssistantText(item: AssistantItem): string {
  if (item.done) return item.text;
  let visible = visibleOf.get(item);
  if (visible === undefined) {
    visible = item.text.slice(0, safeMarkdownLength(item.text));
    visibleOf.set(item, visible);
  }
  return visible;
}

/** Whether the whitespace that ends `text` holds a blank line (two line breaks), looked at from the end only. */
function endsInBlankLine(text: string): boolean {
  let breaks = 0;
  for (let i = text.length - 1; i >= 0 && /\s/.test(text[i]); i--) if (text[i] === '\n' && ++breaks === 2) return true;
  return false;
}

const fenceLineRe = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The unfinished tail of a streaming message (past the last safe line break) as plain wrapped text, so words show
 * as they arrive; it is replaced by its rendered form once its line is finished. Empty for a finished message.
 */
export function streamingTailLines(item: AssistantItem, width: number): string[] {
  if (item.done) return [];
  const visible = visibleAssistantText(item);
  // Fence lines are markup: the code of a block still open shows without them.
  const tail = sanitize(item.text.slice(visible.length))
    .split('\n')
    .filter((line) => !fenceLineRe.test(line))
    .join('\n')
    .replace(/\s+$/, '');
  if (tail.trim() === '') return [];
  // A tail that opens a new paragraph keeps the blank line the rendered blocks keep between them.
  const gap = visible.length > 0 && endsInBlankLine(visible) ? [''] : [];
  return [...gap, ...wrapText(tail, Math.max(1, width - 2)).map((row) => `  ${row}`)];
}

/** Thinking and the visible markdown: the costly part, cached by the caller while the message streams. */
export function assistantBodyLines(item: AssistantItem, width: number): string[] {
  const rows = markdownToLines(visibleAssistantText(item), Math.max(1, width - 2)).map((row) => `  ${row}`);
  return [...thinkingLines(item, width), ...rows];
}

/** assistantBodyLines for a message still streaming, laying out only the markdown blocks not already in `prev`. */
export function streamingBodyLines(item: AssistantItem, width: number, prev?: StreamLayout): { lines: string[]; stream: StreamLayout } {
  const { lines, state } = layoutStreaming(visibleAssistantText(item), Math.max(1, width - 2), prev);
  return { lines: [...thinkingLines(item, width), ...lines.map((row) => `  ${row}`)], stream: state };
}

/** While streaming: a spinner that shows work goes on (nothing written yet, or text held back). */
export function assistantStatusLines(item: AssistantItem, spinner: string): string[] {
  if (item.done) return [];
  if (item.text === '' && item.thinking === '') return [paint('dim', `${spinner} Working…`)];
  if (visibleAssistantText(item).length < item.text.length) return [paint('dim', `  ${spinner}`)];
  return [];
}

export function assistantToLines(item: AssistantItem, width: number, spinner: string): string[] {
  return [...assistantBodyLines(item, width), ...streamingTailLines(item, width), ...assistantStatusLines(item, spinner)];
}

const noticeStyle: Record<NoticeItem['level'], { mark: string; style: Style }> = {
  info: { mark: '·', style: 'dim' },
  warning: { mark: '⚠', style: 'yellow' },
  error: { mark: '✗', style: 'red' },
  retry: { mark: '↻', style: 'yellow' },
  compaction: { mark: '⋯', style: 'dim' },
  interrupted: { mark: '■', style: 'yellow' },
  summary: { mark: '■', style: 'yellow' },
  command: { mark: ' ', style: 'reset' },
};

export function noticeToLines(item: NoticeItem, width: number): string[] {
  const text = sanitize(item.text);
  if (item.level === 'command') {
    const title = item.title ? [paint('dim', `❯ ${sanitize(item.title)}`)] : [];
    return [...title, ...wrapHanging(text, Math.max(1, width - 2)).map((row) => `  ${row}`)];
  }
  const { mark, style } = noticeStyle[item.level];
  // A command that failed names the line it answers, as typed, above its reason.
  const title = item.title ? wrapWithPrefix(sanitize(item.title), width, paint('dim', '❯ '), '  ', 'dim') : [];
  return [...title, ...wrapWithPrefix(text, width, paint(style, `${mark} `), '  ', style)];
}
