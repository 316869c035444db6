// The one streaming interface every LLM backend implements, and what a request to it carries.

import type { AssistantMessage, Message, StopReason, Usage } from '../protocol/messages.js';

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
  | { type: 'done'; message: AssistantMessage; stopReason: StopReason; usage: Usage; error?: ProviderError };

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
