// Fault suite, subagents: a child that loops on the same calls, or whose calls keep failing, is stopped and
// reported to the parent as an error result; the parent's run and history go on.
import { afterEach, describe, expect, it } from 'vitest';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import { validateHistory } from '../../source/engine/history.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const isChild = (request: ProviderRequest) => request.system.startsWith('You are a subagent of rein');
const taskCall = { name: 'task', input: { description: 'explore job', prompt: 'look around', subagent_type: 'explore' } };

describe('subagent faults', () => {
  it('a child that loops on the same two calls is stopped; the parent gets an error result and finishes', async () => {
    let childCalls = 0;
    h = makeHarness((request) => {
      if (isChild(request)) {
        childCalls += 1;
        return { toolCalls: [{ name: 'glob', input: { pattern: childCalls % 2 ? '*.a' : '*.b' } }] };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall] } : { text: 'parent carried on' };
    }, { agents: { definitions: [...builtinAgents], maxParallel: 4, maxTurns: 30 } });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'parent carried on' });
    expect(childCalls).toBe(10);
    const [result] = lastToolResults(h.provider.requests.at(-1) as ProviderRequest);
    expect(result).toMatch(/^The explore subagent kept repeating the same tool call and was stopped\./);
    expect(h.invalidRequests).toEqual([]);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('a child whose tool calls keep failing is stopped after 8; the parent gets an error result and finishes', async () => {
    let childCalls = 0;
    h = makeHarness((request) => {
      if (isChild(request)) {
        childCalls += 1;
        return { toolCalls: [{ name: 'read_file', input: { path: `missing-${childCalls}.txt` } }] };
      }
      return request.messages.length === 1 ? { toolCalls: [taskCall] } : { text: 'parent carried on' };
    }, { agents: { definitions: [...builtinAgents], maxParallel: 4, maxTurns: 30 } });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'parent carried on' });
    expect(childCalls).toBe(8);
    const [result] = lastToolResults(h.provider.requests.at(-1) as ProviderRequest);
    expect(result).toMatch(/^The explore subagent was stopped because its tool calls kept failing\./);
    expect(h.invalidRequests).toEqual([]);
  });
});
