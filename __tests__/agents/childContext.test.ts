// A subagent keeps its conversation in its window by the user's `context` settings, with the same defaults as the session.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childContextSettings } from '../../source/agents/childRunner.js';
import { loadConfig } from '../../source/config/index.js';
import { contextDefaults } from '../../source/config/defaults.js';
import { contextWindowFor } from '../../source/providers/modelInfo.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('a subagent\'s context settings', () => {
  it('come from the user\'s settings, unset ones from the defaults', () => {
    const settings = childContextSettings({ context: { dangerRatio: 0.6, keepRecentToolResults: 4 } }, 'claude-sonnet-5-5');
    expect(settings).toEqual({ window: contextWindowFor('claude-sonnet-5-5'), dangerRatio: 0.6, keepRecentToolResults: 4, keepRecentRatio: contextDefaults.keepRecentRatio });
    expect(childContextSettings({ contextWindow: 50_000 }, 'claude-sonnet-5-5').window).toBe(50_000);
  });

  it('without settings are the defaults the loaded config carries', () => {
    root = mkdtempSync(join(tmpdir(), 'rein-child-context-'));
    const reinHome = join(root, 'home');
    mkdirSync(reinHome, { recursive: true });
    const { config } = loadConfig({ cwd: root, env: {}, reinHome });
    const child = childContextSettings({}, 'gpt-4.1');
    expect([child.dangerRatio, child.keepRecentToolResults, child.keepRecentRatio]).toEqual([
      config.context.contextDangerRatio, config.context.keepRecentToolResults, config.context.keepRecentRatio,
    ]);
  });

  it('follow a user config file through to the child', () => {
    root = mkdtempSync(join(tmpdir(), 'rein-child-context-'));
    const reinHome = join(root, 'home');
    mkdirSync(reinHome, { recursive: true });
    writeFileSync(join(reinHome, 'agent.config.json'), JSON.stringify({ context: { contextDangerRatio: 0.5, keepRecentToolResults: 2, keepRecentRatio: 0.1 } }));
    const { config } = loadConfig({ cwd: root, env: {}, reinHome });
    const given = { dangerRatio: config.context.contextDangerRatio, keepRecentToolResults: config.context.keepRecentToolResults, keepRecentRatio: config.context.keepRecentRatio };
    expect(childContextSettings({ context: given }, 'gpt-4.1')).toMatchObject({ dangerRatio: 0.5, keepRecentToolResults: 2, keepRecentRatio: 0.1 });
  });
});
