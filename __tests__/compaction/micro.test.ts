import { describe, expect, it } from 'vitest';
import { clearedOutput, hasClearedOutput, microCompact } from '../../source/engine/compaction/micro.js';
import { validateHistory } from '../../source/engine/history.js';
import type { Message } from '../../source/protocol/messages.js';
import { calls, fakeCounter, lines, results, say, user } from './helpers.js';

const bigOutput = (i: number): string => lines(1_000, `output ${i}`);

/** A user prompt with a long paste, then `n` read calls with large results, then a reply. */
function longTask(n: number): Message[] {
  const history: Message[] = [user(`please look at this log:\n${lines(500, 'pasted')}`)];
  for (let i = 0; i < n; i++) {
    history.push(calls([`c${i}`, 'read_file', { path: `f${i}.ts` }]));
    history.push(results([[`c${i}`, bigOutput(i)]]));
  }
  history.push(say('done'));
  return history;
}

describe('clearedOutput', () => {
  it('names the call, its subject and the size, and says how to get the output back', () => {
    const call = { type: 'tool_use' as const, id: 'c1', name: 'read_file', input: { path: 'src/app.ts' } };
    expect(clearedOutput(call, 'x'.repeat(24 * 1024))).toBe('[old output of read_file src/app.ts, 24 KB, cleared to save context; call the tool again if you need it]');
    const bash = { type: 'tool_use' as const, id: 'c2', name: 'bash', input: { command: `npm test -- ${'a'.repeat(100)}` } };
    expect(clearedOutput(bash, 'y'.repeat(2_000))).toMatch(/^\[old output of bash npm test -- a+\.\.\., 2\.0 KB, cleared/);
    expect(clearedOutput(undefined, 'z'.repeat(1_500))).toContain('old output of a tool, 1.5 KB');
  });
});

describe('microCompact', () => {
  it('clears results older than the newest keepRecent and leaves everything else as it was', () => {
    const { counter } = fakeCounter();
    const history = longTask(15);
    const before = counter.countMessages(history);
    const out = microCompact(history, { keepRecent: 10, window: 100_000, minFreedRatio: 0.05, counter })!;
    expect(out).toBeDefined();
    expect(validateHistory(out.history)).toBeUndefined();
    expect(out.history).toHaveLength(history.length);
    const resultIndices = history.flatMap((m, i) => (m.role === 'user' && m.content[0].type === 'tool_result' ? [i] : []));
    const [old, recent] = [resultIndices.slice(0, 5), resultIndices.slice(5)];
    for (const i of old) {
      const block = out.history[i].content[0];
      const n = resultIndices.indexOf(i);
      expect(block.type === 'tool_result' && block.content).toBe(clearedOutput(calls([`c${n}`, 'read_file', { path: `f${n}.ts` }]).content[0] as never, bigOutput(n)));
      expect(block.type === 'tool_result' && block.toolUseId).toBe(`c${resultIndices.indexOf(i)}`);
    }
    // Untouched messages are the very same objects, so caches keep hitting.
    for (const i of recent) expect(out.history[i]).toBe(history[i]);
    expect(out.history[0]).toBe(history[0]);
    expect(out.history[0].content[0]).toEqual({ type: 'text', text: `please look at this log:\n${lines(500, 'pasted')}` });
    expect(out.freedTokens).toBe(before - counter.countMessages(out.history));
    // The input history was not modified.
    const first = history[resultIndices[0]].content[0];
    expect(first.type === 'tool_result' && first.content).toBe(bigOutput(0));
  });

  it('is idempotent: a second pass finds nothing more to clear', () => {
    const { counter } = fakeCounter();
    const once = microCompact(longTask(15), { keepRecent: 10, window: 100_000, minFreedRatio: 0.05, counter })!;
    expect(microCompact(once.history, { keepRecent: 10, window: 100_000, minFreedRatio: 0, counter })).toBeUndefined();
  });

  it('changes nothing until a batch frees enough of the window', () => {
    const { counter } = fakeCounter();
    const history = longTask(12);
    // Two old results free about 2 × 3,000 tokens: below 5% of 200k, above 5% of 100k.
    expect(microCompact(history, { keepRecent: 10, window: 200_000, minFreedRatio: 0.05, counter })).toBeUndefined();
    const out = microCompact(history, { keepRecent: 10, window: 100_000, minFreedRatio: 0.05, counter });
    expect(out?.freedTokens).toBeGreaterThanOrEqual(5_000);
    expect(out?.freedTokens).toBeLessThan(10_000);
  });

  it('does nothing when there are no more results than keepRecent', () => {
    const { counter } = fakeCounter();
    expect(microCompact(longTask(10), { keepRecent: 10, window: 1_000, minFreedRatio: 0, counter })).toBeUndefined();
  });

  it('counts kept results per block, so part of a multi-result message can be cut', () => {
    const { counter } = fakeCounter();
    const history: Message[] = [
      user('go'),
      calls(['a', 'read_file', { path: 'a' }], ['b', 'read_file', { path: 'b' }]),
      results([['a', bigOutput(1)], ['b', bigOutput(2)]]),
      say('ok'),
    ];
    const out = microCompact(history, { keepRecent: 1, window: 1_000, minFreedRatio: 0.05, counter })!;
    const [a, b] = out.history[2].content;
    expect(a.type === 'tool_result' && a.content).toMatch(/^\[old output of read_file a, .*cleared to save context/);
    expect(b).toBe(history[2].content[1]);
  });

  it('never clears a result the model has not answered yet, even with keepRecent 0', () => {
    const { counter } = fakeCounter();
    const history: Message[] = [
      user('go'),
      calls(['a', 'read_file', { path: 'a' }]),
      results([['a', bigOutput(1)]]),
      calls(['b', 'read_file', { path: 'b' }], ['c', 'read_file', { path: 'c' }]),
      results([['b', bigOutput(2)], ['c', bigOutput(3)]]),
    ];
    const out = microCompact(history, { keepRecent: 0, window: 1_000, minFreedRatio: 0, counter })!;
    expect(out.history[2].content[0]).toMatchObject({ toolUseId: 'a', content: expect.stringMatching(/^\[old output of read_file a/) as unknown });
    // Both newest results are unseen: the very same message, whole.
    expect(out.history[4]).toBe(history[4]);
    // With nothing seen but the newest results, nothing changes.
    expect(microCompact(history.slice(0, 3), { keepRecent: 0, window: 1_000, minFreedRatio: 0, counter })).toBeUndefined();
  });

  it('keeps the newest results whole, short results and the user\'s words as they are, and marks the history as cleared', () => {
    const { counter } = fakeCounter();
    const history: Message[] = [
      user('my exact words'),
      calls(['a', 'read_file', { path: 'a' }], ['s', 'bash', { command: 'ls' }]),
      results([['a', bigOutput(1)], ['s', 'short listing']], 'a reminder the user typed'),
      calls(['b', 'read_file', { path: 'b' }]),
      results([['b', bigOutput(2)]]),
      calls(['c', 'read_file', { path: 'c' }]),
      results([['c', bigOutput(3)]]),
      say('ok'),
    ];
    expect(hasClearedOutput(history)).toBe(false);
    const out = microCompact(history, { keepRecent: 2, window: 1_000, minFreedRatio: 0, counter })!;
    expect(out.history[0]).toBe(history[0]);
    const [a, s, typed] = out.history[2].content;
    expect(a.type === 'tool_result' && a.content).toMatch(/^\[old output of read_file a, 1\d KB, cleared/);
    expect(s).toEqual({ type: 'tool_result', toolUseId: 's', content: 'short listing' });
    expect(typed).toEqual({ type: 'text', text: 'a reminder the user typed' });
    expect(out.history[4]).toBe(history[4]);
    expect(out.history[6]).toBe(history[6]);
    expect(hasClearedOutput(out.history)).toBe(true);
    expect(validateHistory(out.history)).toBeUndefined();
  });
});
