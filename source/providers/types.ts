// The one streaming interface every LLM backend implements, and what a request to it carries.

import type { AssistantMessage, Message, StopReason, Usage } from '../protocol/messages.js';
import type { ServedWindow } from './servedWindow.js';

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
  /** Told once the request's bytes are out (work held back so it goes first may start); not part of what is sent. */
  written?: () => void;
}

/**
 * How hard a reasoning model thinks: `off`, an effort level, or (Anthropic) a budget of thinking tokens.
 * Anthropic gets extended thinking with a budget; OpenAI-compatible servers get `reasoning_effort`.
 */
export type { ThinkingSetting } from '../config/types.js';

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
  /** The window the server serves a model with, where it says (Ollama, llama.cpp, vLLM); undefined when it does not. */
  servedWindow?(model: string, signal: AbortSignal): Promise<ServedWindow | undefined>;
}
