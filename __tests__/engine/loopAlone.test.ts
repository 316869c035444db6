// The agent loop on its own, without a session around it: what it is given (LoopOptions) is all it needs to run a
// task to the end, to keep the permission policy, and to stop on an abort.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contextTuning } from '../../source/config/defaults.js';
import { ApprovalBroker } from '../../source/engine/approvals.js';
import { ContextManager } from '../../source/engine/contextManager.js';
import { Conversation, validateHistory } from '../../source/engine/history.js';
import { runAgentLoop } from '../../source/engine/loop.js';
import type { LoopOptions } from '../../source/engine/loopOptions.js';
import { PermissionPolicy } from '../../source/permissions/policy.js';
import { shellParserRequested } from '../../source/permissions/shellParser.js';
import type { AgentEvent, PermissionMode } from '../../source/protocol/events.js';
import { createScriptedProvider, type ScriptedTurn } from '../../source/providers/scripted.js';
import { BackgroundTasks } from '../../source/tools/background.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { FileState } from '../../source/tools/fileState.js';
import { ToolRegistry } from '../../source/tools/runner.js';
import { defineTool, textResult } from '../../source/tools/types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function loopOptions(script: ScriptedTurn[], mode: PermissionMode, extra: Partial<LoopOptions> = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'rein-loop-'));
  dirs.push(workspace);
  writeFileSync(join(workspace, 'math.js'), 'export const add = (a, b) => a - b;\n');
  const provider = createScriptedProvider(script);
  const registry = new ToolRegistry(builtinTools);
  const history = new Conversation();
  const options: LoopOptions = {
    runId: 'run-1', prompt: 'fix add', provider, system: 'You are a coding agent.', tools: registry.schemas(), history,
    model: 'test-model', maxTokens: 1000, maxTurns: 10,
    context: new ContextManager({ window: 100_000, ...contextTuning(), fixedWindow: true }, () => ({ provider, model: 'test-model', maxTokens: 1000 })),
    mode: () => mode, reminders: () => [], onUsage: (usage) => usage,
    registry, rules: new PermissionPolicy({ rules: [], workspace }), broker: new ApprovalBroker(), interactive: false,
    cwd: workspace, workspace, signal: new AbortController().signal,
    state: { files: new FileState(), todos: [], background: new BackgroundTasks(), sessionDir: join(workspace, '.session'), extraReadableRoots: [] },
    ...extra,
  };
  return { options, provider, history, workspace };
}

async function collect(loop: AsyncGenerator<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of loop) events.push(event);
  return events;
}

const runEnd = (events: AgentEvent[]) => events.find((e): e is Extract<AgentEvent, { type: 'run_end' }> => e.type === 'run_end');

describe('runAgentLoop alone', () => {
  it('reads, edits and answers: the file is fixed, the history holds every turn, each request carries the results before it', async () => {
    const { options, provider, history, workspace } = loopOptions([
      { toolCalls: [{ id: 'r1', name: 'read_file', input: { path: 'math.js' } }] },
      { toolCalls: [{ id: 'e1', name: 'edit_file', input: { path: 'math.js', old_string: 'a - b', new_string: 'a + b' } }] },
      { text: 'add now adds.' },
    ], 'auto-edit');
    const events = await collect(runAgentLoop(options));

    expect(readFileSync(join(workspace, 'math.js'), 'utf8')).toBe('export const add = (a, b) => a + b;\n');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'add now adds.', turns: 3 });
    expect(events.filter((e) => e.type === 'tool_end').map((e) => e.type === 'tool_end' && [e.name, e.result.isError ?? false])).toEqual([['read_file', false], ['edit_file', false]]);
    expect(provider.requests).toHaveLength(3);
    // The second request answers the read with the file's text; the third answers the edit.
    const results = (i: number) => JSON.stringify(provider.requests[i].messages.at(-1));
    expect(results(1)).toContain('a - b');
    expect(results(2)).toContain('e1');
    expect(validateHistory(history.messages)).toBeUndefined();
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('keeps the policy: headless in ask mode, an edit is refused, the model hears why, and the file stays', async () => {
    const { options, provider, workspace } = loopOptions([
      { toolCalls: [{ id: 'e1', name: 'edit_file', input: { path: 'math.js', old_string: 'a - b', new_string: 'a + b' } }] },
      { text: 'I could not edit it.' },
    ], 'ask');
    const events = await collect(runAgentLoop(options));

    expect(readFileSync(join(workspace, 'math.js'), 'utf8')).toContain('a - b');
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ name: 'edit_file', denied: true, result: { isError: true } });
    expect(JSON.stringify(provider.requests[1].messages.at(-1))).toMatch(/denied|not allowed|permission/i);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'I could not edit it.' });
  });

  it('stops on an abort mid-stream: the run ends aborted and no further request is sent', async () => {
    const controller = new AbortController();
    const { options, provider } = loopOptions([
      { text: 'a long answer that streams slowly '.repeat(20), delayMs: 5 },
      { text: 'never asked for' },
    ], 'auto-edit', { signal: controller.signal });
    const events: AgentEvent[] = [];
    for await (const event of runAgentLoop(options)) {
      events.push(event);
      if (event.type === 'text_delta' && !controller.signal.aborted) controller.abort();
    }
    expect(runEnd(events)?.reason).toBe('aborted');
    expect(provider.requests).toHaveLength(1);
  });

  it('starts loading the bash grammar as a bash call begins, while its arguments stream, and not for other calls', async () => {
    const { options } = loopOptions([
      { toolCalls: [{ id: 'r1', name: 'read_file', input: { path: 'math.js' } }] },
      { toolCalls: [{ id: 'b1', name: 'bash', input: { command: 'echo hi' } }] },
      { text: 'done' },
    ], 'yolo');
    const requestedAt: Record<string, boolean> = {};
    const events: AgentEvent[] = [];
    for await (const event of runAgentLoop(options)) {
      events.push(event);
      // Seen as the event arrives, before the call's arguments are complete and its round judges it.
      if (event.type === 'tool_call_start') requestedAt[event.name] = shellParserRequested();
    }
    expect(requestedAt).toEqual({ read_file: false, bash: true });
    expect(events.find((e) => e.type === 'tool_end' && e.name === 'bash')).toMatchObject({ result: { isError: false } });
  });

  it("calls a tool's own prepare as its call begins, before the call is complete", async () => {
    let prepared = 0;
    const probe = defineTool<Record<string, never>>({
      name: 'probe', description: 'probe', inputSchema: { type: 'object', properties: {} }, readOnly: true,
      prepare: () => { prepared += 1; },
      execute: async () => textResult(`prepared ${prepared} time(s) before it ran`),
    });
    const registry = new ToolRegistry([...builtinTools, probe]);
    const { options, provider } = loopOptions([{ toolCalls: [{ id: 'p1', name: 'probe', input: {} }] }, { text: 'done' }], 'yolo', { registry, tools: registry.schemas() });
    let preparedAtStart = -1;
    for await (const event of runAgentLoop(options)) if (event.type === 'tool_call_start') preparedAtStart = prepared;
    expect(preparedAtStart).toBe(1);
    expect(JSON.stringify(provider.requests[1].messages.at(-1))).toContain('prepared 1 time(s) before it ran');
  });
});
