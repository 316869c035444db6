// decide(): one table per precedence rule between the rules' verdict, a PreToolUse hook's verdict and who can be asked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../source/protocol/events.js';
import { decide, headlessDeniedMessage, sandboxRerunQuestion, type Decision, type DecideContext, type HookVerdict } from '../../source/permissions/decide.js';
import { PermissionPolicy } from '../../source/permissions/policy.js';
import { parseRule, type RuleEffect } from '../../source/permissions/rules.js';
import { bashTool } from '../../source/tools/bash.js';
import { editFileTool } from '../../source/tools/editFile.js';
import { readFileTool } from '../../source/tools/readFile.js';
import { defineTool, textResult, type AnyTool } from '../../source/tools/types.js';

const root = mkdtempSync(join(tmpdir(), 'rein-decide-'));
const ws = join(root, 'ws');
const home = join(root, 'home');
mkdirSync(join(ws, 'src'), { recursive: true });
mkdirSync(home, { recursive: true });
writeFileSync(join(ws, 'src', 'a.ts'), 'a');
writeFileSync(join(ws, '.env'), 'KEY=1');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mcpTool = { name: 'mcp__tracker__close_issue', description: '', inputSchema: { type: 'object' }, readOnly: false, execute: async () => textResult('') } as AnyTool;
/** A custom tool that declares itself an edit of the file in `target`: the policy knows it only by that declaration. */
const customEdit: AnyTool = defineTool<{ target: string }>({
  name: 'stamp_file', description: '', inputSchema: { type: 'object' }, readOnly: false, kind: 'edit', pathArguments: ['target'],
  execute: async () => textResult(''),
});

type Rules = Partial<Record<RuleEffect, string[]>>;
interface Case {
  name: string;
  tool: AnyTool;
  input: Record<string, unknown>;
  mode: PermissionMode;
  hook?: HookVerdict;
  rules?: Rules;
  context?: Partial<Omit<DecideContext, 'policy' | 'cwd'>>;
  expected: Partial<Decision> & Pick<Decision, 'kind'>;
}

function policyWith(rules: Rules = {}): PermissionPolicy {
  const parsed = (['allow', 'ask', 'deny'] as const).flatMap((effect) => (rules[effect] ?? []).map((text) => {
    const rule = parseRule(text, effect, 'test', { workspace: ws, home });
    if (typeof rule === 'string') throw new Error(rule);
    return rule;
  }));
  return new PermissionPolicy({ rules: parsed, workspace: ws, home });
}

const run = (c: Case) => decide(c.tool, c.input, c.mode, c.hook, { policy: policyWith(c.rules), cwd: ws, interactive: true, ...c.context });
const table = (cases: Case[]) => it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
  expect(await run(c)).toMatchObject(c.expected);
});

const edit = { path: 'src/a.ts', old_string: 'a', new_string: 'b' };
const hookAllow: HookVerdict = { permission: 'allow' };

describe('a hook\'s deny wins over everything', () => table([
  { name: 'over an allow rule', tool: readFileTool, input: { path: 'src/a.ts' }, mode: 'ask', rules: { allow: ['Read'] }, hook: { permission: 'deny', reason: 'not today' }, expected: { kind: 'deny', by: 'hook', message: 'A PreToolUse hook refused this read_file call: not today' } },
  { name: 'over yolo mode', tool: bashTool, input: { command: 'ls' }, mode: 'yolo', hook: { permission: 'deny' }, expected: { kind: 'deny', by: 'hook', label: 'blocked by a hook' } },
]));

describe('deny rules, the destructive guard and plan mode win over a hook\'s allow', () => table([
  { name: 'a deny rule', tool: editFileTool, input: edit, mode: 'yolo', rules: { deny: ['Edit(src/**)'] }, hook: hookAllow, expected: { kind: 'deny', by: 'rules', label: 'denied by a rule' } },
  { name: 'a deny rule on a command', tool: bashTool, input: { command: 'git push' }, mode: 'yolo', rules: { deny: ['Bash(git push:*)'] }, hook: hookAllow, expected: { kind: 'deny', by: 'rules' } },
  { name: 'the destructive guard', tool: bashTool, input: { command: `rm -rf ${ws}` }, mode: 'yolo', hook: hookAllow, expected: { kind: 'deny', by: 'rules', label: 'refused: destructive' } },
  { name: 'plan mode', tool: editFileTool, input: edit, mode: 'plan', hook: hookAllow, expected: { kind: 'deny', by: 'rules', label: 'refused: plan mode' } },
  { name: 'plan mode, headless too', tool: editFileTool, input: edit, mode: 'plan', hook: hookAllow, context: { interactive: false }, expected: { kind: 'deny', by: 'rules', label: 'refused: plan mode' } },
]));

describe('a hook\'s allow skips an ask, but not a firm one', () => table([
  { name: 'an edit in ask mode runs', tool: editFileTool, input: edit, mode: 'ask', hook: hookAllow, expected: { kind: 'allow' } },
  { name: 'an MCP tool in ask mode runs', tool: mcpTool, input: {}, mode: 'ask', hook: hookAllow, expected: { kind: 'allow' } },
  { name: 'a headless command runs', tool: bashTool, input: { command: 'touch x' }, mode: 'ask', hook: hookAllow, context: { interactive: false }, expected: { kind: 'allow' } },
  { name: 'an ask rule still asks', tool: editFileTool, input: edit, mode: 'ask', rules: { ask: ['Edit'] }, hook: hookAllow, expected: { kind: 'ask', by: 'user', firm: true } },
  { name: 'a protected path still asks', tool: readFileTool, input: { path: '.env' }, mode: 'yolo', hook: hookAllow, expected: { kind: 'ask', by: 'user', firm: true, reason: 'a protected path' } },
  { name: 'a protected path headless is denied', tool: readFileTool, input: { path: '.env' }, mode: 'ask', hook: hookAllow, context: { interactive: false }, expected: { kind: 'deny', by: 'headless' } },
]));

