// PermissionRequest: hooks answer an approval for the user (measured against Claude Code 2.1.197: allow runs the
// rewritten input, deny gives the model the message, interrupt ends the run, headless runs never ask the hooks).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';
import { capture, hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
});

const decision = (value: Record<string, unknown>) => `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: value } })}'`;
const asked = (events: AgentEvent[]) => events.filter((e) => e.type === 'approval_request');

describe('PermissionRequest', () => {
  it('runs instead of the dialog with Claude Code\'s input; allow with updatedInput runs the rewritten call', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', capture(d, 'req', decision({ behavior: 'allow', updatedInput: { command: 'touch made-by-hook' } })), 'Bash'));
    h = makeHarness([{ toolCalls: [{ id: 'c1', name: 'bash', input: { command: 'touch made-by-model' } }] }, { text: 'done' }], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go');
    expect(asked(events)).toEqual([]);
    expect(existsSync(join(h.workspace, 'made-by-hook'))).toBe(true);
    expect(existsSync(join(h.workspace, 'made-by-model'))).toBe(false);
    const [input] = d.inputs('req');
    expect(input).toMatchObject({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'touch made-by-model' }, permission_mode: 'default' });
    expect(input.tool_use_id).toBeUndefined();
    expect(input.permission_suggestions).toEqual([{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: expect.stringContaining('touch') }], behavior: 'allow', destination: 'localSettings' }]);
  });

  it('deny gives the model the hook\'s message as the call\'s result; nothing runs', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', d.script('deny', `cat >/dev/null; ${decision({ behavior: 'deny', message: 'no writes today' })}`)));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch nope' } }] }, { text: 'ok' }], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go');
    expect(asked(events)).toEqual([]);
    expect(lastToolResults(h.provider.requests[1])).toEqual(['no writes today']);
    expect(existsSync(join(h.workspace, 'nope'))).toBe(false);
  });

  it('deny with interrupt ends the run as Esc would: no more requests, the call answered', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', d.script('stop', `cat >/dev/null; ${decision({ behavior: 'deny', message: 'stop everything', interrupt: true })}`)));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch a' } }, { name: 'bash', input: { command: 'touch b' } }] }, { text: 'never' }], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('aborted');
    expect(h.provider.requests).toHaveLength(1);
    expect(h.invalidRequests).toEqual([]);
    expect(existsSync(join(h.workspace, 'a'))).toBe(false);
    expect(existsSync(join(h.workspace, 'b'))).toBe(false);
    expect(h.session.conversation.history().at(-1)?.content).toHaveLength(2);
  });

  it('no decision leaves the dialog to the user; exit 2 is not honoured for this event', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', d.script('silent', 'cat >/dev/null; echo "would block" >&2; exit 2')));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch asked' } }] }, { text: 'ok' }], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'yes' }));
    expect(asked(events)).toHaveLength(1);
    expect(existsSync(join(h.workspace, 'asked'))).toBe(true);
  });

  it('allow with updatedPermissions adds a session rule, so the next such call asks no one, and setMode changes the mode', async () => {
    d = hookDir();
    const updates = [
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'session' },
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
    ];
    const { hooks } = makeHooks(d, on('PermissionRequest', capture(d, 'req', decision({ behavior: 'allow', updatedPermissions: updates }))));
    h = makeHarness([
      { toolCalls: [{ name: 'bash', input: { command: 'touch one' } }] },
      { toolCalls: [{ name: 'bash', input: { command: 'touch two' } }] },
      { text: 'ok' },
    ], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go');
    expect(d.inputs('req')).toHaveLength(1);
    expect(existsSync(join(h.workspace, 'two'))).toBe(true);
    expect(events.some((e) => e.type === 'rules_added' && e.rules.includes('Bash(touch:*)'))).toBe(true);
    expect(h.session.settings.info.mode).toBe('auto-edit');
  });

  it('a deny rule still refuses what a hook allows after rewriting it', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', d.script('allow', `cat >/dev/null; ${decision({ behavior: 'allow', updatedInput: { command: 'git push origin main' } })}`)));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'git status --short > out.txt' } }] }, { text: 'ok' }], {
      hooks, mode: 'ask', permissions: { rules: [{ text: 'Bash(git push:*)', effect: 'deny', source: 'test', target: { kind: 'bash', command: 'git push', prefix: true } }] },
    });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('denies this command');
  });

  it('a headless run does not ask the hooks: what would be asked is refused (as claude -p does)', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PermissionRequest', capture(d, 'req', decision({ behavior: 'allow' }))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch headless' } }] }, { text: 'ok' }], { hooks, mode: 'ask', interactive: false });
    await runPrompt(h.session, 'go');
    expect(d.inputs('req')).toEqual([]);
    expect(existsSync(join(h.workspace, 'headless'))).toBe(false);
  });
});
