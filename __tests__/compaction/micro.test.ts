import { describe, expect, it } from 'vitest';
import { cutOldOutput, microCompact } from '../../source/engine/compaction/micro.js';
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

describe('cutOldOutput', () => {
  it('keeps whole lines from the head and tail and says how many lines were cut', () => {
    const text = lines(1_000);
    const cut = cutOldOutput(text, 1_000, 500)!;
    const kept = cut.split('\n').filter((l) => l.startsWith('line '));
    expect(cut.startsWith('line 0\nline 1\n')).toBe(true);
    expect(cut.endsWith('line 998\nline 999')).toBe(true);
    expect(cut).toContain(`[… ${(1_000 - kept.length).toLocaleString('en-US')} lines of old tool output cut to save context …]`);
    // Every kept line is whole.
    for (const line of kept) expect(line).toMatch(/^line \d+$/);
  });

  it('counts characters when the output is one long line, and leaves short or already cut output alone', () => {
    const cut = cutOldOutput('y'.repeat(10_000), 1_000, 500)!;
    expect(cut).toContain('[… 8,500 characters of old tool output cut to save context …]');
    expect(cutOldOutput('short output', 1_000, 500)).toBeUndefined();
    expect(cutOldOutput(cut + 'z'.repeat(5_000), 1_000, 500)).toBeUndefined();
  });
});

describe('microCompact', () => {
  it('cuts results older than the newest keepRecent and leaves everything else as it was', () => {
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
      expect(block.type === 'tool_result' && block.content).toMatch(/lines of old tool output cut to save context/);
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

  it('is idempotent: a second pass finds nothing more to cut', () => {
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
    expect(a.type === 'tool_result' && a.content).toMatch(/cut to save context/);
    expect(b).toBe(history[2].content[1]);
  });
});
