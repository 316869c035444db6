// The context estimate stays cheap: the exact tokenizer (~160 MB) is built only when the bounds cannot decide.
import { describe, expect, it } from 'vitest';
import { ContextManager } from '../../source/engine/contextManager.js';
import { isTokenizerBuilt } from '../../source/engine/tokens.js';
import type { Message } from '../../source/protocol/messages.js';

const manager = (window: number) =>
  new ContextManager({ window, dangerRatio: 0.9, keepRecentToolResults: 10, keepRecentRatio: 0.3 }, () => { throw new Error('no summaries here'); });
const userText = (chars: number): Message[] => [{ role: 'user', content: [{ type: 'text', text: 'word '.repeat(chars / 5) }] }];

describe('context estimate', () => {
  it('never builds the tokenizer far from the compaction line, and anchors on reported usage', () => {
    const context = manager(100_000);
    const history = userText(20_000);
    expect(context.estimate('system', [], history)).toBe(Math.ceil(20_000 / 4) + Math.ceil('system'.length / 4) + 4);
    context.observe(30_000, history.length);
    const grown = [...history, { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'x'.repeat(400) }] }];
    expect(context.estimate('system', [], grown)).toBe(30_000 + 100 + 4);
    // Near the line but anchored: the small unreported part is estimated, no tokenizer needed.
    context.observe(89_500, history.length);
    expect(context.estimate('system', [], grown)).toBe(89_500 + 100 + 4);
    // A resumed history near the line is anchored at its typical count, also without the tokenizer.
    const resumed = manager(10_000);
    resumed.anchorResumed('system', [], userText(40_000));
    expect(resumed.estimate('system', [], userText(40_000))).toBe(Math.ceil(40_000 / 4) + 2 + 4);
    expect(isTokenizerBuilt()).toBe(false);
  });

  it('counts exactly only when the bounds straddle the line', () => {
    const context = manager(10_000);
    // 40,000 characters: between 5,000 (8 chars a token) and 20,000 (2 chars a token) tokens, around the 9,000 line.
    const tokens = context.estimate('system', [], userText(40_000));
    expect(isTokenizerBuilt()).toBe(true);
    expect(tokens).toBeGreaterThan(8_000);
    expect(tokens).toBeLessThan(8_200);
  });
});
