// Turns transcript items into terminal lines, caching finished items per width, and slices the visible window.
import type { TranscriptItem } from '../../source/store/state.js';
import { isSubagentActive } from '../../source/store/subagents.js';
import { isMarkdownReady } from './markdown.js';
import {
  assistantStatusLines,
  assistantToLines,
  noticeToLines,
  streamingBodyLines,
  streamingTailLines,
  userToLines,
  visibleAssistantText,
} from './messageLines.js';
import type { StreamLayout } from './streamLayout.js';
import { toolToLines } from './toolLines.js';
import { welcomeToLines } from './welcomeLines.js';

/** `now` is the clock for running subagents' elapsed time (0: not shown). */
export function itemToLines(item: TranscriptItem, width: number, spinner: string, now = 0): string[] {
  let lines: string[];
  switch (item.kind) {
    case 'user':
      lines = userToLines(item, width);
      break;
    case 'assistant':
      lines = assistantToLines(item, width, spinner);
      break;
    case 'tool':
      lines = toolToLines(item, width, spinner, now);
      break;
    case 'notice':
      lines = noticeToLines(item, width);
      break;
    case 'welcome':
      lines = welcomeToLines(item, width);
      break;
  }
  // A blank line after each item keeps turns apart; empty items take no room.
  return lines.length === 0 ? lines : [...lines, ''];
}

interface Cached {
  width: number;
  markdown: boolean;
  lines: string[];
}

/**
 * Finished items are rendered once per width (items are immutable, so the object is the key);
 * only the item still streaming is rendered again, and only when its visible text changed.
 */
export class LineCache {
  private done = new WeakMap<TranscriptItem, Cached>();
  private live = new Map<string, Cached & { key: string; stream?: StreamLayout }>();

  linesFor(item: TranscriptItem, width: number, spinner: string, now = 0): string[] {
    const markdown = isMarkdownReady();
    // A background subagent's block is finished as a call but still live: its lines follow the child.
    if (item.done && !isSubagentActive(item)) {
      const hit = this.done.get(item);
      if (hit && hit.width === width && hit.markdown === markdown) return hit.lines;
      const lines = itemToLines(item, width, spinner);
      this.done.set(item, { width, markdown, lines });
      this.live.delete(item.id);
      return lines;
    }
    if (item.kind !== 'assistant') return itemToLines(item, width, spinner, now);
    const key = `${visibleAssistantText(item).length}:${item.thinking.length}:${item.expanded}`;
    let hit = this.live.get(item.id);
    if (!hit || hit.key !== key || hit.width !== width || hit.markdown !== markdown) {
      // Finished blocks of the same text at the same width keep their lines; only the tail is laid out again.
      const prev = hit && hit.width === width && hit.markdown === markdown ? hit.stream : undefined;
      const body = streamingBodyLines(item, width, prev);
      hit = { key, width, markdown, lines: body.lines, stream: body.stream };
      this.live.set(item.id, hit);
    }
    // The plain tail changes with every delta; it is only wrapped, never rendered, so it is not cached with the body.
    const lines = hit.lines.concat(streamingTailLines(item, width), assistantStatusLines(item, spinner));
    if (lines.length > 0) lines.push('');
    return lines;
  }

  /** Drops live entries of items that are gone, so the map stays as small as the set of streaming items. */
  prune(items: readonly TranscriptItem[]): void {
    if (this.live.size === 0) return;
    const ids = new Set(items.filter((i) => !i.done).map((i) => i.id));
    for (const id of this.live.keys()) if (!ids.has(id)) this.live.delete(id);
  }
}

export interface TranscriptLayout {
  /** Lines per item, in transcript order (only the laid-out items, see `from`). */
  blocks: string[][];
  total: number;
  /** Index of the first item laid out; items above it are not laid out yet. */
  from?: number;
}

/**
 * Lays out items from `from` to the end, then further up until at least `minLines` lines are laid out
 * (or every item is). A long transcript thus costs only what the screen can show until the user scrolls up.
 */
export function layoutTranscriptTail(
  items: readonly TranscriptItem[],
  from: number,
  minLines: number,
  width: number,
  spinner: string,
  cache: LineCache,
  now = 0,
): TranscriptLayout & { from: number } {
  let start = Math.max(0, Math.min(from, items.length));
  const blocks: string[][] = [];
  let total = 0;
  for (let i = start; i < items.length; i++) {
    const block = cache.linesFor(items[i], width, spinner, now);
    blocks.push(block);
    total += block.length;
  }
  const above: string[][] = [];
  while (start > 0 && total < minLines) {
    start--;
    const block = cache.linesFor(items[start], width, spinner, now);
    above.push(block);
    total += block.length;
  }
  cache.prune(items);
  return { blocks: above.length === 0 ? blocks : [...above.reverse(), ...blocks], total, from: start };
}

/**
 * The `height` lines that end `offset` lines above the bottom. Walks blocks from the end,
 * so following the bottom costs only the visible items.
 */
export function sliceViewport(layout: TranscriptLayout, height: number, offset: number): string[] {
  if (height <= 0) return [];
  const end = Math.max(0, layout.total - offset);
  const start = Math.max(0, end - height);
  const out: string[] = [];
  let blockEnd = layout.total;
  for (let b = layout.blocks.length - 1; b >= 0 && blockEnd > start; b--) {
    const block = layout.blocks[b];
    const blockStart = blockEnd - block.length;
    if (blockStart < end) {
      const from = Math.max(0, start - blockStart);
      const to = Math.min(block.length, end - blockStart);
      out.unshift(...block.slice(from, to));
    }
    blockEnd = blockStart;
  }
  return out;
}
