import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../source/config/index.js';
import { InterpolationError, interpolateString, interpolateTree } from '../../source/config/interpolate.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

describe('interpolateString', () => {
  const env = { HOST: 'example.test', EMPTY: '' };

  it('expands set variables and defaults', () => {
    expect(interpolateString('https://${HOST}/v1', env)).toBe('https://example.test/v1');
    expect(interpolateString('${MISSING:-fallback}', env)).toBe('fallback');
    expect(interpolateString('${HOST:-fallback}', env)).toBe('example.test');
    expect(interpolateString('${EMPTY:-fallback}', env)).toBe('fallback');
    expect(interpolateString('${MISSING:-}', env)).toBe('');
  });

  it('keeps $${ as a literal ${', () => {
    expect(interpolateString('cost $${HOST} and ${HOST}', env)).toBe('cost ${HOST} and example.test');
  });

  it('fails on a missing variable without default, and on malformed references', () => {
    expect(() => interpolateString('${NOPE}', env, '/model')).toThrow(InterpolationError);
    expect(() => interpolateString('${NOPE}', env, '/model')).toThrow(/NOPE is not set/);
    expect(() => interpolateString('${not valid}', env)).toThrow(/malformed variable reference/);
    expect(() => interpolateString('abc ${HOST', env)).toThrow(/without a closing/);
  });

  it('expands nested strings and reports the JSON path of a failure', () => {
    expect(interpolateTree({ a: { b: ['x', '${HOST}'] }, n: 3, t: true }, env)).toEqual({ a: { b: ['x', 'example.test'] }, n: 3, t: true });
    try {
      interpolateTree({ security: { workspace: '${WS}' } }, env);
      expect.unreachable('should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(InterpolationError);
      expect((err as InterpolationError).path).toBe('/security/workspace');
    }
  });
});

describe('interpolation in config files', () => {
  let dirs: TempConfigDirs;
  beforeEach(() => {
    dirs = makeTempConfigDirs();
  });
  afterEach(() => dirs.cleanup());

  it("expands variables from the given environment in every string value of the user's file", () => {
    dirs.write(dirs.home, {
      model: '${MODEL_NAME}',
      baseUrl: 'http://${LLM_HOST:-localhost}:8080/v1',
      apiKey: '${MY_KEY}',
      security: { workspace: '${WS_DIR}' },
    });
    const env = { ...dirs.env, MODEL_NAME: 'qwen3', MY_KEY: 'k-123', WS_DIR: '/srv/ws' };
    const { config } = loadConfig({ cwd: dirs.project, env });
    expect(config.model).toBe('qwen3');
    expect(config.baseUrl).toBe('http://localhost:8080/v1');
    expect(config.apiKey).toBe('k-123');
    expect(config.security.workspace).toBe('/srv/ws');
  });

  it('names the file, the key and the variable when a variable is missing', () => {
    const file = dirs.write(dirs.home, { security: { workspace: '${WS_DIR}' } });
    const run = () => loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(
      `Invalid config in ${file} at /security/workspace: environment variable WS_DIR is not set (set it, or give a default with \${WS_DIR:-value}).`,
    );
  });

  it('validates values after expansion', () => {
    const file = dirs.write(dirs.home, { provider: '${PROV}' });
    expect(() => loadConfig({ cwd: dirs.project, env: { ...dirs.env, PROV: 'gemini' } })).toThrow(
      `Invalid config in ${file} at /provider: must be one of "anthropic", "openai" (got "gemini").`,
    );
  });
});

describe("a project's file names no environment variable", () => {
  let dirs: TempConfigDirs;
  beforeEach(() => {
    dirs = makeTempConfigDirs();
  });
  afterEach(() => dirs.cleanup());

  it('leaves out each value that names one, with a sentence, whatever the trust; $${ is still a literal', () => {
    const file = dirs.write(dirs.project, { model: '${SECRET_TOKEN}', team: { workerModel: 'w-${AWS_SECRET_ACCESS_KEY:-x}' }, tools: ['read_file', '${X}'], maxTokens: 100 });
    const env = { ...dirs.env, SECRET_TOKEN: 'tok-1', AWS_SECRET_ACCESS_KEY: 'aws-2' };
    for (const projectTrusted of [false, true]) {
      const { config, projectRefused } = loadConfig({ cwd: dirs.project, env, projectTrusted });
      expect(config.model).not.toContain('tok-1');
      expect(config.team.workerModel).toBeUndefined();
      expect(config.tools).toEqual(['read_file']);
      expect(config.maxTokens).toBe(100);
      expect(projectRefused).toEqual(['/model', '/team/workerModel', '/tools/1'].map((at) => `The value at ${at} in ${file} is ignored: a project's file may not name environment variables (\${…}) outside its MCP servers and hooks; set it in $REIN_HOME/agent.config.json instead.`));
    }
    dirs.write(dirs.project, { model: 'cost-$${X}' });
    expect(loadConfig({ cwd: dirs.project, env }).config.model).toBe('cost-${X}');
  });
});
