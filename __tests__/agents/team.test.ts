// Team mode on the scripted provider: dependency order, parallel steps, failures, review rounds, JSON repair levels.
import { afterEach, describe, expect, it } from 'vitest';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import { readStructured } from '../../source/agents/structuredOutput.js';
import { planSchema } from '../../source/agents/teamRoles.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { makeHarness, runEnd, type Harness } from '../support/engineHarness.js';
import { eventsOf } from '../support/runEvents.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const lastUserText = (request: ProviderRequest): string =>
  (request.messages.at(-1)?.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('');
const role = (request: ProviderRequest): 'planner' | 'reviewer' | 'worker' | 'parent' =>
  request.system.includes('You are the planner of a team') ? 'planner'
    : request.system.includes('You are the reviewer of a team') ? 'reviewer'
    : JSON.stringify(request.messages[0]).includes('You are one worker of a team') ? 'worker' : 'parent';
const stepOf = (request: ProviderRequest) => /Your step \((\w+)\)/.exec(JSON.stringify(request.messages[0]))?.[1] ?? '?';

const plan = {
  summary: 'three steps',
  steps: [
    { id: '1', description: 'write the parser', dependencies: [] },
    { id: '2', description: 'test the parser', dependencies: ['1'] },
    { id: '3', description: 'write the docs', dependencies: [] },
  ],
};

function team(script: (request: ProviderRequest) => ScriptedTurn) {
  h = makeHarness(script, { agents: { definitions: [...builtinAgents], maxParallel: 4, maxTurns: 10 } });
  return h;
}

async function runTeam(harness: Harness, task: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  const session = harness.session as typeof harness.session & { team: (t: string) => AsyncGenerator<AgentEvent> };
  events.push(...(await eventsOf(session, (runs) => runs.team!(task))));
  return events;
}

describe('team mode', () => {
  it('runs steps in dependency order, independent ones side by side, and reports an approved review', async () => {
    const started: string[] = [];
    const briefs: Record<string, string> = {};
    team((request) => {
      const who = role(request);
      if (who === 'planner') return { text: JSON.stringify(plan) };
      if (who === 'worker') {
        const step = stepOf(request);
        if (request.messages.length === 1) {
          started.push(step);
          briefs[step] = JSON.stringify(request.messages[0]);
        }
        return { text: `step ${step} done` };
      }
      if (who === 'reviewer') return { text: JSON.stringify({ approved: true, summary: 'all good', issues: [], suggestions: ['add more tests'] }) };
      return { text: 'unexpected' };
    });
    const events = await runTeam(h!, 'build a parser');
    const end = runEnd(events);
    expect(end.reason).toBe('done');
    expect(end.text).toContain('Review: approved. all good');
    expect(end.text).toContain('- suggestion: add more tests');
    // 1 and 3 have no dependencies and start first; 2 waits for 1 and is given its result.
    expect(started.slice(0, 2).sort()).toEqual(['1', '3']);
    expect(started[2]).toBe('2');
    expect(briefs['2']).toContain('Result of step 1 (write the parser):\\nstep 1 done');
    // The plan shows in the todo panel and ends with every step completed.
    const todos = events.filter((e) => e.type === 'todos');
    expect(todos.at(-1)).toMatchObject({ todos: [{ status: 'completed' }, { status: 'completed' }, { status: 'completed' }] });
    // The task and the report join the conversation, which stays valid for the next prompt.
    const history = h!.session.conversation.history();
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(validateHistory(history)).toBeUndefined();
  });

  it("skips the dependents of a failed step and shows them as skipped; the run ends in an error", async () => {
    const started: string[] = [];
    team((request) => {
      const who = role(request);
      if (who === 'planner') return { text: JSON.stringify(plan) };
      if (who === 'worker') {
        const step = stepOf(request);
        started.push(step);
        return step === '1' ? { error: { kind: 'server', message: 'The server failed.' } } : { text: `step ${step} done` };
      }
      return { text: JSON.stringify({ approved: true, summary: 'ok', issues: [], suggestions: [] }) };
    });
    const events = await runTeam(h!, 'build a parser');
    expect(started).not.toContain('2');
    const last = events.filter((e) => e.type === 'todos').at(-1) as Extract<AgentEvent, { type: 'todos' }>;
    expect(last.todos.map((t) => t.content)).toEqual(['1. write the parser (failed)', '2. test the parser (skipped)', '3. write the docs']);
    expect(runEnd(events)).toMatchObject({ reason: 'error', error: 'Some steps of the team failed or were skipped.' });
    expect(runEnd(events).text).toContain('2. test the parser: skipped');
  });

  it('reruns the steps a rejected review flags, with its issues, then reports the approved second review', async () => {
    let reviews = 0;
    const runs: string[] = [];
    let secondBrief = '';
    team((request) => {
      const who = role(request);
      if (who === 'planner') return { text: JSON.stringify(plan) };
      if (who === 'worker') {
        const step = stepOf(request);
        runs.push(step);
        if (step === '2' && runs.filter((r) => r === '2').length === 2) secondBrief = JSON.stringify(request.messages[0]);
        return { text: `step ${step} done` };
      }
      reviews += 1;
      // The word "approved" in the prose must not count: only the parsed field does.
      return reviews === 1
        ? { text: JSON.stringify({ approved: false, summary: 'not approved yet: looks approved at a glance', issues: [{ step: '2', problem: 'the tests do not cover empty input' }], suggestions: [] }) }
        : { text: JSON.stringify({ approved: true, summary: 'fixed', issues: [], suggestions: [] }) };
    });
    const events = await runTeam(h!, 'build a parser');
    expect(reviews).toBe(2);
    expect(runs.filter((r) => r === '2')).toHaveLength(2);
    expect(runs.filter((r) => r === '1')).toHaveLength(1);
    expect(secondBrief).toContain('the tests do not cover empty input');
    expect(runEnd(events)).toMatchObject({ reason: 'done' });
    expect(runEnd(events).text).toContain('Review: approved. fixed');
  });

  it('repairs a plan in prose and a code fence, sends a bad shape back, and stops after three failures', async () => {
    // Level 2: prose around a fenced block with a trailing comma.
    const fenced = await readStructured('Here is the plan:\n```json\n{"summary": "s", "steps": [{"id": "1", "description": "d",}],}\n```\nGood luck.', planSchema);
    expect(fenced).toMatchObject({ ok: true, level: 'repaired', value: { summary: 's', steps: [{ id: '1', description: 'd', dependencies: [] }] } });
    expect(await readStructured(JSON.stringify(plan), planSchema)).toMatchObject({ ok: true, level: 'parsed' });
    expect(await readStructured('{"summary": "s"}', planSchema)).toMatchObject({ ok: false, problem: expect.stringContaining("must have required property 'steps'") });

    // Level 3: a wrong shape is sent back with the problem; the second answer is used.
    const sentBack: string[] = [];
    team((request) => {
      const who = role(request);
      if (who === 'planner') {
        if (request.messages.length > 1) sentBack.push(lastUserText(request));
        return request.messages.length === 1 ? { text: '{"summary": "no steps here"}' } : { text: JSON.stringify({ summary: 'one', steps: [{ id: 'a', description: 'only step' }] }) };
      }
      if (who === 'worker') return { text: 'done' };
      return { text: JSON.stringify({ approved: true, summary: 'ok' }) };
    });
    expect(runEnd(await runTeam(h!, 'x')).reason).toBe('done');
    expect(sentBack[0]).toMatch(/could not be used: the JSON does not match the required shape: .*steps/);
    await h!.cleanup();

    // A plan whose dependencies go round in a circle is sent back too; three bad answers stop the team.
    let asked = 0;
    team((request) => {
      if (role(request) !== 'planner') return { text: 'unexpected' };
      asked += 1;
      return { text: JSON.stringify({ summary: 'loop', steps: [{ id: 'a', description: 'x', dependencies: ['b'] }, { id: 'b', description: 'y', dependencies: ['a'] }] }) };
    });
    const events = await runTeam(h!, 'x');
    expect(asked).toBe(3);
    expect(runEnd(events)).toMatchObject({ reason: 'error', error: 'The team stopped: the planner gave no usable plan (the step dependencies go round in a circle (after 3 tries)).' });
  });
});
