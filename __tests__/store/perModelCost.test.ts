// /model mid-session: the tokens each model spent keep that model's price, and the context is measured
// against the new model's window (engine session and store together).
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, type AppState } from '../../source/store/state.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';

const million = { inputTokens: 1_000_000, outputTokens: 0 };

async function twoModels(overrides: Parameters<typeof makeHarness>[1] = {}) {
  const h = makeHarness([{ text: 'first', usage: million }, { text: 'second', usage: million }], { model: 'claude-sonnet-4-6', ...overrides });
  let state: AppState = initialState(h.session.settings.info);
  const seen: AgentEvent[] = [];
  const take = (event: AgentEvent) => {
    seen.push(event);
    state = applyEvent(state, event);
  };
  const unsubscribe = h.session.runs.subscribe(take);
  try {
    await runPrompt(h.session, 'one');
    const afterFirst = state;
    h.session.settings.setModel('claude-sonnet-5-5');
    const afterSwitch = state;
    await runPrompt(h.session, 'two');
    return { afterFirst, afterSwitch, final: state, seen, info: { ...h.session.settings.info } };
  } finally {
    unsubscribe();
    await h.cleanup();
  }
}

describe('switching models', () => {
  it('prices each model\'s tokens at its own rate', async () => {
    const { afterFirst, final, seen } = await twoModels();
    // 1M prompt tokens on Sonnet 4.6 ($3/M), then 1M on Sonnet 5.5 ($2/M).
    expect(afterFirst.cost).toBeCloseTo(3, 6);
    expect(final.cost).toBeCloseTo(5, 6);
    expect(Object.keys(final.usageByModel).sort()).toEqual(['claude-sonnet-4-6', 'claude-sonnet-5-5']);
    expect(final.usage.inputTokens).toBe(2_000_000);
    expect(seen.filter((e) => e.type === 'usage').map((e) => (e as { model?: string }).model)).toEqual(['claude-sonnet-4-6', 'claude-sonnet-5-5']);
  });

  it('measures the context against the new model\'s window at once and in every later request', async () => {
    const { afterFirst, afterSwitch, final, info } = await twoModels();
    expect(afterFirst.context?.window).toBe(200_000);
    expect(info.contextWindow).toBe(1_000_000);
    expect(afterSwitch.session.contextWindow).toBe(1_000_000);
    expect(afterSwitch.context?.window).toBe(1_000_000);
    expect(afterSwitch.context?.percent).toBe(Math.round((afterFirst.context!.tokens / 1_000_000) * 1000) / 10);
    expect(final.context?.window).toBe(1_000_000);
  });

  it('keeps a window set in the config (context.maxContextTokens) whatever the model', async () => {
    const { final, info } = await twoModels({ contextWindow: 64_000 });
    expect(info.contextWindow).toBe(64_000);
    expect(final.context?.window).toBe(64_000);
  });

  it('shows no cost once a model without a known price has spent tokens', async () => {
    const h = makeHarness([{ text: 'x', usage: million }], { model: 'my-local-model' });
    let state = initialState(h.session.settings.info);
    expect(state.cost).toBeUndefined();
    await runPrompt(h.session, 'go', undefined, (e) => (state = applyEvent(state, e)));
    expect(state.cost).toBeUndefined();
    await h.cleanup();
  });
});
