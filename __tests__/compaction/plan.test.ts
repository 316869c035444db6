import { describe, expect, it } from 'vitest';
import { planCompaction } from '../../source/engine/compaction/auto.js';
import { continuationNote } from '../../source/engine/compaction/splitPoints.js';
import { validateHistory } from '../../source/engine/history.js';
import type { Message } from '../../source/protocol/messages.js';
import { calls, fakeCounter, results, say, user } from './helpers.js';

/** `turns` user turns, each with `exchanges` read calls answered by `size`-character results. */
function conversation(turns: number, exchanges: number, size: number): Message[] {
  const history: Message[] = [];
  for (let t = 0; t < turns; t++) {
    history.push(user(`request ${t}`));
    for (let e = 0; e < exchanges; e++) {
      history.push(calls([`c${t}_${e}`, 'read_file', { path: `f${t}_${e}.ts` }]));
      history.push(results([[`c${t}_${e}`, 'x'.repeat(size)]]));
    }
    history.push(say(`finished ${t}`));
  }
  return history;
}

const indexOfText = (history: Message[], text: string): number =>
  history.findIndex((m) => m.role === 'user' && m.content.some((b) => b.type === 'text' && b.text === text));

describe('planCompaction', () => {
  it('keeps the last three user turns intact when they fit', () => {
    const { counter } = fakeCounter();
    const history = conversation(6, 2, 400);
    const plan = planCompaction(history, { keepBudgetTokens: 10_000, keepUserTurns: 3, counter })!;
    const cut = indexOfText(history, 'request 3');
    expect(plan.older).toEqual(history.slice(0, cut));
    expect(plan.recent).toEqual(history.slice(cut));
    expect(plan.recent[0]).toBe(history[cut]);
  });

  it('returns undefined when the kept turns are the whole history and fit', () => {
    const { counter } = fakeCounter();
    expect(planCompaction(conversation(3, 2, 400), { keepBudgetTokens: 10_000, keepUserTurns: 3, counter })).toBeUndefined();
    expect(planCompaction([user('hi')], { keepBudgetTokens: 0, keepUserTurns: 3, counter })).toBeUndefined();
  });

  it('keeps the newest exchanges of one long turn that fit, behind a continuation note', () => {
    const { counter } = fakeCounter();
    const history = conversation(1, 30, 4_000).slice(0, -1); // mid-task: ends with tool results
    const budget = 5_500;
    const plan = planCompaction(history, { keepBudgetTokens: budget, keepUserTurns: 3, counter })!;
    expect(plan.recent[0]).toEqual(user(continuationNote));
    expect(validateHistory(plan.recent)).toBeUndefined();
    expect(counter.countMessages(plan.recent)).toBeLessThanOrEqual(budget);
    const kept = plan.recent.slice(1);
    // The newest exchanges are kept whole; one more would not have fit.
    expect(kept).toEqual(history.slice(history.length - kept.length));
    expect(kept.length).toBe(10);
    expect(counter.countMessages(history.slice(history.length - kept.length - 2))).toBeGreaterThan(budget);
    expect(plan.older).toEqual(history.slice(0, history.length - kept.length));
    expect(plan.older[0]).toEqual(user('request 0'));
  });

  it('keeps fewer turns when the last three do not fit', () => {
    const { counter } = fakeCounter();
    const history = conversation(5, 4, 2_000);
    const plan = planCompaction(history, { keepBudgetTokens: 3_000, keepUserTurns: 3, counter })!;
    expect(counter.countMessages(plan.recent)).toBeLessThanOrEqual(3_000);
    expect(plan.older.length).toBeGreaterThan(indexOfText(history, 'request 2'));
    expect(validateHistory(plan.recent)).toBeUndefined();
  });

  it('keeps at least the newest exchange even when it alone is over budget', () => {
    const { counter } = fakeCounter();
    const history = conversation(2, 3, 20_000).slice(0, -1);
    const plan = planCompaction(history, { keepBudgetTokens: 100, keepUserTurns: 3, counter })!;
    expect(plan.recent).toEqual([user(continuationNote), ...history.slice(-2)]);
  });

  it('does not count reminders, background results or errors as user turns', () => {
    const { counter } = fakeCounter();
    const history: Message[] = [
      user('first task'),
      say('ok'),
      user('second task'),
      calls(['a', 'bash', { command: 'ls' }]),
      results([['a', 'x'.repeat(100)]], '<system-reminder>\nToday is Monday.\n</system-reminder>'),
      calls(['b', 'bash', { command: 'ls' }]),
      results([['b', 'x'.repeat(100)]], '<background-results>\n- t1 exited\n</background-results>', '<error>The previous model call failed.</error>'),
      say('done'),
      user('<system-reminder>\nThe mode changed.\n</system-reminder>', 'third task'),
      say('done'),
    ];
    const plan = planCompaction(history, { keepBudgetTokens: 10_000, keepUserTurns: 2, counter })!;
    expect(plan.older).toEqual(history.slice(0, 2));
    expect(plan.recent[0]).toBe(history[2]);
  });

  it('starts at the answered call when a turn was typed into a message with tool results', () => {
    const { counter } = fakeCounter();
    const history: Message[] = [
      user('first task'),
      calls(['a', 'bash', { command: 'sleep 100' }]),
      results([['a', 'interrupted']], 'never mind, do this instead'),
      say('ok'),
    ];
    const plan = planCompaction(history, { keepBudgetTokens: 10_000, keepUserTurns: 1, counter })!;
    expect(plan.older).toEqual(history.slice(0, 1));
    expect(plan.recent).toEqual([user(continuationNote), ...history.slice(1)]);
    expect(validateHistory(plan.recent)).toBeUndefined();
  });
});
