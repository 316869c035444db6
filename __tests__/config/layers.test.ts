import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, knownToolNames, loadConfig, resolveReinHome } from '../../source/config/index.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

describe('layer precedence', () => {
  it('uses built-in defaults when no file, variable or flag is set', () => {
    const { config, sources } = loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(sources).toEqual([]);
    expect(config).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      maxTokens: 8192,
      maxTurns: 50,
      maxRetries: 5,
      requestTimeoutMs: 60_000,
      streamIdleTimeoutMs: 90_000,
      thinking: 'off',
      notifications: 'bell',
      tools: [...knownToolNames],
      security: { workspace: dirs.project },
      context: { contextDangerRatio: 0.9, keepRecentToolResults: 1, keepRecentRatio: 0.3 },
      memory: { dir: path.join(dirs.home, 'memory') },
      agents: { maxParallel: 4, maxTurns: 30 },
      team: {},
      mcp: { startupTimeoutMs: 10_000, toolTimeoutMs: 120_000 },
      checkpoints: { enabled: true, maxFileBytes: 10 * 1024 * 1024, keepDays: 30 },
    });
  });

  it('takes checkpoint settings from a project file, the rest from the defaults', () => {
    dirs.write(dirs.project, { checkpoints: { maxFileBytes: 2048, keepDays: 7 } });
    const { config } = loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(config.checkpoints).toEqual({ enabled: true, maxFileBytes: 2048, keepDays: 7 });
  });

  it('merges context settings from a project file and resolves memory.dir against the file', () => {
    dirs.write(dirs.project, { context: { maxContextTokens: 40000, contextDangerRatio: 0.8 }, memory: { dir: 'mem' } });
    const { config } = loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(config.context).toEqual({ maxContextTokens: 40000, contextDangerRatio: 0.8, keepRecentToolResults: 1, keepRecentRatio: 0.3 });
    expect(config.memory.dir).toBe(path.join(dirs.project, 'mem'));
  });

  it('lets each layer override the one before it', () => {
    const homeFile = dirs.write(dirs.home, { model: 'home-model', maxTurns: 10, maxTokens: 1000, temperature: 0.5, maxRetries: 3 });
    const projectFile = dirs.write(dirs.project, { model: 'project-model', maxTurns: 20, maxTokens: 2000 });
    const env = { ...dirs.env, REIN_MAX_TURNS: '30', REIN_MODEL: 'env-model' };
    const { config, sources } = loadConfig({ cwd: dirs.project, env, flags: { model: 'flag-model' } });
    expect(sources).toEqual([homeFile, projectFile]);
    expect(config.model).toBe('flag-model');
    expect(config.maxTurns).toBe(30);
    expect(config.maxTokens).toBe(2000);
    expect(config.temperature).toBe(0.5);
    expect(config.maxRetries).toBe(3);
  });

  it('merges security deeply and replaces arrays whole', () => {
    dirs.write(dirs.home, { security: { workspace: '/srv/home-ws' }, tools: ['read_file', 'grep'] });
    dirs.write(dirs.project, { tools: ['bash'], security: {} });
    const { config } = loadConfig({ cwd: dirs.project, env: dirs.env, projectTrusted: true });
    expect(config.security.workspace).toBe('/srv/home-ws');
    expect(config.tools).toEqual(['bash']);
  });

  it('reads REIN_HOME from the environment and honours an explicit reinHome', () => {
    expect(resolveReinHome({ REIN_HOME: dirs.home })).toBe(dirs.home);
    expect(resolveReinHome({ HOME: '/users/ann' })).toBe(path.join('/users/ann', '.rein'));
    const other = path.join(dirs.root, 'other-home');
    fs.mkdirSync(other);
    const file = dirs.write(other, { model: 'from-other' });
    dirs.write(dirs.home, { model: 'from-env-home' });
    const { config, sources } = loadConfig({ cwd: dirs.project, env: dirs.env, reinHome: other });
    expect(config.model).toBe('from-other');
    expect(sources).toEqual([file]);
  });

  it('reads the file once when the working directory is REIN_HOME', () => {
    const file = dirs.write(dirs.home, { model: 'only' });
    const { sources } = loadConfig({ cwd: dirs.home, env: dirs.env });
    expect(sources).toEqual([file]);
  });

  it('ignores $schema and reports a file that cannot be read', () => {
    dirs.write(dirs.project, { $schema: './schema.json', model: 'm' });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.model).toBe('m');
    fs.mkdirSync(path.join(dirs.home, 'agent.config.json'));
    const run = () => loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(`Cannot read config file ${path.join(dirs.home, 'agent.config.json')} (it is a directory): fix or remove it.`);
  });
});

describe('workspace resolution', () => {
  it('resolves a relative workspace against the folder of the file that set it', () => {
    dirs.write(dirs.home, { security: { workspace: 'ws' } });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.security.workspace).toBe(path.join(dirs.home, 'ws'));
    dirs.write(dirs.project, { security: { workspace: '../shared' } });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env, projectTrusted: true }).config.security.workspace).toBe(path.join(dirs.root, 'shared'));
  });

  it('resolves REIN_WORKSPACE against the working directory and expands ~', () => {
    dirs.write(dirs.home, { security: { workspace: '/elsewhere' } });
    const env = { ...dirs.env, REIN_WORKSPACE: 'sub/dir' };
    expect(loadConfig({ cwd: dirs.project, env }).config.security.workspace).toBe(path.join(dirs.project, 'sub', 'dir'));
    const tilde = { ...dirs.env, REIN_WORKSPACE: '~/code' };
    expect(loadConfig({ cwd: dirs.project, env: tilde }).config.security.workspace).toBe(path.join(dirs.root, 'code'));
  });
});
