// Built-in defaults and the provider/model auto-pick applied after all layers are merged.
import path from 'node:path';
import { knownToolNames } from './schema.js';
import type { ConfigLayer, Env, ProviderName, ReinConfig } from './types.js';
import { defaultTimeouts } from './localServer.js';

export const defaultModels: Readonly<Record<ProviderName, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-4.1',
};

/** Paths that ask before any access, and before a write, unless the user's settings say otherwise. */
export const defaultProtectedPaths: readonly string[] = ['.env*', '*.pem', '*.key', 'id_rsa*', '~/.ssh/**', '~/.aws/**', '~/.config/gcloud/**'];
export const defaultProtectedWritePaths: readonly string[] = ['.git/**'];

/** How the context manager keeps a conversation in its window, unless the user's `context` settings say otherwise. */
export const contextDefaults = { dangerRatio: 0.9, keepRecentToolResults: 1, keepRecentRatio: 0.3 } as const;

export interface ContextTuning {
  dangerRatio?: number;
  keepRecentToolResults?: number;
  keepRecentRatio?: number;
}

/** The user's context settings with the defaults filled in: the one place the session and its subagents take them from. */
export function contextTuning(given?: ContextTuning): Required<ContextTuning> {
  return {
    dangerRatio: given?.dangerRatio ?? contextDefaults.dangerRatio,
    keepRecentToolResults: given?.keepRecentToolResults ?? contextDefaults.keepRecentToolResults,
    keepRecentRatio: given?.keepRecentRatio ?? contextDefaults.keepRecentRatio,
  };
}

const deepSeekBaseUrl = 'https://api.deepseek.com/v1';
const deepSeekModel = 'deepseek-chat';

/** The lowest layer: what rein uses when nothing else says otherwise (provider and model are picked later). */
export function builtInDefaults(cwd: string): ConfigLayer {
  return {
    maxTokens: 8192,
    maxTurns: 50,
    maxRetries: 5,
    tools: [...knownToolNames],
    security: { workspace: cwd },
  };
}

const hasValue = (v: string | undefined): boolean => v !== undefined && v.trim() !== '';

/** True when the URL's host names DeepSeek's API. */
export function isDeepSeekUrl(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return new URL(baseUrl).hostname.includes('deepseek');
  } catch {
    return false;
  }
}

/** Picks provider (from whichever key is set), base URL and model where no layer chose them. */
function pickProvider(merged: ConfigLayer, env: Env): { provider: ProviderName; baseUrl?: string; model: string } {
  let provider = merged.provider;
  let baseUrl = merged.baseUrl;
  if (!provider) {
    if (hasValue(env.ANTHROPIC_API_KEY)) provider = 'anthropic';
    else if (hasValue(env.OPENAI_API_KEY)) provider = 'openai';
    else if (hasValue(env.DEEPSEEK_API_KEY)) {
      provider = 'openai';
      baseUrl ??= deepSeekBaseUrl;
    }
    // With no key at all, anthropic is the default and the key check later says what to set.
    else provider = 'anthropic';
  }
  const fallbackModel = provider === 'openai' && isDeepSeekUrl(baseUrl) ? deepSeekModel : defaultModels[provider];
  return { provider, ...(baseUrl !== undefined ? { baseUrl } : {}), model: merged.model ?? fallbackModel };
}

/** Turns the merged layers (defaults included) into a complete config. */
export function finalizeConfig(merged: ConfigLayer, env: Env, cwd: string, reinHome: string): ReinConfig {
  const picked = pickProvider(merged, env);
  const config: ReinConfig = {
    provider: picked.provider,
    model: picked.model,
    maxTokens: merged.maxTokens ?? 8192,
    maxTurns: merged.maxTurns ?? 50,
    // Unset: the loop's own limit of 8.
    ...(merged.maxConsecutiveToolErrors !== undefined ? { maxConsecutiveToolErrors: merged.maxConsecutiveToolErrors } : {}),
    maxRetries: merged.maxRetries ?? 5,
    // A server on this machine or network gets longer waits: a CPU can process a long prompt for minutes in silence.
    requestTimeoutMs: merged.requestTimeoutMs ?? defaultTimeouts(picked.baseUrl).requestTimeoutMs,
    streamIdleTimeoutMs: merged.streamIdleTimeoutMs ?? defaultTimeouts(picked.baseUrl).streamIdleTimeoutMs,
    thinking: merged.thinking ?? 'off',
    // The bell by default: every terminal and tmux understand it, and it sounds only while the terminal is not focused.
    notifications: merged.notifications ?? 'bell',
    tools: [...new Set(merged.tools ?? knownToolNames)],
    security: { workspace: merged.security?.workspace ?? cwd },
    context: {
      contextDangerRatio: merged.context?.contextDangerRatio ?? contextDefaults.dangerRatio,
      keepRecentToolResults: merged.context?.keepRecentToolResults ?? contextDefaults.keepRecentToolResults,
      keepRecentRatio: merged.context?.keepRecentRatio ?? contextDefaults.keepRecentRatio,
      ...(merged.context?.maxContextTokens !== undefined ? { maxContextTokens: merged.context.maxContextTokens } : {}),
      ...(merged.context?.instructionsBudgetTokens !== undefined ? { instructionsBudgetTokens: merged.context.instructionsBudgetTokens } : {}),
    },
    memory: { dir: merged.memory?.dir ?? path.join(reinHome, 'memory') },
    agents: { maxParallel: merged.agents?.maxParallel ?? 4, maxTurns: merged.agents?.maxTurns ?? 30 },
    team: { ...merged.team },
    checkpoints: {
      enabled: merged.checkpoints?.enabled ?? true,
      maxFileBytes: merged.checkpoints?.maxFileBytes ?? 10 * 1024 * 1024,
      keepDays: merged.checkpoints?.keepDays ?? 30,
    },
    mcp: { startupTimeoutMs: merged.mcp?.startupTimeoutMs ?? 10_000, toolTimeoutMs: merged.mcp?.toolTimeoutMs ?? 120_000 },
  };
  const { protectedPaths, protectedWritePaths } = merged.permissions ?? {};
  if (protectedPaths !== undefined || protectedWritePaths !== undefined) config.permissions = { protectedPaths, protectedWritePaths };
  if (merged.sandbox !== undefined) config.sandbox = { enabled: merged.sandbox.enabled ?? false, network: merged.sandbox.network ?? false };
  if (picked.baseUrl !== undefined) config.baseUrl = picked.baseUrl;
  if (merged.apiKey !== undefined) config.apiKey = merged.apiKey;
  if (merged.temperature !== undefined) config.temperature = merged.temperature;
  if (merged.permissionMode !== undefined) config.permissionMode = merged.permissionMode;
  if (merged.keys !== undefined) config.keys = { ...merged.keys };
  if (merged.mouse !== undefined) config.mouse = merged.mouse;
  if (merged.webSearch !== undefined) config.webSearch = { ...merged.webSearch };
  return config;
}
