import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../source/config/index.js';
import { PermissionPolicy } from '../../source/permissions/policy.js';
import { saveProjectRule } from '../../source/permissions/projectSettings.js';
import { loadPermissionRules } from '../../source/permissions/ruleSources.js';
import { describeProblem, parseRule } from '../../source/permissions/rules.js';
import type { AnyTool } from '../../source/tools/types.js';
import { bashTool } from '../../source/tools/bash.js';
import { editFileTool } from '../../source/tools/editFile.js';
import { grepTool } from '../../source/tools/grep.js';
import { readFileTool } from '../../source/tools/readFile.js';
import { writeFileTool } from '../../source/tools/writeFile.js';

const tool = (name: string, extra: Partial<AnyTool> = {}) => ({ name, readOnly: false, ...extra }) as unknown as AnyTool;
const bash: AnyTool = bashTool;
const readFile: AnyTool = readFileTool;
const editFile: AnyTool = editFileTool;
const writeFile: AnyTool = writeFileTool;

let root: string;
let workspace: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-rules-'));
  workspace = join(root, 'project');
  home = join(root, 'home');
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const policyWith = (lists: { allow?: string[]; ask?: string[]; deny?: string[] }) => {
  const { rules, problems } = loadPermissionRules({ workspace, home, configLayers: [{ source: 'agent.config.json', permissions: lists }] });
  expect(problems).toEqual([]);
  return new PermissionPolicy({ rules, workspace, home });
};

