// The conversation as every room sees it: messages and their blocks, why a reply stopped, and token usage.

export interface TextBlock {
  type: 'text';
  text: string;
}

/** Model reasoning. Anthropic needs `signature` sent back verbatim; OpenAI-compatible servers call it reasoning_content. */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature?: string;
}

/** Anthropic's encrypted reasoning; kept only to send back unchanged. */
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** An image a tool returned, base64-encoded. The session log keeps it as a file beside the log (see session/images.ts). */
export interface ImageContent {
  type: 'image';
  /** image/png, image/jpeg, image/gif, image/webp… */
  mediaType: string;
  /** Base64, without a data: prefix. */
  data: string;
}

export interface ToolResultBlock {
  type: 'tool_result';
  toolUseId: string;
  content: string;
  /** Images that go with the text: sent as image content where the provider takes it, else as a one-line placeholder. */
  images?: ImageContent[];
  isError?: boolean;
}

export type AssistantBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock;
export type UserBlock = TextBlock | ToolResultBlock;

export interface UserMessage {
  role: 'user';
  content: UserBlock[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: AssistantBlock[];
}

export type Message = UserMessage | AssistantMessage;

export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'refusal'
  | 'error'
  | 'aborted';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens served from the provider's cache. */
  cacheReadTokens: number;
  /** Prompt tokens written to the provider's cache (Anthropic only). */
  cacheWriteTokens: number;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}
