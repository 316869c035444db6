// Micro compaction: cut old tool results to head + tail, in batches so provider prompt caches keep hitting.
import type { Message, ToolResultBlock, UserMessage } from '../../protocol/messages.js';
import { withImagePlaceholders } from '../../providers/images.js';
import type { TokenCounter } from '../tokens.js';

export interface MicroOptions {
  /** The newest results kept whole. Default 10. */
  keepRecent?: number;
  /** Context window of the model in tokens. */
  window: number;
  /** Change nothing unless at least this share of the window is freed. Default 0.05. */
  minFreedRatio?: number;
  counter: TokenCounter;
  /** Characters kept from the start of an old result. Default 1,000. */
  headChars?: number;
  /** Characters kept from the end of an old result. Default 500. */
  tailChars?: number;
}

const markerPattern = /\n\[… [\d,]+ (?:lines|characters) of old tool output cut to save context …\]\n/;

/** Cutting less than this many extra characters is not worth a changed prompt prefix. */
const minCutChars = 200;

/** Head + marker + tail of an old result, or undefined when it is already cut or too short to bother. */
export function cutOldOutput(content: string, headChars: number, tailChars: number): string | undefined {
  if (markerPattern.test(content) || content.length <= headChars + tailChars + minCutChars) return undefined;
  let head = content.slice(0, headChars);
  const headBreak = head.lastIndexOf('\n');
  // End the head and start the tail at line breaks when one is near, so no line is kept half.
  if (headBreak >= headChars / 2) head = head.slice(0, headBreak);
  let tail = tailChars > 0 ? content.slice(-tailChars) : '';
  const tailBreak = tail.indexOf('\n');
  if (tailBreak >= 0 && tailBreak < tailChars / 2) tail = tail.slice(tailBreak + 1);
  const middle = content.slice(head.length, content.length - tail.length);
  const cutLines = Math.max(0, (middle.match(/\n/g)?.length ?? 0) - 1);
  const amount = cutLines > 0 ? `${cutLines.toLocaleString('en-US')} lines` : `${middle.length.toLocaleString('en-US')} characters`;
  return `${head}\n[… ${amount} of old tool output cut to save context …]\n${tail}`;
}

// The same old result is cut the same way on every call, so its cut block (and its cached count) is reused.
const cuts = new WeakMap<ToolResultBlock, { key: string; block: ToolResultBlock | undefined }>();

function cutBlock(block: ToolResultBlock, headChars: number, tailChars: number): ToolResultBlock | undefined {
  const key = `${headChars}:${tailChars}`;
  const cached = cuts.get(block);
  if (cached?.key === key) return cached.block;
  const text = cutOldOutput(block.content, headChars, tailChars);
  // Old images go too: each costs as much as a page of text, and the model has seen them.
  const { images, ...rest } = block;
  const cut = text === undefined && !images?.length ? undefined : { ...rest, content: withImagePlaceholders(text ?? block.content, images, 'left out of this old tool result to save context') };
  cuts.set(block, { key, block: cut });
  return cut;
}

/**
 * Cuts tool results older than the newest `keepRecent`. User text is never touched and cut results stay as they
 * are. Returns undefined (nothing changed) unless the cut frees at least `minFreedRatio × window` tokens; otherwise
 * a new history in which only the changed messages are new objects.
 */
export function microCompact(history: Message[], opts: MicroOptions): { history: Message[]; freedTokens: number } | undefined {
  const keepRecent = opts.keepRecent ?? 10;
  const headChars = opts.headChars ?? 1_000;
  const tailChars = opts.tailChars ?? 500;

  // Walk back to find where the kept results begin: [message index, block index].
  let kept = 0;
  let boundary: [number, number] = [-1, -1];
  outer: for (let i = history.length - 1; i >= 0; i--) {
    const content = history[i].content;
    for (let k = content.length - 1; k >= 0; k--) {
      if (content[k].type !== 'tool_result') continue;
      if (kept === keepRecent) {
        boundary = [i, k];
        break outer;
      }
      kept++;
    }
  }
  const [lastMessage, lastBlock] = boundary;
  if (lastMessage < 0) return undefined;

  const next = history.slice();
  let freed = 0;
  for (let i = 0; i <= lastMessage; i++) {
    const message = history[i];
    if (message.role !== 'user') continue;
    let changed = false;
    const content = message.content.map((block, k) => {
      if (block.type !== 'tool_result' || (i === lastMessage && k > lastBlock)) return block;
      const cut = cutBlock(block, headChars, tailChars);
      if (!cut) return block;
      changed = true;
      return cut;
    });
    if (!changed) continue;
    const replaced: UserMessage = { ...message, content };
    freed += opts.counter.countMessage(message) - opts.counter.countMessage(replaced);
    next[i] = replaced;
  }
  if (freed <= 0 || freed < (opts.minFreedRatio ?? 0.05) * opts.window) return undefined;
  return { history: next, freedTokens: freed };
}
