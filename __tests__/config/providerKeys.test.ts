// The provider settings of the config: stall timeouts, thinking (key and flag), the default model, and where the
// base URL came from (named in error messages).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../source/cli/args.js';
import { defaultModels, loadConfig } from '../../source/config/index.js';
import { retirementNotice } from '../../source/providers/modelInfo.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

describe('stall timeouts', () => {
  it('default to 60 s for headers and 90 s of stream silence, and a file can set both', () => {
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config).toMatchObject({ requestTimeoutMs: 60_000, streamIdleTimeoutMs: 90_000 });
    dirs.write(dirs.project, { requestTimeoutMs: 400, streamIdleTimeoutMs: 300 });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config).toMatchObject({ requestTimeoutMs: 400, streamIdleTimeoutMs: 300 });
  });

  it('must be whole numbers of milliseconds', () => {
    const file = dirs.write(dirs.project, { streamIdleTimeoutMs: 'slow' });
    expect(() => loadConfig({ cwd: dirs.project, env: dirs.env })).toThrow(`Invalid config in ${file} at /streamIdleTimeoutMs: must be integer (got "slow").`);
  });
});

describe('thinking', () => {
  it('is off by default; a level or a token budget in the file, the flag above it', () => {
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.thinking).toBe('off');
    dirs.write(dirs.project, { thinking: 'medium' });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.thinking).toBe('medium');
    dirs.write(dirs.project, { thinking: 8000 });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.thinking).toBe(8000);
    const flags = { thinking: parseCliArgs(['--thinking', 'high']).thinking };
    expect(loadConfig({ cwd: dirs.project, env: dirs.env, flags }).config.thinking).toBe('high');
  });

  it('says plainly what it takes when the value is wrong', () => {
    const file = dirs.write(dirs.project, { thinking: 500 });
    expect(() => loadConfig({ cwd: dirs.project, env: dirs.env })).toThrow(
      (`Invalid config in ${file} at /thinking: must be "off", "low", "medium", "high" or a number of thinking tokens of at least 1024 (got 500).`),
    );
    expect(parseCliArgs(['--thinking', '12000']).thinking).toBe(12000);
    expect(parseCliArgs(['--thinking', 'OFF']).thinking).toBe('off');
    expect(() => parseCliArgs(['--thinking', 'max'])).toThrow(new UsageError('--thinking must be off, low, medium, high or a number of tokens of at least 1024 (got "max").'));
  });
});

describe('default model', () => {
  it('is a current Anthropic model, not one being retired', () => {
    expect(defaultModels.anthropic).toBe('claude-sonnet-5-5');
    expect(retirementNotice(defaultModels.anthropic)).toBeUndefined();
    expect(retirementNotice('claude-sonnet-4-5')).toBe(
      'The model claude-sonnet-4-5 reaches its end of life on November 30th, 2026; choose a current one with /model or --model (for example claude-sonnet-5-5).',
    );
  });
});

describe('where the base URL came from', () => {
  it('names the file, the variable or the flag that set it, the highest layer winning', () => {
    const file = dirs.write(dirs.project, { baseUrl: 'http://127.0.0.1:9/v1', provider: 'openai' });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env, projectTrusted: true }).baseUrlFrom).toBe(`\`baseUrl\` in ${file}`);
    const env = { ...dirs.env, REIN_BASE_URL: 'http://127.0.0.1:8/v1' };
    expect(loadConfig({ cwd: dirs.project, env }).baseUrlFrom).toBe('REIN_BASE_URL');
    const flags = { baseUrl: 'http://127.0.0.1:7/v1' };
    expect(loadConfig({ cwd: dirs.project, env, flags }).baseUrlFrom).toBe('the --base-url flag');
  });

  it('is unset when rein picked the URL itself', () => {
    expect(loadConfig({ cwd: dirs.project, env: { ...dirs.env, DEEPSEEK_API_KEY: 'k' } }).baseUrlFrom).toBeUndefined();
  });
});
