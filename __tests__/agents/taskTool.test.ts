// The task tool end to end on the scripted provider: tool sets, answers, parallel children, approvals, aborts, failures.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import { createScriptedProvider, type ScriptedTurn } from '../../source/providers/scripted.js';
import type { Provider, ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const agents = (maxTurns = 30, maxParallel = 4) => ({ definitions: [...builtinAgents], maxParallel, maxTurns });
/** The brief a child was started with: the first user message of its conversation. */
const briefOf = (request: ProviderRequest): string => {
  const first = request.messages[0];
  return first.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
};
const isChild = (request: ProviderRequest) => request.system.startsWith('You are a subagent of rein');
const toolNames = (request: ProviderRequest) => request.tools.map((t) => t.name).sort();
const taskCall = (type: string, prompt: string, id?: string) => ({ ...(id ? { id } : {}), name: 'task', input: { description: `${type} job`, prompt, subagent_type: type } });

describe('the task tool', () => {
  it('gives each built-in type exactly its tools, never task, and returns only the final text with a footer', async () => {
    const childTools: Record<string, string[]> = {};
    h = makeHarness((request) => {
      if (isChild(request)) {
        const type = briefOf(request).match(/as (\w+)/)?.[1] ?? '?';
        childTools[type] = toolNames(request);
        return { text: `answer from ${type}`, usage: { inputTokens: 100, outputTokens: 20 } };
      }
      if (request.messages.length === 1) {
        return { toolCalls: ['explore', 'plan', 'verification', 'general'].map((type) => taskCall(type, `work as ${type}`)) };
      }
      return { text: 'all done', usage: { inputTokens: 10, outputTokens: 5 } };
    }, { agents: agents() });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    expect(childTools.explore).toEqual(['glob', 'grep', 'read_file']);
    expect(childTools.plan).toEqual(['glob', 'grep', 'read_file']);
    expect(childTools.verification).toEqual(['bash', 'glob', 'grep', 'read_file']);
    expect(childTools.general).not.toContain('task');
    expect(childTools.general).toEqual(expect.arrayContaining(['bash', 'edit_file', 'write_file', 'todo_write']));
    // The parent offers task with the four types as its enum.
    const parentTask = h.provider.requests[0].tools.find((t) => t.name === 'task');
    expect((parentTask?.inputSchema as { properties: { subagent_type: { enum: string[] } } }).properties.subagent_type.enum).toEqual(['explore', 'plan', 'verification', 'general']);
    const results = lastToolResults(h.provider.requests.at(-1) as ProviderRequest);
    expect(results).toHaveLength(4);
    expect(results[0]).toMatch(/^answer from explore\n\n\[explore subagent: 1 turn, 120 tokens, \d+\.\d s\]$/);
    expect(results[3]).toMatch(/^answer from general\n\n\[general subagent: 1 turn/);
    // Children's tokens count in the session's usage: 4 × 120 + the parent's 15.
    expect(h.session.inspection.totalUsage().inputTokens + h.session.inspection.totalUsage().outputTokens).toBe(4 * 120 + 15);
    expect(h.invalidRequests).toEqual([]);
  });

  it('a call to a tool outside the child type is an unknown-tool error for the child', async () => {
    h = makeHarness((request) => {
      if (isChild(request)) {
        return request.messages.length === 1
          ? { toolCalls: [{ name: 'write_file', input: { path: 'x.txt', content: 'no' } }] }
          : { text: `saw: ${lastToolResults(request)[0]}` };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'look around')] } : { text: 'ok' };
    }, { agents: agents() });
    await runPrompt(h.session, 'go');
    const answer = lastToolResults(h.provider.requests.at(-1) as ProviderRequest)[0];
    expect(answer).toMatch(/saw: .*[Uu]nknown tool/);
    expect(() => readFileSync(join(h!.workspace, 'x.txt'))).toThrow();
  });

  it('runs the task calls of one message side by side and returns their results in call order', async () => {
    const seen: string[] = [];
    let release: () => void = () => {};
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const scripted = createScriptedProvider((request) => {
      if (isChild(request)) {
        const who = briefOf(request).includes('child A') ? 'A' : 'B';
        return request.messages.length === 1 ? { toolCalls: [{ name: 'glob', input: { pattern: '*.none' } }] } : { text: `done ${who}` };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'child A'), taskCall('explore', 'child B')] } : { text: 'ok' };
    });
    // A's first reply waits until B has asked too: run one after the other, the test would wait out the deadline.
    const gated: Provider = {
      name: 'scripted',
      async *stream(request, signal) {
        if (isChild(request)) {
          const who = briefOf(request).includes('child A') ? 'A' : 'B';
          seen.push(`${who}${request.messages.length}`);
          if (seen.filter((s) => s.endsWith('1')).length === 2) release();
          if (who === 'A' && request.messages.length === 1) await Promise.race([bothStarted, new Promise((r) => setTimeout(r, 5000))]);
        }
        yield* scripted.stream(request, signal);
      },
    };
    h = makeHarness([], { agents: agents(), provider: gated });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    expect(seen.indexOf('B1')).toBeLessThan(seen.indexOf('A3'));
    expect(seen.slice(0, 2).sort()).toEqual(['A1', 'B1']);
    const results = lastToolResults(scripted.requests.at(-1) as ProviderRequest);
    expect(results.map((r) => r.split('\n')[0])).toEqual(['done A', 'done B']);
  });

  it('keeps to agents.maxParallel: with a limit of one, the second child starts after the first ended', async () => {
    const seen: string[] = [];
    h = makeHarness((request) => {
      if (isChild(request)) {
        const who = briefOf(request).includes('child A') ? 'A' : 'B';
        seen.push(`${who}${request.messages.length}`);
        return request.messages.length === 1 ? { toolCalls: [{ name: 'glob', input: { pattern: '*.none' } }] } : { text: `done ${who}` };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'child A'), taskCall('explore', 'child B')] } : { text: 'ok' };
    }, { agents: agents(30, 1) });
    await runPrompt(h.session, 'go');
    expect(seen).toEqual(['A1', 'A3', 'B1', 'B3']);
  });

  it("routes a child's approval through the session's broker, saying who asks", async () => {
    h = makeHarness((request) => {
      if (isChild(request)) {
        return request.messages.length === 1 ? { toolCalls: [{ name: 'bash', input: { command: 'echo ran > out.txt' } }] } : { text: `result: ${lastToolResults(request)[0]}` };
      }
      return request.messages.length === 1 ? { toolCalls: [{ ...taskCall('verification', 'run it'), input: { description: 'run the tests', prompt: 'run it', subagent_type: 'verification' } }] } : { text: 'ok' };
    }, { agents: agents(), mode: 'ask' });
    const asked: AgentEvent[] = [];
    const unsubscribe = h.session.runs.subscribe((event) => {
      if (event.type === 'approval_request') {
        asked.push(event);
        h!.session.runs.respond(event.approvalId, { kind: 'yes' });
      }
    });
    await runPrompt(h.session, 'go');
    unsubscribe();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ name: 'bash', requester: 'verification · run the tests', agentId: expect.stringMatching(/^agent/) });
    expect(readFileSync(join(h.workspace, 'out.txt'), 'utf8').trim()).toBe('ran');
  });

  it('Esc stops the parent and a hanging child; every history stays valid', async () => {
    h = makeHarness((request) => {
      if (isChild(request)) return request.messages.length === 1 ? { toolCalls: [{ name: 'bash', input: { command: 'sleep 30' } }] } : { text: 'never' };
      return request.messages.length === 1 ? { toolCalls: [taskCall('general', 'wait a long time')] } : { text: 'after' };
    }, { agents: agents() });
    const events = await runPrompt(h.session, 'go', undefined, (event) => {
      if (event.type === 'tool_progress') h!.session.runs.abort();
    });
    expect(runEnd(events).reason).toBe('aborted');
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
    const taskResult = h.session.conversation.history().at(-1)?.content.find((b) => b.type === 'tool_result');
    expect(taskResult).toMatchObject({ isError: true });
    // The next prompt goes out with a valid history.
    await runPrompt(h.session, 'again');
    expect(h.invalidRequests).toEqual([]);
  });

  it("turns a child's failure into an error result; the session goes on", async () => {
    h = makeHarness((request) => {
      if (isChild(request)) return { error: { kind: 'server', message: 'The server failed.' } } as ScriptedTurn;
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'look')] } : { text: 'handled it' };
    }, { agents: agents() });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'handled it' });
    const result = h.session.conversation.history().find((m) => m.content.some((b) => b.type === 'tool_result'))?.content.find((b) => b.type === 'tool_result');
    expect(result).toMatchObject({ isError: true });
    expect(JSON.stringify(result)).toContain('The explore subagent failed: The server failed.');
  });

  it('at agents.maxTurns asks the child for its answer once, then stops it', async () => {
    let wrapUpSeen = false;
    h = makeHarness((request) => {
      if (isChild(request)) {
        const last = JSON.stringify(request.messages.at(-1));
        if (last.includes('reached your turn limit')) {
          wrapUpSeen = true;
          return { text: 'what I found so far' };
        }
        return { toolCalls: [{ name: 'glob', input: { pattern: `*.${request.messages.length}` } }] };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'loop')] } : { text: 'ok' };
    }, { agents: agents(2) });
    await runPrompt(h.session, 'go');
    expect(wrapUpSeen).toBe(true);
    const result = lastToolResults(h.provider.requests.at(-1) as ProviderRequest)[0];
    expect(result).toMatch(/^what I found so far\n\n\[explore subagent: 3 turns/);
  });

  it("refuses a child's edit of a file another child changed after it read it", async () => {
    let bEdited: () => void = () => {};
    const bDone = new Promise<void>((resolve) => (bEdited = resolve));
    const scripted = createScriptedProvider((request) => {
      if (isChild(request)) {
        const who = briefOf(request).includes('child A') ? 'A' : 'B';
        const step = request.messages.length;
        if (step === 1) return { toolCalls: [{ name: 'read_file', input: { path: 'f.txt' } }] };
        if (step === 3) return { toolCalls: [{ name: 'edit_file', input: { path: 'f.txt', old_string: 'one', new_string: who } }] };
        return { text: `${who}: ${lastToolResults(request)[0]}` };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall('general', 'child A'), taskCall('general', 'child B')] } : { text: 'ok' };
    });
    const gated: Provider = {
      name: 'scripted',
      async *stream(request, signal) {
        if (isChild(request)) {
          const who = briefOf(request).includes('child A') ? 'A' : 'B';
          if (who === 'B' && request.messages.length === 5) bEdited();
          // A edits only after B's edit has landed.
          if (who === 'A' && request.messages.length === 3) await Promise.race([bDone, new Promise((r) => setTimeout(r, 5000))]);
        }
        yield* scripted.stream(request, signal);
      },
    };
    h = makeHarness([], { agents: agents(), provider: gated });
    writeFileSync(join(h.workspace, 'f.txt'), 'one\n');
    await runPrompt(h.session, 'go');
    const [a, b] = lastToolResults(scripted.requests.at(-1) as ProviderRequest);
    expect(b).toMatch(/^B: /);
    expect(a).toMatch(/^A: .*(changed|modified)/i);
    expect(readFileSync(join(h.workspace, 'f.txt'), 'utf8')).toBe('B\n');
  });
});