describe('rule syntax', () => {
  it("maps Claude Code's tool names to rein's and accepts rein's own", () => {
    const ctx = { workspace: '/w', home: '/h' };
    expect(parseRule('Read', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'tool', tools: ['read_file'] } });
    expect(parseRule('read_file', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'tool', tools: ['read_file'] } });
    expect(parseRule('Glob', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'tool', tools: ['glob'] } });
    expect(parseRule('Grep', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'tool', tools: ['grep'] } });
    expect(parseRule('Bash(npm test)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'bash', command: 'npm test', prefix: false } });
    expect(parseRule('bash(npm run test:*)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'bash', command: 'npm run test', prefix: true } });
    expect(parseRule('Read(./secrets/**)', 'deny', 's', ctx)).toMatchObject({ target: { kind: 'path', tools: ['read_file', 'glob', 'grep'], glob: '/w/secrets/**' } });
    expect(parseRule('Edit(src/**)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'path', tools: ['edit_file', 'write_file'], glob: '/w/src/**' } });
    expect(parseRule('Write(~/notes/*.md)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'path', glob: '/h/notes/*.md' } });
    expect(parseRule('Read(//etc/hosts)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'path', glob: '/etc/hosts' } });
    expect(parseRule('mcp__github', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'mcp', server: 'github' } });
    expect(parseRule('mcp__github__create_issue', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'mcp', server: 'github', tool: 'create_issue' } });
    expect(parseRule('mcp__github__*', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'mcp', server: 'github', tool: '*' } });
    expect(parseRule('WebFetch(domain:Example.com)', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'domain', tools: ['web_fetch'], domain: 'example.com' } });
    expect(parseRule('WebFetch', 'allow', 's', ctx)).toMatchObject({ target: { kind: 'tool', tools: ['web_fetch'] } });
    expect(parseRule('WebFetch(https://x.test)', 'allow', 's', ctx)).toBe('a WebFetch rule names a domain: `WebFetch(domain:example.com)`');
  });

  it('reports every rule that does not parse with its file, index and problem', () => {
    writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test)', 'Bahs(ls)', 42], deny: ['Bash(echo "x)'] } }));
    writeFileSync(join(home, '.claude', 'settings.json'), '{ "permissions": { "allow": [ "Read", } ');
    const { rules, problems } = loadPermissionRules({ workspace, home, projectTrusted: true, configLayers: [{ source: 'agent.config.json', permissions: { ask: ['Bash(:*)'], deny: 'Bash' } }], allowedTools: ['Bash(git status:*) Nope'] });
    expect(rules.map((r) => r.text)).toEqual(['Bash(npm test)', 'Bash(git status:*)']);
    const shown = problems.map(describeProblem);
    expect(shown).toEqual([
      'Permission rule 0 in agent.config.json permissions.ask ("Bash(:*)") was not used: the command before `:*` is empty.',
      'Permission rule 0 in agent.config.json permissions.deny ("Bash") was not used: must be a list of rules.',
      expect.stringMatching(/^Permission rule 0 in .*home\/\.claude\/settings\.json \(""\) was not used: Expected a value, found \} at line 1/),
      `Permission rule 1 in ${join(workspace, '.claude', 'settings.json')} permissions.allow ("Bahs(ls)") was not used: unknown tool "Bahs".`,
      `Permission rule 2 in ${join(workspace, '.claude', 'settings.json')} permissions.allow ("42") was not used: a rule must be a string.`,
      `Permission rule 0 in ${join(workspace, '.claude', 'settings.json')} permissions.deny ("Bash(echo "x)") was not used: the command has an unclosed quote.`,
      'Permission rule 1 in --allowedTools ("Nope") was not used: unknown tool "Nope".',
    ]);
  });
});

describe('rule sources', () => {
  it('reads every agent.config.json layer and all three Claude Code settings files, each rule keeping its file', () => {
    const reinHome = join(root, 'rein-home');
    mkdirSync(reinHome);
    writeFileSync(join(reinHome, 'agent.config.json'), JSON.stringify({ permissions: { allow: ['Bash(make:*)'] } }));
    writeFileSync(join(workspace, 'agent.config.json'), JSON.stringify({ permissions: { deny: ['Bash(git push:*)'] } }));
    writeFileSync(join(home, '.claude', 'settings.json'), '// user\n{ "permissions": { "allow": ["Read"], }, "model": "x" }');
    writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ permissions: { ask: ['Bash(npm publish:*)'], defaultMode: 'default' } }));
    writeFileSync(join(workspace, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test:*)'] } }));
    const { permissionLayers } = loadConfig({ cwd: workspace, env: {}, reinHome });
    const loaded = loadPermissionRules({ workspace, home, projectTrusted: true, configLayers: permissionLayers, allowedTools: ['Grep'], disallowedTools: ['mcp__evil'] });
    expect(loaded.problems).toEqual([]);
    expect(loaded.rules.map((r) => [r.effect, r.text, r.source])).toEqual([
      ['allow', 'Bash(make:*)', join(reinHome, 'agent.config.json')],
      ['deny', 'Bash(git push:*)', join(workspace, 'agent.config.json')],
      ['allow', 'Read', join(home, '.claude', 'settings.json')],
      ['ask', 'Bash(npm publish:*)', join(workspace, '.claude', 'settings.json')],
      ['allow', 'Bash(npm test:*)', join(workspace, '.claude', 'settings.local.json')],
      ['allow', 'Grep', '--allowedTools'],
      ['deny', 'mcp__evil', '--disallowedTools'],
    ]);
  });

  it("an untrusted project's allow rules are held back; its ask and deny rules, and the user's own rules, apply", () => {
    const reinHome = join(root, 'rein-home');
    mkdirSync(reinHome);
    writeFileSync(join(reinHome, 'agent.config.json'), JSON.stringify({ permissions: { allow: ['Bash(make:*)'] } }));
    writeFileSync(join(workspace, 'agent.config.json'), JSON.stringify({ permissions: { allow: ['Bash'], deny: ['Bash(git push:*)'] } }));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
    writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(*)', 'Bash(rm -rf ~)'], ask: ['Bash(npm publish:*)'] } }));
    writeFileSync(join(workspace, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Edit'] } }));
    const { permissionLayers } = loadConfig({ cwd: workspace, env: {}, reinHome });
    const loaded = loadPermissionRules({ workspace, home, configLayers: permissionLayers });
    expect(loaded.rules.map((r) => [r.effect, r.text])).toEqual([
      ['allow', 'Bash(make:*)'], ['deny', 'Bash(git push:*)'], ['allow', 'Read'], ['ask', 'Bash(npm publish:*)'],
    ]);
    expect(loaded.heldBack.map((r) => r.text)).toEqual(['Bash', 'Bash(*)', 'Bash(rm -rf ~)', 'Edit']);
  });

  it('saves a project rule in Claude Code’s format and keeps the file out of git', () => {
    mkdirSync(join(workspace, '.git', 'info'), { recursive: true });
    writeFileSync(join(workspace, '.claude', 'settings.local.json'), '{\n  // mine\n  "permissions": { "allow": ["Read"] }\n}\n');
    const file = saveProjectRule(workspace, 'Bash(npm test:*)');
    expect(file).toBe(join(workspace, '.claude', 'settings.local.json'));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// mine');
    expect(loadPermissionRules({ workspace, home, projectTrusted: true }).rules.map((r) => r.text)).toEqual(['Read', 'Bash(npm test:*)']);
    rmSync(file);
    saveProjectRule(workspace, 'Bash(ls:*)');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(ls:*)'] } });
    expect(readFileSync(join(workspace, '.git', 'info', 'exclude'), 'utf8')).toContain('.claude/settings.local.json\n');
  });
});

describe('precedence: deny > ask > allow > the mode', () => {
  it('a deny holds in every mode, yolo included, over any allow', async () => {
    const policy = policyWith({ allow: ['Bash', 'Read', 'mcp__github'], deny: ['Bash(git push:*)', 'Read(./secrets/**)', 'mcp__github__delete_repo'] });
    for (const mode of ['ask', 'auto-edit', 'plan', 'yolo'] as const) {
      expect((await policy.judge(bash, { command: 'git push origin main' }, mode, workspace)).kind).toBe('deny');
      expect((await policy.judge(bash, { command: 'npm test && git push' }, mode, workspace)).kind).toBe('deny');
      expect((await policy.judge(readFile, { path: 'secrets/a.txt' }, mode, workspace)).kind).toBe('deny');
      expect((await policy.judge(grepTool, { pattern: 'x', path: 'secrets/deep/b' }, mode, workspace)).kind).toBe('deny');
      expect((await policy.judge(tool('mcp__github__delete_repo'), {}, mode, workspace)).kind).toBe('deny');
      expect((await policy.judge(tool('mcp__github__list'), {}, mode, workspace)).kind).toBe(mode === 'plan' ? 'allow' : 'allow');
    }
  });

  it('an ask beats an allow, and an allow beats the mode default', async () => {
    const policy = policyWith({ allow: ['Bash(npm:*)', 'Edit(src/**)', 'mcp__fs__*'], ask: ['Bash(npm publish:*)'] });
    expect((await policy.judge(bash, { command: 'npm publish' }, 'ask', workspace)).kind).toBe('ask');
    expect((await policy.judge(bash, { command: 'npm ci' }, 'ask', workspace)).kind).toBe('allow');
    expect((await policy.judge(editFile, { path: 'src/a.ts' }, 'ask', workspace)).kind).toBe('allow');
    expect((await policy.judge(editFile, { path: 'lib/a.ts' }, 'ask', workspace)).kind).toBe('ask');
    expect((await policy.judge(writeFile, { path: join(workspace, 'src/new.ts') }, 'ask', workspace)).kind).toBe('allow');
    expect((await policy.judge(tool('mcp__fs__read'), {}, 'ask', workspace)).kind).toBe('allow');
    expect((await policy.judge(tool('mcp__other__read'), {}, 'ask', workspace)).kind).toBe('ask');
    expect((await policy.judge(bash, { command: 'npm publish' }, 'yolo', workspace)).kind).toBe('ask');
  });

  it('session rules are listed last and can be removed', async () => {
    const policy = policyWith({ allow: ['Read'] });
    policy.addAlways(['Bash(npm test:*)'], 'session');
    expect(policy.list().map((r) => [r.text, r.source])).toEqual([['Read', 'agent.config.json'], ['Bash(npm test:*)', 'this session']]);
    expect((await policy.judge(bash, { command: 'npm test' }, 'ask', workspace)).kind).toBe('allow');
    expect(policy.removeSessionRule('Bash(npm test:*)')).toBe(true);
    expect((await policy.judge(bash, { command: 'npm test' }, 'ask', workspace)).kind).toBe('ask');
  });
});
