import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, PermissionMode } from '../../source/protocol/events.js';
import { PermissionPolicy } from '../../source/permissions/policy.js';
import { saveProjectRule } from '../../source/permissions/projectSettings.js';
import { loadPermissionRules } from '../../source/permissions/ruleSources.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { steeringAskReason } from '../../source/permissions/steering.js';
import { readFileTool } from '../../source/tools/readFile.js';
import { bashTool } from '../../source/tools/bash.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});
const modes: PermissionMode[] = ['ask', 'auto-edit', 'plan', 'yolo'];
type Asked = Extract<AgentEvent, { type: 'approval_request' }>;

describe('plan mode and the shell parser', () => {
  it('runs read-only commands and refuses everything else', async () => {
    const commands = ['git status', 'ls -la', 'cat a.txt | wc -l', 'rg one', 'find . -name "*.txt"', 'git -C . log --oneline', 'touch made.txt', 'find . -name "*.tmp" -delete', 'ls > listing.txt', 'git commit -m x', 'sort -o out a.txt'];
    h = makeHarness([{ toolCalls: commands.map((command) => ({ name: 'bash', input: { command } })) }, { text: 'planned' }], { mode: 'plan' });
    writeFileSync(join(h.workspace, 'a.txt'), 'one\n');
    const events = await runPrompt(h.session, 'look around', () => ({ kind: 'yes' }));
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    const results = lastToolResults(h.provider.requests[1]);
    const refused = results.map((r) => /plan mode/.test(r));
    expect(refused).toEqual([false, false, false, false, false, false, true, true, true, true, true]);
    expect(results[2].trim()).toMatch(/^1/);
    expect(existsSync(join(h.workspace, 'made.txt'))).toBe(false);
    expect(existsSync(join(h.workspace, 'a.txt'))).toBe(true);
  });
});

describe('the destructive guard', () => {
  it.each(modes)('refuses rm -rf of the workspace root and a fork bomb in %s mode, with a message to the model', async (mode) => {
    h = makeHarness([{ toolCalls: [
      { name: 'bash', input: { command: 'rm -rf .' } },
      { name: 'bash', input: { command: ':(){ :|:& };:' } },
      { name: 'bash', input: { command: 'sudo rm --no-preserve-root -r /' } },
    ] }, { text: 'ok' }], { mode });
    writeFileSync(join(h.workspace, 'keep.txt'), 'x');
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'yes' }));
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    for (const result of lastToolResults(h.provider.requests[1])) expect(result).toMatch(/refused to run this command: it .*cannot be undone/);
    expect(existsSync(join(h.workspace, 'keep.txt'))).toBe(true);
  });

  it('only an allow rule naming the exact command lifts it', async () => {
    const policy = (rule: string) => new PermissionPolicy({ workspace: '/w', home: '/h', rules: loadPermissionRules({ workspace: '/w', home: '/h', allowedTools: [rule] }).rules });
    const bash = bashTool;
    expect((await policy('Bash(rm:*)').judge(bash, { command: 'rm -rf /w' }, 'yolo', '/w')).kind).toBe('deny');
    expect((await policy('Bash').judge(bash, { command: 'rm -rf /w' }, 'yolo', '/w')).kind).toBe('deny');
    expect((await policy('Bash(rm -rf /w)').judge(bash, { command: 'rm -rf /w' }, 'yolo', '/w')).kind).toBe('allow');
  });
});