describe('a hook\'s ask forces an ask', () => table([
  { name: 'over a read-only tool', tool: readFileTool, input: { path: 'src/a.ts' }, mode: 'ask', hook: { permission: 'ask', reason: 'audit' }, expected: { kind: 'ask', by: 'user', firm: false, reason: 'a hook asks: audit' } },
  { name: 'over an allow rule', tool: bashTool, input: { command: 'npm test' }, mode: 'ask', rules: { allow: ['Bash(npm test)'] }, hook: { permission: 'ask' }, expected: { kind: 'ask', reason: 'a hook asks' } },
  { name: 'over yolo mode', tool: editFileTool, input: edit, mode: 'yolo', hook: { permission: 'ask' }, expected: { kind: 'ask', by: 'user' } },
  { name: 'and headless that means a denial', tool: editFileTool, input: edit, mode: 'yolo', hook: { permission: 'ask' }, context: { interactive: false }, expected: { kind: 'deny', by: 'headless' } },
]));

describe('without a hook, the rules and the mode decide', () => table([
  { name: 'an allow rule', tool: bashTool, input: { command: 'npm test' }, mode: 'ask', rules: { allow: ['Bash(npm test)'] }, context: { interactive: false }, expected: { kind: 'allow' } },
  { name: 'a read-only tool', tool: readFileTool, input: { path: 'src/a.ts' }, mode: 'ask', expected: { kind: 'allow' } },
  { name: 'an edit in auto-edit mode', tool: editFileTool, input: edit, mode: 'auto-edit', expected: { kind: 'allow' } },
  { name: 'an edit in ask mode', tool: editFileTool, input: edit, mode: 'ask', expected: { kind: 'ask', by: 'user', firm: false } },
  { name: 'an MCP tool (kind other) in auto-edit mode', tool: mcpTool, input: {}, mode: 'auto-edit', expected: { kind: 'ask', by: 'user' } },
  { name: 'an MCP tool in yolo mode', tool: mcpTool, input: {}, mode: 'yolo', expected: { kind: 'allow' } },
]));

describe('a tool is judged by the kind and path arguments it declares', () => table([
  { name: 'a custom edit tool runs in auto-edit mode', tool: customEdit, input: { target: 'src/a.ts' }, mode: 'auto-edit', expected: { kind: 'allow' } },
  { name: 'its path argument meets protected paths', tool: customEdit, input: { target: '.env' }, mode: 'auto-edit', expected: { kind: 'ask', firm: true, reason: 'a protected path' } },
  { name: 'its path argument meets write-protected paths', tool: customEdit, input: { target: '.git/config' }, mode: 'yolo', expected: { kind: 'ask', firm: true } },
  { name: 'the same tool declaring no kind asks in auto-edit mode', tool: { ...customEdit, kind: undefined, pathArguments: undefined }, input: { target: 'src/a.ts' }, mode: 'auto-edit', expected: { kind: 'ask', by: 'user' } },
]));

describe('who answers an ask', () => table([
  { name: 'the fallback, in the TUI', tool: editFileTool, input: edit, mode: 'ask', context: { askFallback: true }, expected: { kind: 'ask', by: 'fallback' } },
  { name: 'the fallback, headless', tool: bashTool, input: { command: 'touch x' }, mode: 'ask', context: { askFallback: true, interactive: false }, expected: { kind: 'ask', by: 'fallback' } },
  { name: 'the fallback, for a hook\'s ask', tool: readFileTool, input: { path: 'src/a.ts' }, mode: 'ask', hook: { permission: 'ask' }, context: { askFallback: true }, expected: { kind: 'ask', by: 'fallback', reason: 'a hook asks' } },
  { name: 'nobody, headless: denied naming the modes that would run it', tool: editFileTool, input: edit, mode: 'ask', context: { interactive: false }, expected: { kind: 'deny', by: 'headless', message: headlessDeniedMessage('edit_file', 'ask', true) } },
  { name: 'nobody, headless, for a command', tool: bashTool, input: { command: 'touch x' }, mode: 'auto-edit', context: { interactive: false }, expected: { kind: 'deny', by: 'headless', message: headlessDeniedMessage('bash', 'auto-edit', false) } },
  { name: 'a fallback never lifts a deny', tool: editFileTool, input: edit, mode: 'ask', rules: { deny: ['Edit'] }, context: { askFallback: true }, expected: { kind: 'deny', by: 'rules' } },
]));

describe('running a command again outside the sandbox', () => table([
  { name: 'is asked even where a rule allows it', tool: bashTool, input: { command: 'npm test' }, mode: 'yolo', rules: { allow: ['Bash(npm test)'] }, context: { outsideSandbox: true }, expected: { kind: 'ask', by: 'user', reason: sandboxRerunQuestion } },
  { name: 'is asked of the user, not the fallback', tool: bashTool, input: { command: 'npm test' }, mode: 'ask', context: { outsideSandbox: true, askFallback: true }, expected: { kind: 'ask', by: 'user' } },
  { name: 'is refused headless', tool: bashTool, input: { command: 'npm test' }, mode: 'yolo', context: { outsideSandbox: true, interactive: false }, expected: { kind: 'deny', by: 'headless' } },
  { name: 'still meets a deny rule', tool: bashTool, input: { command: 'npm test' }, mode: 'ask', rules: { deny: ['Bash(npm:*)'] }, context: { outsideSandbox: true }, expected: { kind: 'deny', by: 'rules' } },
]));
