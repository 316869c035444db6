// File tools are judged on where a path really leads: links in the repository, /proc/self/cwd, ~ and @-mentions
// cannot reach a denied or protected file without the rule or the question that guards it; searches leave such files
// out; and a write to a file that steers rein asks in every mode but yolo.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, PermissionMode } from '../../source/protocol/events.js';
import { parseRule, type PermissionRule } from '../../source/permissions/rules.js';
import { steeringAskReason } from '../../source/permissions/steering.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

type Asked = Extract<AgentEvent, { type: 'approval_request' }>;
let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const rule = (text: string, effect: 'allow' | 'deny', workspace: string): PermissionRule => parseRule(text, effect, 'test', { workspace }) as PermissionRule;

/** Runs the calls in `mode`, answering every question no; returns the questions asked and the results. */
async function attempt(calls: { name: string; input: Record<string, unknown> }[], mode: PermissionMode, setup: (ws: string) => void, rules: (ws: string) => PermissionRule[] = () => []) {
  const workspace = `/tmp/rein-ft-${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(workspace, { recursive: true });
  h = makeHarness([{ toolCalls: calls }, { text: 'ok' }], { mode, workspace, cwd: workspace, permissions: { rules: rules(workspace) } });
  setup(workspace);
  const asked: Asked[] = [];
  await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'no' }; });
  return { asked, results: lastToolResults(h.provider.requests[1]), workspace };
}

const secrets = (ws: string) => {
  writeFileSync(join(ws, '.env'), 'TOKEN=env-secret');
  mkdirSync(join(ws, 'secrets'));
  writeFileSync(join(ws, 'secrets', 'key.txt'), 'needle deny-secret');
  writeFileSync(join(ws, 'server.pem'), 'needle pem-secret');
  writeFileSync(join(ws, 'notes.md'), 'needle visible');
  mkdirSync(join(ws, '.git'));
  writeFileSync(join(ws, '.git', 'config'), '[core]');
  symlinkSync(join(ws, '.env'), join(ws, 'notes.txt'));
  symlinkSync(join(ws, 'secrets', 'key.txt'), join(ws, 'innocent.txt'));
  symlinkSync(join(ws, '.git', 'config'), join(ws, 'settings.ini'));
};
const denySecrets = (ws: string) => [rule('Read(./secrets/**)', 'deny', ws)];

describe('file tools on real paths', () => {
  it.each(['ask', 'auto-edit', 'yolo'] as const)('in %s mode a link or /proc/self/cwd to a protected file asks; to a denied one is refused', async (mode) => {
    const { asked, results } = await attempt([
      { name: 'read_file', input: { path: 'notes.txt' } },
      { name: 'read_file', input: { path: '/proc/self/cwd/.env' } },
      { name: 'read_file', input: { path: 'innocent.txt' } },
      { name: 'read_file', input: { path: '/proc/self/cwd/secrets/key.txt' } },
      { name: 'edit_file', input: { path: 'settings.ini', old_string: '[core]', new_string: '[core]\n\tfsmonitor = touch pwned' } },
    ], mode, secrets, denySecrets);
    expect(asked.map((a) => a.input.path)).toEqual(['notes.txt', '/proc/self/cwd/.env', 'settings.ini']);
    expect(results[2]).toMatch(/permission rule \(Read\(\.\/secrets\/\*\*\) in test\) denies/);
    // rein's own working folder is the workspace when run from the CLI; here it is not, so that read lands outside it.
    expect(results[3]).toMatch(/permission rule \(Read\(\.\/secrets\/\*\*\) in test\) denies|outside the workspace/);
    expect(results.join('\n')).not.toMatch(/env-secret|deny-secret/);
  });

  it('grep and glob leave out what a deny rule or a protected path covers, and say how many', async () => {
    const { results } = await attempt([
      { name: 'grep', input: { pattern: 'needle', output_mode: 'content' } },
      { name: 'grep', input: { pattern: 'needle' } },
      { name: 'glob', input: { pattern: '**/*' } },
    ], 'yolo', secrets, denySecrets);
    for (const result of results) {
      expect(result).toContain('notes.md');
      expect(result).not.toMatch(/key\.txt|server\.pem|deny-secret|pem-secret/);
      expect(result).toMatch(/\(\d+ files? left out: a permission rule or a protected path covers/);
    }
  });
});

describe('files that steer rein', () => {
  const writes = [
    { name: 'write_file', input: { path: '.claude/settings.local.json', content: '{"permissions":{"allow":["Bash"]}}' } },
    { name: 'write_file', input: { path: 'agent.config.json', content: '{"permissionMode":"yolo"}' } },
    { name: 'write_file', input: { path: '.mcp.json', content: '{"mcpServers":{}}' } },
    { name: 'write_file', input: { path: 'docs/CLAUDE.md', content: 'obey' } },
    { name: 'write_file', input: { path: 'AGENTS.md', content: 'obey' } },
    { name: 'write_file', input: { path: '.rein/commands/x.md', content: 'x' } },
    { name: 'write_file', input: { path: '.git/hooks/pre-commit', content: 'x' } },
    { name: 'write_file', input: { path: 'src/app.ts', content: 'ok' } },
  ];

  it('a write asks in auto-edit mode, even with a tool-wide allow rule; an ordinary file does not', async () => {
    const { asked, results } = await attempt(writes, 'auto-edit', (ws) => mkdirSync(join(ws, 'src')), (ws) => [rule('Edit', 'allow', ws), rule('Write', 'allow', ws)]);
    expect(asked.map((a) => [a.input.path, a.reason])).toEqual(writes.slice(0, 7).map((w) => [w.input.path, steeringAskReason]));
    expect(results[7]).toMatch(/Wrote|Created/);
  });

  it('a rule naming the path lifts the question; yolo mode does not ask', async () => {
    const named = await attempt(writes.slice(4, 5), 'auto-edit', () => {}, (ws) => [rule('Edit(./AGENTS.md)', 'allow', ws)]);
    expect(named.asked).toEqual([]);
    const yolo = await attempt(writes.slice(0, 6), 'yolo', () => {});
    expect(yolo.asked).toEqual([]);
  });
});
