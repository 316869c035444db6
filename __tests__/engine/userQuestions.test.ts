// ask_user and exit_plan_mode through the engine: the question reaches the events, the answer reaches the model,
// an approved plan switches the mode, and a headless run gets "decide yourself" or ends with the plan.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { UserAnswer } from '../../source/protocol/tools.js';
import { unavailableAnswer } from '../../source/tools/askUser.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const question = { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres', description: 'the default' }, { label: 'SQLite' }] };

async function run(calls: { name: string; input: Record<string, unknown> }[], answers: UserAnswer[], overrides: Parameters<typeof makeHarness>[1] = {}) {
  h = makeHarness([{ toolCalls: calls }, { text: 'done' }], overrides);
  const session = h.session;
  const events = await runPrompt(session, 'go', undefined, (e) => {
    if (e.type === 'question_request') session.runs.answer(e.questionId, answers.shift() as UserAnswer);
  });
  return { events, results: h.provider.requests[1] ? lastToolResults(h.provider.requests[1]) : [] };
}

describe('ask_user', () => {
  it('puts the questions to the user and gives the model the answers', async () => {
    const { events, results } = await run([{ name: 'ask_user', input: { questions: [question] } }], [{ kind: 'answers', answers: { 'Which database?': 'SQLite' } }], { interactive: true });
    const asked = events.find((e): e is Extract<AgentEvent, { type: 'question_request' }> => e.type === 'question_request');
    expect(asked).toMatchObject({ kind: 'questions', questions: [question] });
    expect(events.some((e) => e.type === 'question_resolved')).toBe(true);
    expect(results[0]).toBe('The user answered: "Which database?" = "SQLite". Go on with these answers in mind.');
  });

  it('headless: nobody to ask, the model decides and says what it assumed', async () => {
    const { events, results } = await run([{ name: 'ask_user', input: { questions: [question] } }], [], { interactive: false });
    expect(events.some((e) => e.type === 'question_request')).toBe(false);
    expect(results[0]).toBe(unavailableAnswer);
  });
});

describe('exit_plan_mode', () => {
  const plan = '## Plan\n1. Add the parser\n2. Test it';

  it('an approved plan switches to the mode the user picked; the model is told to carry it out', async () => {
    const { events, results } = await run([{ name: 'exit_plan_mode', input: { plan } }], [{ kind: 'plan', decision: 'approve-auto-edit' }], { interactive: true, mode: 'plan' });
    expect(events.find((e) => e.type === 'question_request')).toMatchObject({ kind: 'plan', plan });
    expect(h?.session.settings.info.mode).toBe('auto-edit');
    expect(results[0]).toMatch(/approved the plan and switched to auto-edit mode/);
  });

  it('"keep planning" sends the feedback back and stays in plan mode', async () => {
    const { events, results } = await run([{ name: 'exit_plan_mode', input: { plan } }], [{ kind: 'plan', decision: 'keep-planning', feedback: 'use SQLite' }], { interactive: true, mode: 'plan' });
    expect(events.some((e) => e.type === 'mode_change')).toBe(false);
    expect(results[0]).toBe('The user wants to keep planning: use SQLite. Revise the plan and present it again.');
  });

  it('headless plan mode: the plan is the run\'s answer and the run ends without another request', async () => {
    const { events } = await run([{ name: 'exit_plan_mode', input: { plan } }], [], { interactive: false, mode: 'plan' });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'done', text: plan });
    expect(h?.provider.requests).toHaveLength(1);
  });

  it('outside plan mode it says there is nothing to approve', async () => {
    const { results } = await run([{ name: 'exit_plan_mode', input: { plan } }], [], { interactive: true, mode: 'ask' });
    expect(results[0]).toBe('rein is not in plan mode, so no plan needs approving: go ahead with the work.');
  });
});