describe('protected paths', () => {
  it.each(modes)('ask before touching .env, keys and .git internals in %s mode', async (mode) => {
    h = makeHarness([{ toolCalls: [
      { name: 'read_file', input: { path: '.env' } },
      { name: 'write_file', input: { path: 'server.pem', content: 'x' } },
      { name: 'edit_file', input: { path: '.git/config', old_string: 'a', new_string: 'b' } },
      { name: 'read_file', input: { path: '.git/HEAD' } },
      { name: 'bash', input: { command: 'cat .env.local' } },
    ] }, { text: 'ok' }], { mode });
    mkdirSync(join(h.workspace, '.git'));
    writeFileSync(join(h.workspace, '.git', 'config'), 'a');
    writeFileSync(join(h.workspace, '.git', 'HEAD'), 'ref');
    writeFileSync(join(h.workspace, '.env'), 'A=1');
    writeFileSync(join(h.workspace, '.env.local'), 'B=2');
    const asked: Asked[] = [];
    await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'no' }; });
    // .git/config is also a steering file: a write to it asks for that reason, except where plan and yolo mode decide first.
    const gitConfig = mode === 'ask' || mode === 'auto-edit' ? steeringAskReason : 'a protected path';
    expect(asked.map((a) => [a.name, a.reason])).toEqual([
      ['read_file', 'a protected path'], ['write_file', 'a protected path'], ['edit_file', gitConfig], ['bash', 'a protected path'],
    ]);
    expect(readFileSync(join(h.workspace, '.git', 'config'), 'utf8')).toBe('a');
  });

  it('an allow rule covers them, and an empty list turns them off', async () => {
    const rules = loadPermissionRules({ workspace: '/w', home: '/h', allowedTools: ['Read(.env)'] }).rules;
    const read = readFileTool;
    expect((await new PermissionPolicy({ workspace: '/w', home: '/h', rules }).judge(read, { path: '.env' }, 'ask', '/w')).kind).toBe('allow');
    expect((await new PermissionPolicy({ workspace: '/w', home: '/h', rules: [] }).judge(read, { path: '.env' }, 'ask', '/w')).kind).toBe('ask');
    expect((await new PermissionPolicy({ workspace: '/w', home: '/h', rules: [], protectedPaths: [] }).judge(read, { path: '.env' }, 'ask', '/w')).kind).toBe('allow');
    expect((await new PermissionPolicy({ workspace: '/w', home: '/h', rules: [] }).judge(read, { path: '/h/.ssh/id_ed25519' }, 'yolo', '/w')).kind).toBe('ask');
  });
});

describe('"always" through the engine', () => {
  it('the request carries the exact rule; "this project" saves it and the next session honours it', async () => {
    const script = () => [{ toolCalls: [{ name: 'bash', input: { command: 'npm run test --silent' } }] }, { toolCalls: [{ name: 'bash', input: { command: 'npm run deploy' } }] }, { text: 'ok' }];
    const workspace = mkdtempSync(join(tmpdir(), 'rein-always-'));
    const first = makeHarness(script(), { mode: 'ask', workspace, cwd: workspace, permissions: { rules: [], saveProjectRule: (rule) => saveProjectRule(workspace, rule) } });
    writeFileSync(join(workspace, 'package.json'), JSON.stringify({ scripts: { test: 'echo tested', deploy: 'echo deployed' } }));
    const asked: Asked[] = [];
    const events = await runPrompt(first.session, 'go', (e) => { asked.push(e); return asked.length === 1 ? { kind: 'always', scope: 'project' } : { kind: 'no' }; });
    expect(asked.map((a) => a.alwaysRules)).toEqual([['Bash(npm run test:*)'], ['Bash(npm run deploy:*)']]);
    expect(events.find((e) => e.type === 'rules_added')).toMatchObject({ rules: ['Bash(npm run test:*)'], source: join(workspace, '.claude', 'settings.local.json') });
    await first.cleanup();

    // Saving an "always, this project" rule trusts the project (the CLI records it), so the next session reads its rules.
    const next = makeHarness(script(), { mode: 'ask', workspace, cwd: workspace, permissions: { rules: loadPermissionRules({ workspace, home: '/nonexistent', projectTrusted: true }).rules } });
    const askedAgain: string[] = [];
    await runPrompt(next.session, 'go', (e) => { askedAgain.push(String(e.input.command)); return { kind: 'no' }; });
    expect(askedAgain).toEqual(['npm run deploy']);
    await next.cleanup();
    rmSync(workspace, { recursive: true, force: true });
  });
});
