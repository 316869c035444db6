// Micro compaction: old tool results the model has already answered become one-line stubs, before any summary.
import type { Message, ToolResultBlock, ToolUseBlock, UserMessage } from '../../protocol/messages.js';
import { withImagePlaceholders } from '../../providers/images.js';
import type { TokenCounter } from '../tokens.js';

export interface MicroOptions {
  /** The newest results kept whole (results the model has not answered yet are always kept). Default 10. */
  keepRecent?: number;
  /** Context window of the model in tokens. */
  window: number;
  /** Change nothing unless at least this share of the window is freed. Default 0.05. */
  minFreedRatio?: number;
  counter: TokenCounter;
}

/** Results shorter than this stay whole: a stub would save little and still change the prompt prefix. */
const minClearedChars = 1_000;

const stubStart = '[old output of ';
const stubPattern = /^\[old output of .*, cleared to save context; call the tool again if you need it\]$/;
const isStub = (content: string): boolean => content.startsWith(stubStart) && stubPattern.test(content.split('\n', 1)[0]);

/** True when the history holds a cleared result: micro compaction has started and keeps going. */
export function hasClearedOutput(history: readonly Message[]): boolean {
  return history.some((m) => m.role === 'user' && m.content.some((b) => b.type === 'tool_result' && isStub(b.content)));
}

const size = (chars: number): string =>
  chars >= 1024 * 10 ? `${Math.round(chars / 1024)} KB` : chars >= 1024 ? `${(chars / 1024).toFixed(1)} KB` : `${chars} characters`;

/** What the call was about, in a few words: its path, command, pattern or URL when it has one. */
function callSubject(call: ToolUseBlock | undefined): string {
  if (!call) return 'a tool';
  const input = call.input;
  const subject = ['path', 'file_path', 'command', 'pattern', 'url', 'query'].map((k) => input[k]).find((v) => typeof v === 'string');
  if (typeof subject !== 'string') return call.name;
  const short = subject.replace(/\s+/g, ' ');
  return `${call.name} ${short.length > 80 ? `${short.slice(0, 77)}...` : short}`;
}

/** The one-line stand-in for an old result: which call it answered, how big it was, and how to get it back. */
export function clearedOutput(call: ToolUseBlock | undefined, content: string): string {
  return `[old output of ${callSubject(call)}, ${size(content.length)}, cleared to save context; call the tool again if you need it]`;
}

// The same old result is cleared the same way on every call, so its stub block (and its cached count) is reused.
const cleared = new WeakMap<ToolResultBlock, ToolResultBlock | undefined>();

function clearBlock(block: ToolResultBlock, call: ToolUseBlock | undefined): ToolResultBlock | undefined {
  if (cleared.has(block)) return cleared.get(block);
  const long = block.content.length >= minClearedChars && !isStub(block.content);
  // Old images go too: each costs as much as a page of text, and the model has seen them.
  const { images, ...rest } = block;
  const stub = !long && !images?.length ? undefined : {
    ...rest,
    content: withImagePlaceholders(long ? clearedOutput(call, block.content) : block.content, images, 'left out of this old tool result to save context'),
  };
  cleared.set(block, stub);
  return stub;
}

/**
 * Clears tool results older than the newest `keepRecent` that an assistant message already follows (the model has
 * seen them). User text is never touched, nor a result the model has not answered. Returns undefined (nothing
 * changed) unless the clearing frees at least `minFreedRatio × window` tokens; otherwise a new history in which
 * only the changed messages are new objects.
 */
export function microCompact(history: Message[], opts: MicroOptions): { history: Message[]; freedTokens: number } | undefined {
  const keepRecent = opts.keepRecent ?? 10;
  // Results after the last assistant message have not been seen by the model yet.
  let lastAssistant = history.length - 1;
  while (lastAssistant >= 0 && history[lastAssistant].role !== 'assistant') lastAssistant--;

  // Walk back to find where the kept results begin: [message index, block index].
  let kept = 0;
  let boundary: [number, number] = [-1, -1];
  outer: for (let i = history.length - 1; i >= 0; i--) {
    const content = history[i].content;
    for (let k = content.length - 1; k >= 0; k--) {
      if (content[k].type !== 'tool_result') continue;
      if (kept >= keepRecent && i < lastAssistant) {
        boundary = [i, k];
        break outer;
      }
      kept++;
    }
  }
  const [lastMessage, lastBlock] = boundary;
  if (lastMessage < 0) return undefined;

  const callsById = new Map<string, ToolUseBlock>();
  for (const message of history.slice(0, lastMessage)) {
    for (const block of message.content) if (block.type === 'tool_use') callsById.set(block.id, block);
  }
  const next = history.slice();
  let freed = 0;
  for (let i = 0; i <= lastMessage; i++) {
    const message = history[i];
    if (message.role !== 'user') continue;
    let changed = false;
    const content = message.content.map((block, k) => {
      if (block.type !== 'tool_result' || (i === lastMessage && k > lastBlock)) return block;
      const stub = clearBlock(block, callsById.get(block.toolUseId));
      if (!stub) return block;
      changed = true;
      return stub;
    });
    if (!changed) continue;
    const replaced: UserMessage = { ...message, content };
    freed += opts.counter.countMessage(message) - opts.counter.countMessage(replaced);
    next[i] = replaced;
  }
  if (freed <= 0 || freed < (opts.minFreedRatio ?? 0.05) * opts.window) return undefined;
  return { history: next, freedTokens: freed };
}
