// Every hook event on a real session: the JSON each script reads on stdin, and what exit 0, 2 and other codes do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionLogPath } from '../../source/sessionLog/records.js';
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

const hookEvents = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'hook' }> => e.type === 'hook');
const allText = (request: ProviderRequest) => userTexts(request).join('\n');

describe('hook input', () => {
  it('gives each event Claude Code\'s fields on stdin, with Claude Code\'s tool and argument names', async () => {
    d = hookDir();
    const events = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'];
    const config = Object.assign({}, ...events.map((e) => on(e, capture(d, e))));
    const { hooks } = makeHooks(d, config);
    h = makeHarness([
      { toolCalls: [{ id: 'call-1', name: 'bash', input: { command: 'echo hi' } }] },
      { text: 'finished' },
    ], { hooks });
    await runPrompt(h.session, 'say hi');
    await h.session.close('prompt_input_exit');
    // The session open now and its log (the session may switch in place with /resume).
    const { sessionId } = h.session.settings.info;
    // Measured on Claude Code 2.1.197: SessionStart and SessionEnd leave permission_mode out.
    const common = { session_id: sessionId, transcript_path: sessionLogPath(join(h.home, 'sessions'), sessionId), cwd: d.dir };
    const base = { ...common, permission_mode: 'bypassPermissions' };
    expect(d.inputs('SessionStart')).toEqual([{ ...common, hook_event_name: 'SessionStart', source: 'startup', model: 'test-model' }]);
    expect(d.inputs('UserPromptSubmit')).toEqual([{ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'say hi' }]);
    expect(d.inputs('PreToolUse')).toEqual([{ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'call-1' }]);
    const post = d.inputs('PostToolUse');
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({ ...base, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'call-1' });
    expect((post[0].tool_response as { content: string; is_error: boolean }).content).toContain('hi');
    expect((post[0].tool_response as { is_error: boolean }).is_error).toBe(false);
    expect(post[0].duration_ms).toEqual(expect.any(Number));
    expect(d.inputs('Stop')).toEqual([{ ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'finished', background_tasks: [], session_crons: [] }]);
    expect(d.inputs('SessionEnd')).toEqual([{ ...common, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' }]);
  });

  it('sends Edit\'s file_path, old_string and new_string, and runs the hooks a matcher selects by either name', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      PreToolUse: [
        { matcher: 'Edit|Write', hooks: [{ type: 'command', command: capture(d, 'claudeName') }] },
        { matcher: 'edit_file', hooks: [{ type: 'command', command: capture(d, 'reinName') }] },
        { matcher: '^Ba.*', hooks: [{ type: 'command', command: capture(d, 'bashOnly') }] },
        { matcher: '*', hooks: [{ type: 'command', command: capture(d, 'all') }] },
      ],
    });
    h = makeHarness([
      { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } }] },
      { text: 'done' },
    ], { hooks });
    writeFileSync(join(h.workspace, 'a.txt'), 'one\n');
    await runPrompt(h.session, 'edit');
    // Claude Code's file paths are absolute (here against the hooks' cwd, the test's own folder).
    const edit = { tool_name: 'Edit', tool_input: { file_path: join(d.dir, 'a.txt'), old_string: 'one', new_string: 'two' } };
    expect(d.inputs('claudeName')).toMatchObject([edit]);
    expect(d.inputs('reinName')).toMatchObject([edit]);
    expect(d.inputs('bashOnly')).toEqual([]);
    expect(d.inputs('all').map((i) => i.tool_name)).toEqual(['Read', 'Edit']);
    expect(d.inputs('all')[0].tool_input).toEqual({ file_path: join(d.dir, 'a.txt') });
  });

  it('runs Notification when an approval is needed, PreCompact before /compact, and SubagentStop when a subagent ends', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { ...on('Notification', capture(d, 'Notification')), ...on('PreCompact', capture(d, 'PreCompact'), 'manual'), ...on('SubagentStop', capture(d, 'SubagentStop')) });
    h = makeHarness((request) => {
      if (request.system.startsWith('You are a subagent of rein')) return { text: 'child answer' };
      if (request.system.includes('summar') && request.tools.length === 0) return { text: 'a summary' };
      const texts = allText(request);
      if (texts.includes('first') && request.messages.length === 1) return { toolCalls: [{ name: 'bash', input: { command: 'echo ask-me' } }] };
      if (texts.includes('second') && request.messages.at(-1)?.content.some((b) => b.type === 'text' && b.text.includes('second'))) {
        return { toolCalls: [{ name: 'task', input: { description: 'look', prompt: 'look around', subagent_type: 'explore' } }] };
      }
      return { text: 'ok' };
    }, { hooks, mode: 'ask', approvalNotifyMs: 50, agents: { definitions: [...builtinAgents], maxParallel: 2, maxTurns: 5 } });
    // The approval is answered only once the notification about it has come (an approval left waiting).
    await runPrompt(h.session, 'first', undefined, (event) => {
      if (event.type === 'approval_request') void expect.poll(() => d.inputs('Notification').length, { timeout: 30_000 }).toBe(1).then(() => h?.session.runs.respond(event.approvalId, { kind: 'yes' }));
    });
    expect(d.inputs('Notification')[0]).toMatchObject({ hook_event_name: 'Notification', message: 'rein needs your permission to use Bash', notification_type: 'permission_prompt' });
    await runPrompt(h.session, 'second', () => ({ kind: 'yes' }));
    // An approval answered at once notifies nobody.
    expect(d.inputs('Notification')).toHaveLength(1);
    expect(d.inputs('SubagentStop')).toMatchObject([{ hook_event_name: 'SubagentStop', stop_hook_active: false, last_assistant_message: 'child answer', agent_type: 'explore', agent_id: expect.stringMatching(/^agent/) }]);
    await runPrompt(h.session, 'third');
    await h.session.runs.compact('keep the names');
    expect(d.inputs('PreCompact')).toMatchObject([{ hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'keep the names' }]);
  });

  it('says "waiting for your input" once an interactive session has been idle after a run', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { Notification: [
      { hooks: [{ type: 'command', command: capture(d, 'Notification') }] },
      { matcher: 'permission_prompt', hooks: [{ type: 'command', command: capture(d, 'permissionOnly') }] },
    ] });
    h = makeHarness([{ text: 'done' }], { hooks, idleNotifyMs: 10 });
    await runPrompt(h.session, 'go');
    await expect.poll(() => d.inputs('Notification').map((i) => [i.message, i.notification_type])).toEqual([['rein is waiting for your input', 'idle_prompt']]);
    expect(d.inputs('permissionOnly')).toEqual([]);
  });
});

