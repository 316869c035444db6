// The tool-round events rein added: PostToolUseFailure, PostToolBatch, updatedToolOutput, `if`, `args`, async
// handlers, SubagentStart and StopFailure, each on a real session with real hook processes.
import { afterEach, describe, expect, it } from 'vitest';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { capture, hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
});

const allText = (request: ProviderRequest) => userTexts(request).join('\n');
const json = (value: unknown) => `echo '${JSON.stringify(value)}'`;

describe('PostToolUseFailure and PostToolUse', () => {
  it('a failed call runs PostToolUseFailure (error, is_interrupt, duration_ms), not PostToolUse; its additionalContext reaches the model', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      ...on('PostToolUseFailure', capture(d, 'failure', json({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'the test database is down' } }))),
      ...on('PostToolUse', capture(d, 'success')),
    });
    h = makeHarness([{ toolCalls: [{ id: 'c1', name: 'bash', input: { command: 'echo oops >&2; exit 3' } }] }, { toolCalls: [{ name: 'bash', input: { command: 'echo fine' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    const [failure] = d.inputs('failure');
    expect(failure).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'echo oops >&2; exit 3' }, tool_use_id: 'c1', is_interrupt: false, permission_mode: 'bypassPermissions' });
    expect(failure.error).toContain('oops');
    expect(failure.duration_ms).toEqual(expect.any(Number));
    expect(d.inputs('failure')).toHaveLength(1);
    expect(d.inputs('success').map((i) => (i.tool_input as { command: string }).command)).toEqual(['echo fine']);
    expect(allText(h.provider.requests[1])).toContain('the test database is down');
  });

  it('neither runs for a call the runner refuses unrun (bad arguments)', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { ...on('PostToolUseFailure', capture(d, 'failure')), ...on('PreToolUse', capture(d, 'pre')) });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { commandd: 'x' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(d.inputs('failure')).toEqual([]);
    expect(d.inputs('pre')).toEqual([]);
  });

  it('PostToolUse updatedToolOutput is what the model gets; the screen keeps the real output', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostToolUse', d.script('redact', `cat >/dev/null; ${json({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: '[redacted]' } })}`)));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo secret-token' } }] }, { text: 'done' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])).toEqual(['[redacted]']);
    const end = events.find((e): e is Extract<AgentEvent, { type: 'tool_end' }> => e.type === 'tool_end');
    expect(end?.result.content).toContain('secret-token');
  });
});

