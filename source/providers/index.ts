// Picks and builds the provider named in the configuration.
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAIProvider } from './openai.js';
import type { Provider, ThinkingSetting } from './types.js';

export interface ProviderSettings {
  provider: 'anthropic' | 'openai';
  apiKey: string;
  baseUrl?: string;
  maxRetries: number;
  /** The env var that holds the key, named in "key rejected" messages. */
  keyHint: string;
  /** Where baseUrl was set, named in connection and 404 messages. */
  baseUrlFrom?: string;
  requestTimeoutMs?: number;
  streamIdleTimeoutMs?: number;
  thinking?: ThinkingSetting;
}

export function createProvider(s: ProviderSettings): Provider {
  const common = {
    apiKey: s.apiKey, baseUrl: s.baseUrl, baseUrlFrom: s.baseUrlFrom, maxAttempts: s.maxRetries, keyHint: s.keyHint,
    requestTimeoutMs: s.requestTimeoutMs, streamIdleTimeoutMs: s.streamIdleTimeoutMs, thinking: s.thinking,
  };
  if (s.provider === 'anthropic') return createAnthropicProvider(common);
  const label = s.baseUrl && /deepseek/i.test(s.baseUrl) ? 'DeepSeek' : s.baseUrl ? `the server at ${s.baseUrl}` : 'OpenAI';
  return createOpenAIProvider({ ...common, providerLabel: label });
}
