import { describe, expect, it } from 'vitest';
import { resolveApiKey, type ReinConfig } from '../../source/config/index.js';

const base: ReinConfig = {
  provider: 'anthropic',
  model: 'm',
  maxTokens: 8192,
  maxTurns: 50,
  maxRetries: 5,
  requestTimeoutMs: 60_000,
  streamIdleTimeoutMs: 90_000,
  thinking: 'off',
  mcp: { startupTimeoutMs: 10_000, toolTimeoutMs: 120_000 },
  tools: [],
  security: { workspace: '/w' },
  context: { contextDangerRatio: 0.9, keepRecentToolResults: 10, keepRecentRatio: 0.3 },
  agents: { maxParallel: 4, maxTurns: 30 },
  team: {},
  memory: { dir: '/home/.rein/memory' },
};
const withConfig = (over: Partial<ReinConfig>): ReinConfig => ({ ...base, ...over });

describe('resolveApiKey', () => {
  it('prefers the configured key over the environment', () => {
    expect(resolveApiKey(withConfig({ apiKey: 'cfg' }), { ANTHROPIC_API_KEY: 'env' })).toEqual({ ok: true, apiKey: 'cfg', keyHint: 'ANTHROPIC_API_KEY' });
  });

  it('reads the provider variable for anthropic and openai', () => {
    expect(resolveApiKey(base, { ANTHROPIC_API_KEY: 'ak\n', OPENAI_API_KEY: 'ok' })).toEqual({ ok: true, apiKey: 'ak', keyHint: 'ANTHROPIC_API_KEY' });
    const openai = withConfig({ provider: 'openai' });
    expect(resolveApiKey(openai, { ANTHROPIC_API_KEY: 'ak', OPENAI_API_KEY: 'ok' })).toEqual({ ok: true, apiKey: 'ok', keyHint: 'OPENAI_API_KEY' });
  });

  it('reads DEEPSEEK_API_KEY when the base URL is DeepSeek', () => {
    const config = withConfig({ provider: 'openai', baseUrl: 'https://api.deepseek.com/v1' });
    expect(resolveApiKey(config, { OPENAI_API_KEY: 'ok', DEEPSEEK_API_KEY: 'dk' })).toEqual({ ok: true, apiKey: 'dk', keyHint: 'DEEPSEEK_API_KEY' });
    const missing = resolveApiKey(config, { OPENAI_API_KEY: 'ok' });
    expect(missing).toEqual({
      ok: false,
      keyHint: 'DEEPSEEK_API_KEY',
      message: 'No API key for openai (api.deepseek.com): set DEEPSEEK_API_KEY or "apiKey" in agent.config.json.',
    });
  });

  it('uses a placeholder for openai-compatible servers on loopback hosts', () => {
    for (const url of ['http://localhost:11434/v1', 'http://127.0.0.1:8000/v1', 'http://[::1]:8000/v1']) {
      const result = resolveApiKey(withConfig({ provider: 'openai', baseUrl: url }), {});
      expect(result).toEqual({ ok: true, apiKey: 'not-needed', keyHint: 'OPENAI_API_KEY' });
    }
    // A real key still wins over the placeholder.
    expect(resolveApiKey(withConfig({ provider: 'openai', baseUrl: 'http://localhost:1/v1' }), { OPENAI_API_KEY: 'real' })).toMatchObject({ apiKey: 'real' });
  });

  it('does not use the placeholder for anthropic or remote hosts', () => {
    expect(resolveApiKey(withConfig({ baseUrl: 'http://127.0.0.1:9000' }), {}).ok).toBe(false);
    expect(resolveApiKey(withConfig({ provider: 'openai', baseUrl: 'https://localhost.example.test/v1' }), {}).ok).toBe(false);
  });

  it('explains what to set when the key is missing', () => {
    expect(resolveApiKey(base, { ANTHROPIC_API_KEY: '' })).toEqual({
      ok: false,
      keyHint: 'ANTHROPIC_API_KEY',
      message: 'No API key for anthropic: set ANTHROPIC_API_KEY or "apiKey" in agent.config.json.',
    });
    expect(resolveApiKey(withConfig({ provider: 'openai', apiKey: '' }), {})).toEqual({
      ok: false,
      keyHint: 'OPENAI_API_KEY',
      message: 'No API key for openai: set OPENAI_API_KEY or "apiKey" in agent.config.json.',
    });
  });
});