describe('PostToolBatch', () => {
  it('runs once per round with every call and the text the model gets; additionalContext goes in after the results', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostToolBatch', capture(d, 'batch', json({ hookSpecificOutput: { hookEventName: 'PostToolBatch', additionalContext: 'run pytest before finishing' } }))));
    h = makeHarness([{ toolCalls: [{ id: 'a', name: 'bash', input: { command: 'echo one' } }, { id: 'b', name: 'bash', input: { command: 'echo two' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    const batches = d.inputs('batch');
    expect(batches).toHaveLength(1);
    expect(batches[0].tool_calls).toEqual([
      { tool_name: 'Bash', tool_input: { command: 'echo one' }, tool_use_id: 'a', tool_response: expect.stringContaining('one') },
      { tool_name: 'Bash', tool_input: { command: 'echo two' }, tool_use_id: 'b', tool_response: expect.stringContaining('two') },
    ]);
    expect(allText(h.provider.requests[1])).toContain('run pytest before finishing');
  });

  it('decision "block" stops the loop before the next model call', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostToolBatch', d.script('gate', `cat >/dev/null; ${json({ decision: 'block', reason: 'lint failed' })}`)));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'never' }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'blocked', error: 'lint failed' });
    expect(h.provider.requests).toHaveLength(1);
  });
});

describe('handler fields', () => {
  it('"if" runs a handler only for calls its permission rule matches, on every subcommand', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(rm *)', command: capture(d, 'rm') }, { type: 'command', if: 'Bash(bogus(', command: capture(d, 'never') }] }] });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo hi' } }, { name: 'bash', input: { command: 'echo a && rm -f nothing' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(d.inputs('rm').map((i) => (i.tool_input as { command: string }).command)).toEqual(['echo a && rm -f nothing']);
    expect(d.inputs('never')).toEqual([]);
  });

  it('"args" spawns the command directly with those arguments, ${CLAUDE_PROJECT_DIR} filled in, no shell', async () => {
    d = hookDir();
    const script = d.script('exec', 'cat >/dev/null; printf "%s|" "$@" > "$D/argv.txt"');
    const { hooks } = makeHooks(d, { UserPromptSubmit: [{ hooks: [{ type: 'command', command: script, args: ['${CLAUDE_PROJECT_DIR}/x', 'two words', '$HOME'] }] }] });
    h = makeHarness([{ text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`${d.dir}/argv.txt`, 'utf8')).toBe(`${d.dir}/x|two words|$HOME|`);
  });

  it('an async handler does not hold the call up; what it says reaches the model with a later request', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { PostToolUse: [{ hooks: [{ type: 'command', async: true, command: d.script('bg', `cat >/dev/null; touch "$D/bg-started"; ${json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'background check passed' } })}`) }] }] });
    h = makeHarness((request, index) => (index === 0 ? { toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] } : { text: `answer ${index}` }), { hooks });
    await runPrompt(h.session, 'first');
    await hooks?.settled();
    await runPrompt(h.session, 'second');
    const later = h.provider.requests.slice(1).map(allText).join('\n');
    expect(later).toContain('background check passed');
  });
});

describe('SubagentStart and SubagentStop', () => {
  it('SubagentStart gets the subagent\'s id and type, its context opens the subagent\'s conversation; matchers select by type', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      SubagentStart: [
        { matcher: 'explore', hooks: [{ type: 'command', command: capture(d, 'start', json({ hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'Follow the security guidelines' } })) }] },
        { matcher: 'general-purpose', hooks: [{ type: 'command', command: capture(d, 'other') }] },
      ],
      SubagentStop: [{ matcher: 'explore', hooks: [{ type: 'command', command: capture(d, 'stop') }] }],
    });
    h = makeHarness((request) => {
      if (request.system.startsWith('You are a subagent of rein')) return { text: 'child answer' };
      if (request.messages.length === 1) return { toolCalls: [{ name: 'task', input: { description: 'look', prompt: 'look around', subagent_type: 'explore' } }] };
      return { text: 'done' };
    }, { hooks, agents: { definitions: [...builtinAgents], maxParallel: 2, maxTurns: 5 } });
    await runPrompt(h.session, 'go');
    const [start] = d.inputs('start');
    expect(start).toMatchObject({ hook_event_name: 'SubagentStart', agent_type: 'explore', agent_id: expect.stringMatching(/^agent/) });
    expect(start.permission_mode).toBeUndefined();
    expect(d.inputs('other')).toEqual([]);
    const child = h.provider.requests.find((r) => r.system.startsWith('You are a subagent of rein'));
    expect(child && allText(child)).toContain('Follow the security guidelines');
    expect(d.inputs('stop')).toMatchObject([{ agent_id: start.agent_id, agent_type: 'explore', last_assistant_message: 'child answer' }]);
  });
});

describe('StopFailure', () => {
  it('runs instead of Stop when the run ends on a failed model call, with Claude Code\'s error type', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { ...on('StopFailure', capture(d, 'failure')), ...on('Stop', capture(d, 'stop')) });
    h = makeHarness([{ error: { kind: 'auth', message: 'The API key was refused.' } }], { hooks });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('error');
    expect(d.inputs('failure')).toMatchObject([{ hook_event_name: 'StopFailure', error: 'authentication_failed', error_details: 'The API key was refused.' }]);
    expect(d.inputs('stop')).toEqual([]);
  });
});
