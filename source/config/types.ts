// The shape of rein's resolved configuration and of the partial layers it is merged from.
import type { PermissionMode } from '../engine/events.js';

export type ProviderName = 'anthropic' | 'openai';

/** Environment variables as read from the process (or a test's stand-in). */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ReinConfig {
  provider: ProviderName;
  model: string;
  /** Anthropic: the root (http://host:port); OpenAI-compatible: the API root including /v1. */
  baseUrl?: string;
  apiKey?: string;
  /** 0..2 */
  temperature?: number;
  /** Per response. */
  maxTokens: number;
  /** 0 = unlimited. */
  maxTurns: number;
  /** Total attempts per model call including the first (1..10). */
  maxRetries: number;
  /** Unset = ask in the TUI, yolo in -p mode. */
  permissionMode?: PermissionMode;
  /** Built-in tools that are on. */
  tools: string[];
  security: { workspace: string };
}

/** Values the command line may set; they override every other layer. */
export interface ConfigFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  maxTurns?: number;
  permissionMode?: string;
  temperature?: number;
  maxTokens?: number;
}

/** One validated layer (a file, the environment or the flags): every key optional. */
export interface ConfigLayer {
  provider?: ProviderName;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  maxTurns?: number;
  maxRetries?: number;
  permissionMode?: PermissionMode;
  tools?: string[];
  security?: { workspace?: string };
}
