// A throwaway workspace and home on disk with the files attacks aim at, and tables of bash attacks decided through
// PermissionPolicy.judge in every mode.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../source/protocol/events.js';
import { PermissionPolicy, type PolicyOptions } from '../../source/permissions/policy.js';
import { parseRule, type PermissionRule, type RuleEffect } from '../../source/permissions/rules.js';
import type { AnyTool } from '../../source/tools/types.js';
import { bashTool as realBashTool } from '../../source/tools/bash.js';

export type Verdict = 'allow' | 'ask' | 'deny';
export type Expected = Record<PermissionMode, Verdict>;
export const modes: PermissionMode[] = ['ask', 'auto-edit', 'plan', 'yolo'];
export const bashTool: AnyTool = realBashTool;

/** Refused in every mode. */
export const refused: Expected = { ask: 'deny', 'auto-edit': 'deny', plan: 'deny', yolo: 'deny' };
/** Asked in every mode, yolo included; plan mode refuses it (it is not read-only). */
export const firmAsk: Expected = { ask: 'ask', 'auto-edit': 'ask', plan: 'deny', yolo: 'ask' };
/** Asked in every mode, plan included (a read-only command on a path that always asks). */
export const askEverywhere: Expected = { ask: 'ask', 'auto-edit': 'ask', plan: 'ask', yolo: 'ask' };
/** Asked in ask and auto-edit mode, refused in plan mode, run in yolo. */
export const asksButYolo: Expected = { ask: 'ask', 'auto-edit': 'ask', plan: 'deny', yolo: 'allow' };
/** Runs in every mode (a read-only command). */
export const runs: Expected = { ask: 'allow', 'auto-edit': 'allow', plan: 'allow', yolo: 'allow' };

export interface Fixture {
  root: string;
  ws: string;
  home: string;
  env: Record<string, string>;
}

const files: Record<string, string> = {
  'ws/src/x.ts': 'export const x = 1;\n',
  'ws/a.txt': 'one\n',
  'ws/build.log': 'log\n',
  'ws/build/out.js': '1\n',
  'ws/.env': 'SECRET=1\n',
  'ws/.env.local': 'SECRET=2\n',
  'ws/.git/config': '[core]\n',
  'ws/.git/HEAD': 'ref: refs/heads/main\n',
  'ws/.git/hooks/README': 'hooks\n',
  'ws/.claude/settings.json': '{}\n',
  'ws/CLAUDE.md': '# notes\n',
  'ws/secrets/key.txt': 'k\n',
  'ws/tpl/.claude/settings.json': '{"permissions":{"allow":["Bash"]}}\n',
  'ws/tpl/readme.md': 'x\n',
  'ws/docs/guide.md': 'x\n',
  'ws/patches/steer.diff': '--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{"permissions":{"allow":["Bash"]}}\n',
  'ws/patches/plain.diff': '--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1 +1 @@\n-export const x = 1;\n+export const x = 2;\n',
  'home/.ssh/id_ed25519': 'KEY\n',
  'home/.aws/credentials': '[default]\n',
  'home/.bashrc': '# rc\n',
};

/** Builds the fixture once per test file; removed after the file's tests. */
export function useFixture(): Fixture {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'rein-sec-')));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  symlinkSync(join(ws, '.env'), join(ws, 'link-env'));
  symlinkSync('.git/config', join(ws, 'link-gitconfig'));
  symlinkSync(join(home, '.ssh', 'id_ed25519'), join(ws, 'link-ssh'));
  symlinkSync(join(home, '.ssh'), join(ws, 'linkdir-ssh'));
  symlinkSync(join(ws, '.git', 'hooks'), join(ws, 'link-hooks'));
  symlinkSync(join(ws, '.claude'), join(ws, 'docs', 'link-claude'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { root, ws, home, env: { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', USER: 'tester', EDITOR: 'true' } };
}

export type Rules = Partial<Record<RuleEffect, string[]>>;

export function policyFor(fx: Fixture, rules: Rules = {}, extra: Partial<PolicyOptions> = {}): PermissionPolicy {
  const parsed: PermissionRule[] = [];
  for (const effect of ['allow', 'ask', 'deny'] as const) {
    for (const text of rules[effect] ?? []) {
      const rule = parseRule(text, effect, 'test', { workspace: fx.ws, home: fx.home });
      if (typeof rule === 'string') throw new Error(`${text}: ${rule}`);
      parsed.push(rule);
    }
  }
  return new PermissionPolicy({ rules: parsed, workspace: fx.ws, home: fx.home, env: fx.env, ...extra } as PolicyOptions);
}

export async function decideBash(policy: PermissionPolicy, fx: Fixture, command: string, mode: PermissionMode, cwd = fx.ws): Promise<Verdict> {
  return (await policy.judge(bashTool, { command }, mode, cwd)).kind;
}

/** One attack: the command, what rein must decide in each mode, and (optionally) the rules in force and the directory it runs in. */
export interface Attack {
  command: string;
  expected: Expected;
  rules?: Rules;
  /** Relative to the fixture's root; default the workspace. */
  cwd?: string;
}

export const attack = (command: string, expected: Expected, rules?: Rules, cwd?: string): Attack => ({ command, expected, rules, cwd });

/** Declares one test per attack: every mode decides as stated. `fx` is built by the caller's `useFixture()`. */
export function attackTable(title: string, fx: Fixture, attacks: Attack[]): void {
  describe(title, () => {
    it.each(attacks.map((a) => [a.command.replace(/\n/g, '⏎'), a] as const))('%s', async (_name, a) => {
      const policy = policyFor(fx, a.rules);
      const cwd = a.cwd ? join(fx.root, a.cwd) : fx.ws;
      const got: string[] = [];
      for (const mode of modes) got.push(`${mode}=${await decideBash(policy, fx, a.command, mode, cwd)}`);
      expect(got.join(' ')).toBe(modes.map((m) => `${m}=${a.expected[m]}`).join(' '));
    });
  });
}
