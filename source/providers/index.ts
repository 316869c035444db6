// Picks and builds the provider named in the configuration.
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAIProvider } from './openai.js';
import type { Provider } from './types.js';

export interface ProviderSettings {
  provider: 'anthropic' | 'openai';
  apiKey: string;
  baseUrl?: string;
  maxRetries: number;
  /** The env var that holds the key, named in "key rejected" messages. */
  keyHint: string;
}

export function createProvider(s: ProviderSettings): Provider {
  if (s.provider === 'anthropic') {
    return createAnthropicProvider({ apiKey: s.apiKey, baseUrl: s.baseUrl, maxAttempts: s.maxRetries, keyHint: s.keyHint });
  }
  const label = s.baseUrl && /deepseek/i.test(s.baseUrl) ? 'DeepSeek' : s.baseUrl ? `the server at ${s.baseUrl}` : 'OpenAI';
  return createOpenAIProvider({ apiKey: s.apiKey, baseUrl: s.baseUrl, maxAttempts: s.maxRetries, keyHint: s.keyHint, providerLabel: label });
}
