// Per-model token prices (US dollars per million tokens), so the status bar and /cost can show what a session cost.
import { addUsage, emptyUsage, type Usage } from '../protocol/messages.js';

export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

// First match wins, so more specific names come first. Unknown models show no cost rather than a wrong one.
const prices: Array<[RegExp, ModelPrice]> = [
  [/^claude-fable-5-2/, { input: 8, output: 40, cacheRead: 0.8, cacheWrite: 10 }],
  [/^claude-fable-5(-1)?$/, { input: 10, output: 50, cacheRead: 1, cacheWrite: 12.5 }],
  [/^claude-opus-5-5/, { input: 4, output: 20, cacheRead: 0.4, cacheWrite: 5 }],
  [/^claude-opus-5(-|$)/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/^claude-sonnet-5(-|$)/, { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 }],
  [/^claude-opus-4-[5-9]/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/^claude-(3-)?opus/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
  [/^claude-opus-4/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
  [/^claude-(3-[57]-)?sonnet|^claude-sonnet-4/, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  [/^claude-haiku-4/, { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 }],
  [/^claude-3-5-haiku/, { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  [/^gpt-4o-mini/, { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0 }],
  [/^gpt-4o/, { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0 }],
  [/^gpt-4\.1-nano/, { input: 0.1, output: 0.4, cacheRead: 0.025, cacheWrite: 0 }],
  [/^gpt-4\.1-mini/, { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0 }],
  [/^gpt-4\.1/, { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 }],
  [/^gpt-5-mini/, { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0 }],
  [/^gpt-5-nano/, { input: 0.05, output: 0.4, cacheRead: 0.005, cacheWrite: 0 }],
  [/^gpt-5/, { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 }],
  [/^deepseek-chat/, { input: 0.27, output: 1.1, cacheRead: 0.07, cacheWrite: 0 }],
  [/^deepseek-reasoner/, { input: 0.55, output: 2.19, cacheRead: 0.14, cacheWrite: 0 }],
];

export function priceFor(model: string): ModelPrice | undefined {
  const name = model.toLowerCase().replace(/^.*\//, '');
  return prices.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * Dollar cost of a usage total, or undefined when the model's price is unknown.
 * `inputTokens` counts every prompt token, cached ones included.
 */
export function costOf(usage: Usage, model: string): number | undefined {
  const price = priceFor(model);
  if (!price) return undefined;
  const uncached = Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);
  const dollars =
    uncached * price.input + usage.cacheReadTokens * price.cacheRead + usage.cacheWriteTokens * price.cacheWrite + usage.outputTokens * price.output;
  return dollars / 1_000_000;
}

/** Dollars for tokens kept per model, each at its own price; undefined when any model used has no known price. */
export function costByModel(usageByModel: Readonly<Record<string, Usage>>): number | undefined {
  let total = 0;
  for (const [model, usage] of Object.entries(usageByModel)) {
    const cost = costOf(usage, model);
    if (cost === undefined) return undefined;
    total += cost;
  }
  return total;
}

/** The per-model tokens and their cost, as the store keeps them. */
export function pricedUsage(usageByModel: Record<string, Usage>): { usageByModel: Record<string, Usage>; cost?: number } {
  const cost = costByModel(usageByModel);
  return cost === undefined ? { usageByModel } : { usageByModel, cost };
}

/** Adds one call's tokens to the model that made it. */
export function addModelUsage(usageByModel: Readonly<Record<string, Usage>>, model: string, usage: Usage): { usageByModel: Record<string, Usage>; cost?: number } {
  return pricedUsage({ ...usageByModel, [model]: addUsage(usageByModel[model] ?? emptyUsage(), usage) });
}
