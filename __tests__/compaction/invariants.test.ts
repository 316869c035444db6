import { describe, expect, it } from 'vitest';
import { applySummary, dropOlderHalf, planCompaction } from '../../source/engine/compaction/auto.js';
import { microCompact } from '../../source/engine/compaction/micro.js';
import { continuationNote } from '../../source/engine/compaction/splitPoints.js';
import { collectUserTexts } from '../../source/engine/compaction/userText.js';
import { validateHistory } from '../../source/engine/history.js';
import { fakeCounter, random, randomHistory } from './helpers.js';

describe('compaction keeps every history valid', () => {
  it('for many random histories and budgets', () => {
    const { counter } = fakeCounter();
    let planned = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const { history, typed } = randomHistory(seed);
      expect(validateHistory(history), `seed ${seed}`).toBeUndefined();
      expect(collectUserTexts(history)).toEqual(typed);
      const rand = random(seed * 7);
      const budget = Math.floor(rand() * counter.countMessages(history));
      const plan = planCompaction(history, { keepBudgetTokens: budget, keepUserTurns: 1 + Math.floor(rand() * 3), counter });
      if (plan) {
        planned++;
        const where = `seed ${seed}, budget ${budget}`;
        expect(plan.older.length, where).toBeGreaterThan(0);
        expect(plan.recent[0].role, where).toBe('user');
        expect(plan.recent[0].content.some((b) => b.type === 'tool_result'), where).toBe(false);
        expect(validateHistory(plan.recent), where).toBeUndefined();
        // Older and recent together are the history (minus the continuation note).
        const kept = plan.recent[0].content[0].type === 'text' && plan.recent[0].content[0].text === continuationNote ? plan.recent.slice(1) : plan.recent;
        expect([...plan.older, ...kept], where).toEqual(history);
        const after = applySummary(plan, 'summary');
        expect(validateHistory(after), where).toBeUndefined();
        expect(collectUserTexts(after), where).toEqual(typed);
        // The newest message always survives.
        expect(after.at(-1), where).toBe(history.at(-1));
      }
      const dropped = dropOlderHalf(history);
      expect(validateHistory(dropped), `seed ${seed}`).toBeUndefined();
      expect(collectUserTexts(dropped), `seed ${seed}`).toEqual(typed);
      expect(dropped.at(-1)).toBe(history.at(-1));
      const micro = microCompact(history, { keepRecent: Math.floor(rand() * 5), window: 1_000, minFreedRatio: 0, counter });
      if (micro) expect(validateHistory(micro.history), `seed ${seed}`).toBeUndefined();
    }
    // The generator must exercise the planner, not just return undefined.
    expect(planned).toBeGreaterThan(200);
  });
});
