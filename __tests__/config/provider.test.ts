import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../source/config/index.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

const load = (env: Record<string, string>) => loadConfig({ cwd: dirs.project, env: { ...dirs.env, ...env }, projectTrusted: true }).config;

describe('provider auto-pick', () => {
  it('picks anthropic when ANTHROPIC_API_KEY is set, even if other keys are too', () => {
    const config = load({ ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', DEEPSEEK_API_KEY: 'd' });
    expect(config.provider).toBe('anthropic');
    expect(config.model).toBe('claude-sonnet-5-5');
    expect(config.baseUrl).toBeUndefined();
  });

  it('picks openai with its default model when only OPENAI_API_KEY is set', () => {
    const config = load({ OPENAI_API_KEY: 'o', DEEPSEEK_API_KEY: 'd' });
    expect(config.provider).toBe('openai');
    expect(config.model).toBe('gpt-4.1');
    expect(config.baseUrl).toBeUndefined();
  });

  it('picks DeepSeek through the openai provider when only DEEPSEEK_API_KEY is set', () => {
    const config = load({ DEEPSEEK_API_KEY: 'd' });
    expect(config.provider).toBe('openai');
    expect(config.baseUrl).toBe('https://api.deepseek.com/v1');
    expect(config.model).toBe('deepseek-chat');
  });

  it('keeps a configured base URL and model when picking DeepSeek', () => {
    dirs.write(dirs.project, { model: 'deepseek-reasoner', baseUrl: 'https://proxy.example.test/v1' });
    const config = load({ DEEPSEEK_API_KEY: 'd' });
    expect(config.provider).toBe('openai');
    expect(config.baseUrl).toBe('https://proxy.example.test/v1');
    expect(config.model).toBe('deepseek-reasoner');
  });

  it('falls back to anthropic without any key, and ignores blank keys', () => {
    expect(load({}).provider).toBe('anthropic');
    expect(load({ OPENAI_API_KEY: '  ' }).provider).toBe('anthropic');
  });

  it('never overrides a configured provider', () => {
    dirs.write(dirs.home, { provider: 'openai' });
    const config = load({ ANTHROPIC_API_KEY: 'a' });
    expect(config.provider).toBe('openai');
    expect(config.model).toBe('gpt-4.1');
  });

  it('defaults the model to deepseek-chat for an openai provider pointed at DeepSeek', () => {
    dirs.write(dirs.project, { provider: 'openai', baseUrl: 'https://api.deepseek.com/v1' });
    expect(load({}).model).toBe('deepseek-chat');
  });
});