describe('exit codes', () => {
  it('UserPromptSubmit: exit 0 adds stdout to the newest user turn, exit 2 refuses the prompt with stderr, other codes warn and go on', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('UserPromptSubmit', d.script('prompt', `
input=$(cat)
case "$input" in
  *secret*) echo "prompts must not contain secrets" >&2; exit 2 ;;
  *broken*) echo "lint crashed" >&2; exit 3 ;;
  *) echo "branch: main" ;;
esac`)));
    h = makeHarness([{ text: 'one' }, { text: 'two' }], { hooks });
    const first = await runPrompt(h.session, 'hello');
    expect(runEnd(first).reason).toBe('done');
    expect(userTexts(h.provider.requests[0])).toEqual(['hello', '<system-reminder>\nbranch: main\n</system-reminder>', expect.stringContaining('date')]);
    // The system prompt never carries it: the request prefix stays as it was.
    expect(h.provider.requests[0].system).not.toContain('branch: main');

    const refused = await runPrompt(h.session, 'my secret is 42');
    expect(runEnd(refused).reason).toBe('blocked');
    expect(runEnd(refused).error).toContain('prompts must not contain secrets');
    expect(hookEvents(refused)).toMatchObject([{ event: 'UserPromptSubmit', outcome: 'blocked', message: 'prompts must not contain secrets' }]);
    expect(h.provider.requests).toHaveLength(1);
    expect(h.session.conversation.history().some((m) => JSON.stringify(m).includes('my secret'))).toBe(false);

    const warned = await runPrompt(h.session, 'broken');
    expect(runEnd(warned).reason).toBe('done');
    expect(hookEvents(warned)).toMatchObject([{ event: 'UserPromptSubmit', outcome: 'failed', message: 'exited with code 3: lint crashed' }]);
    expect(h.provider.requests).toHaveLength(2);
  });

  it('PreToolUse: exit 2 refuses the call with stderr as the reason; another code warns and the call runs', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreToolUse', d.script('guard', `
cmd=$(jq -r .tool_input.command)
if [[ "$cmd" == *rm* ]]; then echo "no rm here: use trash" >&2; exit 2; fi
exit 1`), 'Bash'));
    h = makeHarness([
      { toolCalls: [{ name: 'bash', input: { command: 'rm -f notes.txt' } }, { name: 'bash', input: { command: 'echo kept' } }] },
      { text: 'done' },
    ], { hooks });
    writeFileSync(join(h.workspace, 'notes.txt'), 'x');
    const events = await runPrompt(h.session, 'clean');
    const results = lastToolResults(h.provider.requests[1]);
    expect(results[0]).toBe('A PreToolUse hook refused this bash call: no rm here: use trash');
    expect(results[1]).toContain('kept');
    expect(hookEvents(events).map((e) => [e.outcome, e.message])).toEqual([['blocked', 'no rm here: use trash'], ['failed', 'exited with code 1']]);
  });

  it('PostToolUse: exit 2 tells the model stderr after the call; exit 0 output is not added', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostToolUse', d.script('post', `
if jq -e '.tool_input.command == "echo bad"' >/dev/null; then echo "formatter found 2 problems" >&2; exit 2; fi
echo "all good"`)));
    h = makeHarness([
      { toolCalls: [{ name: 'bash', input: { command: 'echo bad' } }, { name: 'bash', input: { command: 'echo fine' } }] },
      { text: 'done' },
    ], { hooks });
    const events = await runPrompt(h.session, 'go');
    const texts = allText(h.provider.requests[1]);
    expect(texts).toContain('PostToolUse hook feedback on bash:\nformatter found 2 problems');
    expect(texts).not.toContain('all good');
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('bad');
    expect(hookEvents(events)).toMatchObject([{ event: 'PostToolUse', outcome: 'blocked' }]);
  });

  it('Stop: exit 2 makes the model continue with stderr; a hook that lets it stop once stop_hook_active is true ends the run', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('Stop', d.script('stop', 'input=$(cat); echo "$input" >> "$D/Stop.jsonl"; jq -e .stop_hook_active <<<"$input" >/dev/null && exit 0; echo "run the tests first" >&2; exit 2')));
    h = makeHarness([{ text: 'done early' }, { text: 'tests pass, done' }, { text: 'never asked' }], { hooks });
    const events = await runPrompt(h.session, 'fix it');
    expect(runEnd(events).reason).toBe('done');
    expect(runEnd(events).text).toBe('tests pass, done');
    expect(h.provider.requests).toHaveLength(2);
    expect(allText(h.provider.requests[1])).toContain('run the tests first');
    expect(d.inputs('Stop').map((i) => i.stop_hook_active)).toEqual([false, true]);
  });

  it('Stop: a hook that always blocks sends the model back eight times in a row, then the turn ends with a warning', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('Stop', capture(d, 'Stop', 'echo "not yet" >&2; exit 2')));
    h = makeHarness(() => ({ text: 'done' }), { hooks });
    const events = await runPrompt(h.session, 'fix it');
    expect(runEnd(events).reason).toBe('done');
    expect(h.provider.requests).toHaveLength(9);
    expect(d.inputs('Stop').map((i) => i.stop_hook_active)).toEqual([false, ...Array(8).fill(true)]);
    expect(events.some((e) => e.type === 'warning' && e.message.includes('9 times in a row'))).toBe(true);
  });

  it('SessionStart: exit 0 stdout is context for the first message; events that cannot block only warn on exit 2', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, {
      ...on('SessionStart', d.script('start', 'echo "open issues: 3"')),
      ...on('Notification', d.script('notify', 'echo "no display" >&2; exit 2')),
      ...on('SessionEnd', capture(d, 'end', 'exit 2')),
    });
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo x' } }] }, { text: 'done' }, { text: 'again' }], { hooks, mode: 'ask', approvalNotifyMs: 10 });
    const seen: AgentEvent[] = [];
    h.session.runs.subscribe((e) => seen.push(e));
    const events = await runPrompt(h.session, 'go', undefined, (event) => {
      if (event.type === 'approval_request') void expect.poll(() => hookEvents(seen).length, { timeout: 30_000 }).toBe(1).then(() => h?.session.runs.respond(event.approvalId, { kind: 'yes' }));
    });
    expect(runEnd(events).reason).toBe('done');
    expect(userTexts(h.provider.requests[0])).toContain('<system-reminder>\nopen issues: 3\n</system-reminder>');
    await expect.poll(() => hookEvents(seen).map((e) => [e.event, e.outcome, e.message])).toEqual([['Notification', 'failed', 'exited with code 2: no display']]);
    await runPrompt(h.session, 'more');
    // Once per conversation.
    expect(userTexts(h.provider.requests[2]).filter((t) => t.includes('open issues'))).toHaveLength(1);
    await h.session.close();
    expect(d.inputs('end')).toHaveLength(1);
  });
});
