import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { defineTool, textResult, type AnyTool } from '../../source/tools/types.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** A tool that waits until `expected` calls are inside it at once (or gives up), and reports what it saw. */
function barrierTool(name: string, readOnly: boolean, expected: number) {
  let inside = 0;
  let maxInside = 0;
  let release: (() => void) | undefined;
  const allArrived = new Promise<void>((resolve) => { release = resolve; });
  const tool: AnyTool = defineTool<{ id: string }>({
    name,
    description: 'test tool',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    readOnly,
    async execute(args) {
      inside += 1;
      maxInside = Math.max(maxInside, inside);
      if (inside === expected) release?.();
      // Waits for the others; if calls run one at a time the wait ends by itself.
      await Promise.race([allArrived, new Promise((r) => setTimeout(r, 300))]);
      inside -= 1;
      return textResult(`result ${args.id}`);
    },
  });
  return { tool, maxInside: () => maxInside };
}

describe('tool scheduling', () => {
  it('runs read-only calls of one message side by side and returns results in call order', async () => {
    const probe = barrierTool('probe', true, 3);
    h = makeHarness([
      { toolCalls: ['a', 'b', 'c'].map((id) => ({ name: 'probe', input: { id } })) },
      { text: 'done' },
    ], { tools: [...builtinTools, probe.tool] });
    await runPrompt(h.session, 'go');
    expect(probe.maxInside()).toBe(3);
    expect(lastToolResults(h.provider.requests[1])).toEqual(['result a', 'result b', 'result c']);
  });

  it('runs mutating calls one at a time', async () => {
    const probe = barrierTool('mutate', false, 2);
    h = makeHarness([
      { toolCalls: ['a', 'b'].map((id) => ({ name: 'mutate', input: { id } })) },
      { text: 'done' },
    ], { tools: [...builtinTools, probe.tool] });
    await runPrompt(h.session, 'go');
    expect(probe.maxInside()).toBe(1);
    expect(lastToolResults(h.provider.requests[1])).toEqual(['result a', 'result b']);
  });

  it('answers unknown tools and bad arguments with error results the model can act on', async () => {
    h = makeHarness([
      { toolCalls: [{ name: 'no_such_tool', input: {} }, { name: 'read_file', input: { offset: 1 } }] },
      { text: 'ok' },
    ], { mode: 'ask' });
    const events = await runPrompt(h.session, 'go');
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    const [unknown, invalid] = lastToolResults(h.provider.requests[1]);
    expect(unknown).toMatch(/no_such_tool/);
    expect(invalid).toMatch(/path/);
    expect(h.invalidRequests).toEqual([]);
  });
});

