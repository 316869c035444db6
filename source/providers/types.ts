// Provider-neutral conversation types and the one streaming interface every LLM backend implements.

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
  /** Some of these counts are rein's estimate: the server sent no usage for a call (a stream cut or stopped early). */
  estimated?: true;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** The sum; estimated when either part is. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    ...(a.estimated || b.estimated ? { estimated: true as const } : {}),
  };
}

export const isEmptyUsage = (u: Usage): boolean => u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens === 0;

export interface ToolSchema {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ProviderRequest {
  system: string;
  tools: ToolSchema[];
  messages: Message[];
  options: {
    model: string;
    maxTokens: number;
    temperature?: number;
  };
}

/**
 * How hard a reasoning model thinks: `off`, an effort level, or (Anthropic) a budget of thinking tokens.
 * Anthropic gets extended thinking with a budget; OpenAI-compatible servers get `reasoning_effort`.
 */
export type ThinkingSetting = 'off' | 'low' | 'medium' | 'high' | number;

/** Why a call failed, so the loop can tell the user what to do. */
export type ProviderErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'connection'
  | 'bad_request'
  | 'context_length'
  | 'not_found'
  | 'stream'
  | 'unknown';

export interface ProviderError {
  kind: ProviderErrorKind;
  status?: number;
  /** One plain sentence for the user: what went wrong and what to do. */
  message: string;
  /** The server's own message, kept for context-length errors: it often names the real window. */
  detail?: string;
}

export type ProviderEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  | { type: 'tool_call_start'; id: string; name: string }
  | { type: 'tool_call_delta'; id: string; partialJson: string }
  | { type: 'usage'; usage: Usage }
  /** The attempt failed before completing; deltas streamed so far are void and the call starts over. */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  /** Something the user should know that does not stop the call (a retired model, a corrected base URL). */
  | { type: 'warning'; message: string }
  | {
      type: 'done';
      message: AssistantMessage;
      stopReason: StopReason;
      /** This answer's tokens: what the context holds after it. */
      usage: Usage;
      error?: ProviderError;
      /**
       * What the call cost in all, when more than `usage`: attempts whose streams were voided and sent again
       * (a stream cut or stalled mid-answer) count too.
       */
      spent?: Usage;
      /** The server's length limit cut the answer inside this tool call; it is left out of `message`. */
      cutCall?: { id: string; name: string };
    };

export interface Provider {
  readonly name: 'anthropic' | 'openai' | 'scripted';
  /**
   * Streams one model call. Never throws: failures end with a `done` event whose
   * stopReason is `error` (with `error` set) or `aborted`.
   */
  stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent>;
  /** The model names the provider serves (its /v1/models list); rejects when it cannot say. */
  listModels?(signal: AbortSignal): Promise<string[]>;
}
