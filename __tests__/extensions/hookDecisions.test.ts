// JSON on a hook's stdout: permissionDecision with the permission rules, updatedInput, additionalContext, decision/reason, continue: false.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { parseRule } from '../../source/permissions/rules.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
});

const printing = (json: unknown) => `cat >/dev/null; echo '${JSON.stringify(json)}'`;
const decision = (permissionDecision: string, extra: Record<string, unknown> = {}) =>
  printing({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, ...extra } });
const approvals = (events: AgentEvent[]) => events.filter((e) => e.type === 'approval_request');
const denyRule = (text: string) => {
  const rule = parseRule(text, 'deny', 'settings.json', { workspace: '/' });
  if (typeof rule === 'string') throw new Error(rule);
  return rule;
};

describe('PreToolUse JSON decisions', () => {
  it('allow runs a call without asking in ask mode', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('allow', decision('allow'))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo allowed' } }] }, { text: 'done' }], { hooks, mode: 'ask' });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(approvals(events)).toHaveLength(0);
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('allowed');
  });

  it('a deny rule from settings still wins over a hook\'s allow', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('allow', decision('allow'))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'git push --force' } }] }, { text: 'done' }], {
      hooks, mode: 'yolo', permissions: { rules: [denyRule('Bash(git push:*)')] },
    });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/permission rule \(Bash\(git push:\*\) in settings.json\) denies/);
  });

  it('allow does not lift the ask a protected path demands; ask in a headless run is a denial', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('allow', decision('allow'))));
    h = makeHarness([{ toolCalls: [{ name: 'read_file', input: { path: '.env' } }] }, { text: 'done' }], { hooks, mode: 'ask' });
    writeFileSync(join(h.workspace, '.env'), 'KEY=1\n');
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(approvals(events)).toMatchObject([{ name: 'read_file', reason: 'a protected path' }]);
    await h.cleanup();

    const asking = makeHooks(d, on('PreToolUse', d.script('ask', decision('ask')))).hooks;
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'done' }], { hooks: asking, mode: 'yolo', interactive: false });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/needs the user's approval, but rein is running headless/);
  });

  it('deny refuses the call with permissionDecisionReason for the model, in yolo mode too', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('deny', decision('deny', { permissionDecisionReason: 'production is frozen' }))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch made' } }] }, { text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toBe('A PreToolUse hook refused this bash call: production is frozen');
    expect(events.find((e) => e.type === 'hook')).toMatchObject({ outcome: 'blocked', message: 'production is frozen' });
    expect(existsSync(join(h.workspace, 'made'))).toBe(false);
  });

  it('ask forces the dialog in yolo mode, with the hook\'s reason; the answer decides', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('ask', decision('ask', { permissionDecisionReason: 'touches the database' }))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo migrate' } }] }, { text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(approvals(events)).toMatchObject([{ reason: 'a hook asks: touches the database' }]);
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/declined/);
  });

  it('the strictest of several hooks wins: deny over allow', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', [d.script('allow', decision('allow')), d.script('deny', decision('deny', { permissionDecisionReason: 'no' }))]));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toBe('A PreToolUse hook refused this bash call: no');
  });

  it('updatedInput changes the arguments the tool runs with (Claude Code\'s argument names accepted), the history keeps the model\'s', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: d.script('rewrite', `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: (.tool_input.command + " --rewritten")}}}'`) }] },
        { matcher: 'Read', hooks: [{ type: 'command', command: d.script('redirect', printing({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: 'other.txt' } } })) }] },
      ],
    });
    h = makeHarness([
      { toolCalls: [{ name: 'bash', input: { command: 'echo original' } }, { name: 'read_file', input: { path: 'asked.txt', offset: 2 } }] },
      { text: 'done' },
    ], { hooks, mode: 'ask' });
    writeFileSync(join(h.workspace, 'other.txt'), 'first line\nthe other file\n');
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(approvals(events)).toHaveLength(0);
    const results = lastToolResults(h.provider.requests[1]);
    expect(results[0]).toContain('original --rewritten');
    // offset 2 was kept: only the second line is read.
    expect(results[1]).toContain('the other file');
    expect(results[1]).not.toContain('first line');
    expect(JSON.stringify(h.provider.requests[1].messages[1])).toContain('"command":"echo original"');
  });

  it('the older decision "block" refuses with its reason', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('block', printing({ decision: 'block', reason: 'use the make target' }))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toBe('A PreToolUse hook refused this bash call: use the make target');
  });
});

describe('other JSON fields', () => {
  it('additionalContext from UserPromptSubmit and PostToolUse reaches the newest user turn', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      ...on('UserPromptSubmit', d.script('ctx', printing({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ticket ABC-1' } }))),
      ...on('PostToolUse', d.script('post', printing({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'coverage 91%' } }))),
    });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo t' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(userTexts(h.provider.requests[0])).toContain('<system-reminder>\nticket ABC-1\n</system-reminder>');
    const last = h.provider.requests[1].messages.at(-1);
    expect(last?.role).toBe('user');
    expect(JSON.stringify(last)).toContain('coverage 91%');
    // The prefix stays byte-stable: same system prompt and tools, the first request's messages unchanged at the start.
    const [first, second] = h.provider.requests;
    expect(second.system).toBe(first.system);
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    expect(JSON.stringify(second.messages.slice(0, first.messages.length))).toBe(JSON.stringify(first.messages));
  });

  it('PostToolUse decision "block" gives the model its reason', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostToolUse', d.script('post', printing({ decision: 'block', reason: 'the file no longer compiles' }))));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo t' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(userTexts(h.provider.requests[1]).join('\n')).toContain('the file no longer compiles');
  });

  it('Stop decision "block" sends the model back with the reason', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('Stop', d.script('stop', `jq -e '.stop_hook_active' >/dev/null && exit 0; echo '{"decision":"block","reason":"update the changelog"}'`)));
    h = makeHarness([{ text: 'done' }, { text: 'changelog updated' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).text).toBe('changelog updated');
    expect(userTexts(h.provider.requests[1]).join('\n')).toContain('update the changelog');
  });

  it('continue: false stops the run with stopReason, from UserPromptSubmit and from PreToolUse', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      ...on('UserPromptSubmit', d.script('gate', `grep -q halt && echo '{"continue": false, "stopReason": "maintenance window"}'; exit 0`)),
      ...on('PreToolUse', d.script('pre', printing({ continue: false, stopReason: 'budget used up' }))),
    });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch made' } }] }, { text: 'never' }], { hooks });
    const halted = await runPrompt(h.session, 'halt now');
    expect(runEnd(halted)).toMatchObject({ reason: 'blocked', error: expect.stringContaining('maintenance window') });
    expect(h.provider.requests).toHaveLength(0);
    const stopped = await runPrompt(h.session, 'go');
    expect(runEnd(stopped)).toMatchObject({ reason: 'blocked', error: 'budget used up' });
    expect(h.provider.requests).toHaveLength(1);
    expect(existsSync(join(h.workspace, 'made'))).toBe(false);
  });
});
