// --max-budget-usd: counts what the session's model calls cost, priced per model, and says when the cap is passed.
import { addUsage, emptyUsage, type Usage } from '../protocol/messages.js';
import type { SpendMeter } from '../engine/sessionCompat.js';
import { costByModel, priceFor } from '../providers/prices.js';

/** Formats dollars as Claude Code's messages do: as given ($0.001), never rounded to nothing. */
const dollars = (value: number) => `$${Number(value.toPrecision(6))}`;

/**
 * A model without a known price (a local model, one rein's price list lacks) cannot be counted; rather than a cap
 * that silently stops counting, the run stops at that model's first call and says why.
 */
export class SpendBudget implements SpendMeter {
  private byModel: Record<string, Usage> = {};

  constructor(readonly capUsd: number) {}

  add(usage: Usage, model: string): void {
    this.byModel[model] = addUsage(this.byModel[model] ?? emptyUsage(), usage);
  }

  /** Dollars spent so far; undefined when a model used has no known price. */
  spent(): number | undefined {
    return costByModel(this.byModel);
  }

  exceeded(): string | undefined {
    const unpriced = Object.keys(this.byModel).find((model) => priceFor(model) === undefined);
    if (unpriced !== undefined) return `Reached maximum budget (${dollars(this.capUsd)}): the spend of model ${unpriced} cannot be counted, since rein knows no price for it.`;
    const spent = this.spent() ?? 0;
    if (spent <= this.capUsd) return undefined;
    return `Reached maximum budget (${dollars(this.capUsd)}): this session has spent ${dollars(spent)} (--max-budget-usd).`;
  }
}

/** The models a session may call that have no known price, so the cap could not be counted for them. */
export function unpricedModels(models: string[]): string[] {
  return [...new Set(models)].filter((model) => priceFor(model) === undefined);
}
