import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../source/config/index.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

describe('environment layer', () => {
  it('reads every REIN_* variable', () => {
    const env = {
      ...dirs.env,
      REIN_PROVIDER: 'openai',
      REIN_MODEL: 'qwen3-coder',
      REIN_BASE_URL: 'http://127.0.0.1:9000/v1',
      REIN_API_KEY: 'env-key',
      REIN_MAX_TURNS: '0',
      REIN_PERMISSION_MODE: 'plan',
      REIN_WORKSPACE: '/srv/work',
    };
    const { config } = loadConfig({ cwd: dirs.project, env });
    expect(config).toMatchObject({
      provider: 'openai',
      model: 'qwen3-coder',
      baseUrl: 'http://127.0.0.1:9000/v1',
      apiKey: 'env-key',
      maxTurns: 0,
      permissionMode: 'plan',
      security: { workspace: '/srv/work' },
    });
  });

  it('keeps "maxTurns": 0 from agent.config.json (no turn limit) rather than the default', () => {
    dirs.write(dirs.project, { maxTurns: 0 });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.maxTurns).toBe(0);
  });

  it('treats empty variables as unset', () => {
    dirs.write(dirs.project, { model: 'from-file' });
    const { config } = loadConfig({ cwd: dirs.project, env: { ...dirs.env, REIN_MODEL: '', REIN_MAX_TURNS: '' } });
    expect(config.model).toBe('from-file');
    expect(config.maxTurns).toBe(50);
  });

  it('names the variable when a value is bad', () => {
    const load = (extra: Record<string, string>) => () => loadConfig({ cwd: dirs.project, env: { ...dirs.env, ...extra } });
    expect(load({ REIN_MAX_TURNS: 'ten' })).toThrow(ConfigError);
    expect(load({ REIN_MAX_TURNS: 'ten' })).toThrow('Environment variable REIN_MAX_TURNS must be a whole number, 0 for unlimited (got "ten").');
    expect(load({ REIN_PROVIDER: 'antropic' })).toThrow(
      'Environment variable REIN_PROVIDER is invalid: must be one of "anthropic", "openai" (got "antropic"; did you mean "anthropic"?).',
    );
    expect(load({ REIN_PERMISSION_MODE: 'always' })).toThrow(/^Environment variable REIN_PERMISSION_MODE is invalid: must be one of "ask", "auto-edit", "plan", "yolo"/);
    expect(load({ REIN_BASE_URL: 'localhost:8080' })).toThrow(
      'Environment variable REIN_BASE_URL is invalid: must be an http(s) URL such as http://localhost:8080/v1 (got "localhost:8080").',
    );
  });
});

describe('flags layer', () => {
  it('overrides the environment and files', () => {
    dirs.write(dirs.project, { temperature: 1, maxTokens: 100, permissionMode: 'ask' });
    const env = { ...dirs.env, REIN_PROVIDER: 'anthropic', REIN_API_KEY: 'env-key', REIN_MAX_TURNS: '9' };
    const flags = {
      provider: 'openai',
      model: 'gpt-x',
      baseUrl: 'https://llm.example.test/v1',
      apiKey: 'flag-key',
      maxTurns: 3,
      permissionMode: 'yolo',
      temperature: 0.2,
      maxTokens: 4096,
    };
    const { config } = loadConfig({ cwd: dirs.project, env, flags });
    expect(config).toMatchObject(flags);
  });

  it('ignores undefined flags', () => {
    dirs.write(dirs.project, { model: 'from-file' });
    const { config } = loadConfig({ cwd: dirs.project, env: dirs.env, flags: { model: undefined, maxTurns: undefined } });
    expect(config.model).toBe('from-file');
    expect(config.maxTurns).toBe(50);
  });

  it('names the flag when a value is bad', () => {
    const load = (flags: Record<string, unknown>) => () => loadConfig({ cwd: dirs.project, env: dirs.env, flags });
    expect(load({ temperature: 3 })).toThrow('Flag --temperature is invalid: must be <= 2 (got 3).');
    expect(load({ maxTurns: 1.5 })).toThrow('Flag --max-turns is invalid: must be integer (got 1.5).');
    expect(load({ maxTokens: Number.NaN })).toThrow('Flag --max-tokens is invalid: must be integer (got NaN).');
    expect(load({ permissionMode: 'yes' })).toThrow(/^Flag --permission-mode is invalid: must be one of/);
  });
});
