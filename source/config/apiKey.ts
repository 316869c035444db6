// Finds the API key for the configured provider; kept apart from loading so the TUI can open without one.
import { isDeepSeekUrl } from './defaults.js';
import type { Env, ReinConfig } from './types.js';

export type ApiKeyResult = { ok: true; apiKey: string; keyHint: string } | { ok: false; message: string; keyHint: string };

/** Placeholder sent to local OpenAI-compatible servers, which usually ignore the key but the client requires one. */
export const localKeyPlaceholder = 'not-needed';

/** The environment variable that holds the key for this provider and endpoint. */
export function apiKeyEnvVar(config: Pick<ReinConfig, 'provider' | 'baseUrl'>): string {
  if (config.provider === 'anthropic') return 'ANTHROPIC_API_KEY';
  return isDeepSeekUrl(config.baseUrl) ? 'DEEPSEEK_API_KEY' : 'OPENAI_API_KEY';
}

function hostOf(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return undefined;
  }
}

/** True for loopback hosts, where local model servers run. */
function isLocalUrl(baseUrl: string | undefined): boolean {
  const host = hostOf(baseUrl)?.toLowerCase();
  if (!host) return false;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Configured key first, then the provider's variable, then the local-server placeholder. */
export function resolveApiKey(config: ReinConfig, env: Env): ApiKeyResult {
  const keyHint = apiKeyEnvVar(config);
  const configured = config.apiKey?.trim();
  if (configured) return { ok: true, apiKey: configured, keyHint };
  const fromEnv = env[keyHint]?.trim();
  if (fromEnv) return { ok: true, apiKey: fromEnv, keyHint };
  if (config.provider === 'openai' && isLocalUrl(config.baseUrl)) return { ok: true, apiKey: localKeyPlaceholder, keyHint };
  const host = hostOf(config.baseUrl);
  const target = host ? `${config.provider} (${host})` : config.provider;
  return { ok: false, keyHint, message: `No API key for ${target}: set ${keyHint} or "apiKey" in agent.config.json.` };
}