describe('background subagents', () => {
  const untilTask = async (harness: Harness, status: string) => {
    for (let i = 0; i < 400; i++) {
      if (harness.session.tasks.backgroundTasks().some((t) => t.status === status)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no background task reached ${status}`);
  };

  it('returns an id at once; the answer reaches the parent in a later request as a reminder', async () => {
    h = makeHarness((request) => {
      if (isChild(request)) return { text: 'the child answer' };
      const last = JSON.stringify(request.messages.at(-1));
      if (request.messages.length === 1) return { toolCalls: [{ name: 'task', input: { description: 'look around', prompt: 'child A', subagent_type: 'explore', run_in_background: true } }] };
      return { text: last.includes('the child answer') ? 'got it' : 'waiting' };
    }, { agents: agents() });
    await runPrompt(h.session, 'go');
    const started = lastToolResults(h.provider.requests.filter((r) => !isChild(r))[1])[0];
    expect(started).toMatch(/^Started the explore subagent in the background as bg1\./);
    await untilTask(h, 'exited');
    await runPrompt(h.session, 'anything new?');
    const reminded = h.provider.requests.filter((r) => !isChild(r) && JSON.stringify(r.messages.at(-1)).includes('bg1 (explore subagent: look around) ended. Its answer:\\nthe child answer'));
    expect(reminded).toHaveLength(1);
    expect(h.invalidRequests).toEqual([]);
  });

  it('kill_task stops a background subagent, and so does Esc', async () => {
    h = makeHarness((request) => {
      if (isChild(request)) return { text: 'working', hang: true };
      if (request.messages.length === 1) return { toolCalls: [{ name: 'task', input: { description: 'wait', prompt: 'child A', subagent_type: 'explore', run_in_background: true } }, { name: 'task', input: { description: 'wait too', prompt: 'child B', subagent_type: 'explore', run_in_background: true } }] };
      return { text: 'ok' };
    }, { agents: agents() });
    await runPrompt(h.session, 'go');
    await h.session.tasks.killTask('bg1');
    expect(h.session.tasks.backgroundTasks().find((t) => t.taskId === 'bg1')?.status).toBe('killed');
    expect(h.session.tasks.backgroundTasks().find((t) => t.taskId === 'bg2')?.status).toBe('running');
    h.session.runs.abort();
    await untilTask(h, 'killed');
    for (let i = 0; i < 400 && h.session.tasks.backgroundTasks().some((t) => t.status === 'running'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(h.session.tasks.backgroundTasks().map((t) => t.status)).toEqual(['killed', 'killed']);
  });
});

describe('subagent events in the store', () => {
  it("prices a child's tokens in the session's cost without taking over its context or totals", async () => {
    const { applyEvent } = await import('../../source/store/applyEvent.js');
    const { initialState } = await import('../../source/store/state.js');
    h = makeHarness((request) => {
      if (isChild(request)) return { text: 'child answer', usage: { inputTokens: 1_000_000, outputTokens: 0 } };
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'look')] } : { text: 'ok', usage: { inputTokens: 1_000_000, outputTokens: 0 } };
    }, { agents: agents(), model: 'claude-sonnet-4-6' });
    let state = initialState(h.session.settings.info);
    const take = (event: AgentEvent) => {
      state = applyEvent(state, event);
    };
    const unsubscribe = h.session.runs.subscribe(take);
    await runPrompt(h.session, 'go');
    unsubscribe();
    // 1M prompt tokens for the child and 1M for the parent at $3/M.
    expect(state.cost).toBeCloseTo(6, 6);
    expect(state.usage.inputTokens).toBe(2_000_000);
    // The child's run_end did not end the session's run on screen, and no child message became a transcript item.
    expect(state.transcript.filter((i) => i.kind === 'assistant').map((i) => (i as { text: string }).text)).toEqual(['ok']);
  });
});

describe("a subagent's conversation on disk", () => {
  it('is appended to a log under the session folder, readable like a session log', async () => {
    const { SessionLog, loadSession } = await import('../../source/sessionLog/index.js');
    const { readdirSync } = await import('node:fs');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const sessionsDir = mkdtempSync(join(tmpdir(), 'rein-agentlog-'));
    const log = SessionLog.create({ sessionsDir, meta: { sessionId: 's1', cwd: '/w', provider: 'scripted', model: 'test-model', startedAt: new Date().toISOString() } });
    h = makeHarness((request) => {
      if (isChild(request)) return { text: 'the child answer' };
      return request.messages.length === 1 ? { toolCalls: [taskCall('explore', 'find the thing')] } : { text: 'ok' };
    }, { agents: agents(), log, sessionsDir, sessionId: 's1' });
    await runPrompt(h.session, 'go');
    const agentsDir = join(sessionsDir, 's1', 'agents');
    const [agentId] = readdirSync(agentsDir);
    expect(agentId).toMatch(/^agent/);
    const child = loadSession(join(agentsDir, agentId, 'log.jsonl'));
    expect(child.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(child.history[0])).toContain('find the thing');
    expect(JSON.stringify(child.history[1])).toContain('the child answer');
    const { rmSync } = await import('node:fs');
    rmSync(sessionsDir, { recursive: true, force: true });
  });
});

describe('a custom agent type', () => {
  it('runs on the model its file names, with exactly its tools and its own prompt', async () => {
    const docs = { name: 'docs', description: 'Writes docs', tools: ['read_file', 'write_file'], model: 'small-model', systemPrompt: 'You are a subagent of rein. You write docs.', source: '/x/docs.md' };
    h = makeHarness((request) => {
      if (isChild(request)) return { text: 'docs written' };
      return request.messages.length === 1 ? { toolCalls: [taskCall('docs', 'write them')] } : { text: 'ok' };
    }, { agents: { definitions: [...builtinAgents, docs], maxParallel: 4, maxTurns: 30 } });
    await runPrompt(h.session, 'go');
    const child = h.provider.requests.find(isChild) as ProviderRequest;
    expect(child.options.model).toBe('small-model');
    expect(toolNames(child)).toEqual(['read_file', 'write_file']);
    expect(child.system).toContain('You write docs.');
    expect(h.provider.requests[0].options.model).toBe('test-model');
  });
});
