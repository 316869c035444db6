// Token counting for the context budget: exact o200k counts, cached per message, with the provider's usage as the anchor.
import { createRequire } from 'node:module';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { imageTokenEstimate } from '../providers/images.js';
import type { ToolSchema } from '../providers/types.js';
import type { Message } from '../protocol/messages.js';

// The 2.3 MB rank table is loaded only when the first exact count is needed, never at start-up.
const requireRanks = createRequire(import.meta.url);

/** Counts the tokens of one string. */
export type EncodeCount = (text: string) => number;

/** A quick estimate without the tokenizer (about 3 characters a token), for budgets and live counts. */
export const estimateTokens = (text: string): number => estimateTokensOfChars(text.length);
export const estimateTokensOfChars = (chars: number): number => Math.ceil(chars / 3);

/** Role framing and block separators cost a few tokens per message beyond its text. */
export const messageOverheadTokens = 4;

let sharedEncoder: Tiktoken | undefined;

/** The encoder is slow and large to build, so it is built on the first count and shared by the whole process. */
function encoder(): Tiktoken {
  if (!sharedEncoder) {
    const ranks = requireRanks('js-tiktoken/ranks/o200k_base') as TiktokenBPE & { default?: TiktokenBPE };
    sharedEncoder = new Tiktoken(ranks.default ?? ranks);
  }
  return sharedEncoder;
}

/** Whether the exact tokenizer has been built in this process (start-up and memory figures depend on it). */
export const isTokenizerBuilt = (): boolean => sharedEncoder !== undefined;

// 'all' lets text that happens to contain special tokens (`<|endoftext|>`) be counted instead of throwing.
export const countWithTiktoken: EncodeCount = (text) => (text === '' ? 0 : encoder().encode(text, 'all').length);

type Block = Message['content'][number];

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'thinking':
      return block.thinking;
    case 'redacted_thinking':
      return block.data;
    case 'tool_use':
      return `${block.name} ${JSON.stringify(block.input)}`;
    case 'tool_result':
      return block.content;
  }
}

export class TokenCounter {
  private readonly encode: EncodeCount;
  // Blocks are cached on their own so a message that grows in place (reminders appended) only pays for the new block.
  private readonly blocks = new WeakMap<object, number>();
  private readonly messages = new WeakMap<Message, { blocks: number; tokens: number }>();
  private readonly tools = new WeakMap<readonly ToolSchema[], number>();

  /** `encode` defaults to the shared o200k encoder; tests inject their own to count calls. */
  constructor(encode: EncodeCount = countWithTiktoken) {
    this.encode = encode;
  }

  count(text: string): number {
    return this.encode(text);
  }

  /** Per message, cached (keyed by the message object), so a turn costs O(new content). */
  countMessage(message: Message): number {
    const cached = this.messages.get(message);
    if (cached && cached.blocks === message.content.length) return cached.tokens;
    let tokens = messageOverheadTokens;
    for (const block of message.content) tokens += this.countBlock(block);
    this.messages.set(message, { blocks: message.content.length, tokens });
    return tokens;
  }

  countMessages(messages: readonly Message[]): number {
    let total = 0;
    for (const message of messages) total += this.countMessage(message);
    return total;
  }

  /** Cached by array identity: the tool set is built once per session. */
  countTools(tools: readonly ToolSchema[]): number {
    const cached = this.tools.get(tools);
    if (cached !== undefined) return cached;
    let total = 0;
    for (const tool of tools) total += this.encode(`${tool.name}\n${tool.description}\n${JSON.stringify(tool.inputSchema)}`);
    this.tools.set(tools, total);
    return total;
  }

  private countBlock(block: Block): number {
    const cached = this.blocks.get(block);
    if (cached !== undefined) return cached;
    const images = block.type === 'tool_result' ? (block.images?.length ?? 0) : 0;
    const tokens = this.encode(blockText(block)) + images * imageTokenEstimate;
    this.blocks.set(block, tokens);
    return tokens;
  }
}

/** Tracks the context size: the provider's reported usage is the truth; only what was added since is estimated. */
export class ContextMeter {
  private reported: { tokens: number; historyLength: number } | undefined;
  private system: { text: string; tokens: number } | undefined;

  constructor(private readonly counter: TokenCounter) {}

  /** After a model call: `reportedTokens` (input + output) is the size of the history up to and including that reply (`historyLength` messages). */
  observe(reportedTokens: number, historyLength: number): void {
    this.reported = { tokens: reportedTokens, historyLength };
  }

  /** Estimate for the next request: last reported + messages added after it (or system + tools + everything when nothing was reported yet). */
  estimate(system: string, tools: readonly ToolSchema[], history: readonly Message[]): number {
    const reported = this.reported;
    if (reported && reported.historyLength <= history.length) {
      return reported.tokens + this.counter.countMessages(history.slice(reported.historyLength));
    }
    // Nothing reported yet, or the history was rewritten without a reset: count it all.
    return this.countSystem(system) + this.counter.countTools(tools) + this.counter.countMessages(history);
  }

  /** After compaction rewrites the history, the old report no longer describes it. */
  reset(): void {
    this.reported = undefined;
  }

  private countSystem(system: string): number {
    if (this.system?.text !== system) this.system = { text: system, tokens: this.counter.count(system) };
    return this.system.tokens;
  }
}