describe('approvals', () => {
  const bashTwice = (first: string, second: string) => [
    { toolCalls: [{ name: 'bash', input: { command: first } }] },
    { toolCalls: [{ name: 'bash', input: { command: second } }] },
    { text: 'finished' },
  ];

  it('asks before a command in ask mode and runs it on yes', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo hi > out.txt' } }] }, { text: 'ok' }], { mode: 'ask' });
    const asked: AgentEvent[] = [];
    await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'yes' }; });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: 'approval_request', name: 'bash', summary: expect.stringContaining('echo hi'), cwd: h.workspace });
    expect(readFileSync(join(h.workspace, 'out.txt'), 'utf8')).toBe('hi\n');
  });

  it('sends a denial and its reason back to the model', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'rm -rf build' } }] }, { text: 'ok' }], { mode: 'ask' });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'no', reason: 'keep the build folder' }));
    const result = lastToolResults(h.provider.requests[1])[0];
    expect(result).toContain('declined');
    expect(result).toContain('keep the build folder');
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ result: { isError: true } });
  });

  it('shows the diff of an edit in the approval request and auto-approves edits in auto-edit mode', async () => {
    h = makeHarness([
      { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } }] },
      { text: 'edited' },
    ], { mode: 'ask' });
    writeFileSync(join(h.workspace, 'a.txt'), 'one\n');
    const asked: Extract<AgentEvent, { type: 'approval_request' }>[] = [];
    await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'yes' }; });
    expect(asked).toHaveLength(1);
    expect(asked[0].diff).toMatch(/-one/);
    expect(asked[0].diff).toMatch(/\+two/);
    expect(readFileSync(join(h.workspace, 'a.txt'), 'utf8')).toBe('two\n');
  });

  it('"always" covers later commands with the same prefix but never a compound command that adds another', async () => {
    h = makeHarness([
      ...bashTwice('git status', 'git status --short').slice(0, 2),
      { toolCalls: [{ name: 'bash', input: { command: 'git status && touch pwned' } }] },
      { text: 'finished' },
    ], { mode: 'ask' });
    const asked: string[] = [];
    await runPrompt(h.session, 'go', (e) => {
      asked.push(String(e.input.command));
      return asked.length === 1 ? { kind: 'always' } : { kind: 'no' };
    });
    expect(asked).toEqual(['git status', 'git status && touch pwned']);
    expect(existsSync(join(h.workspace, 'pwned'))).toBe(false);
  });

  it('refuses mutating tools in plan mode with a message naming plan mode', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'write_file', input: { path: 'n.txt', content: 'x' } }] }, { text: 'plan' }], { mode: 'plan' });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'yes' }));
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/plan mode/);
    expect(existsSync(join(h.workspace, 'n.txt'))).toBe(false);
  });

  it('denies calls that need approval when headless', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'touch x' } }] }, { text: 'ok' }], { mode: 'ask', interactive: false });
    const events = await runPrompt(h.session, 'go');
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(lastToolResults(h.provider.requests[1])[0]).toMatch(/headless/);
    expect(runEnd(events).reason).toBe('done');
  });

  it('a headless denial of a file write names auto-edit as a way in', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'write_file', input: { path: 'n.txt', content: 'x' } }] }, { text: 'ok' }], { mode: 'ask', interactive: false });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('--permission-mode auto-edit or yolo');
  });

  it('a mode change reaches the model as a reminder, not a new system prompt', async () => {
    h = makeHarness([{ text: 'a' }, { text: 'b' }], { mode: 'ask' });
    await runPrompt(h.session, 'one');
    h.session.settings.setMode('plan');
    await runPrompt(h.session, 'two');
    const [first, second] = h.provider.requests;
    expect(second.system).toBe(first.system);
    const last = second.messages[second.messages.length - 1];
    expect(JSON.stringify(last)).toMatch(/Permission mode: plan/);
  });
});

describe('reminders', () => {
  it('reports finished background tasks in the next request', async () => {
    let taskId = '';
    h = makeHarness((request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'bash', input: { command: 'echo bg-done', run_in_background: true } }] };
      if (index === 1) {
        taskId = /bg\d+/.exec(JSON.stringify(request.messages.at(-1)))?.[0] ?? '';
        return { text: 'waiting', delayMs: 0 };
      }
      return { text: 'seen' };
    });
    await runPrompt(h.session, 'start it');
    for (let i = 0; i < 50 && h.session.tasks.backgroundTasks().some((t) => t.status === 'running'); i++) await new Promise((r) => setTimeout(r, 20));
    await runPrompt(h.session, 'anything new?');
    expect(taskId).toMatch(/^bg\d+$/);
    const third = JSON.stringify(h.provider.requests[2].messages.at(-1));
    expect(third).toContain('<background-results>');
    expect(third).toContain(taskId);
  });

  it('reminds the model of open todos after 3 rounds without todo_write', async () => {
    h = makeHarness((_request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'todo_write', input: { todos: [{ content: 'Fix bug', status: 'in_progress', activeForm: 'Fixing bug' }] } }] };
      if (index < 6) return { toolCalls: [{ name: 'glob', input: { pattern: `*.n${index}` } }] };
      return { text: 'done' };
    });
    const events = await runPrompt(h.session, 'go');
    expect(events.some((e) => e.type === 'todos')).toBe(true);
    const withReminder = h.provider.requests.findIndex((r) => JSON.stringify(r.messages.at(-1)).includes('todo list has not been updated'));
    expect(withReminder).toBe(4);
  });
});
