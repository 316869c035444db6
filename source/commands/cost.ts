// /cost: tokens in and out, cache hits, and the cost when the model's price is known.
import type { SlashCommand } from './slashCommand.js';
import { cacheHitPercent, formatCost, formatInt } from '../util/format.js';
import { priceFor } from '../providers/prices.js';

export const costCommand: SlashCommand = {
  name: 'cost',
  description: 'show token use and cost of this session',
  run(ctx) {
    const { usage, usageByModel, cost, context } = ctx.getState();
    const cached = cacheHitPercent(usage);
    const unpriced = Object.keys(usageByModel).filter((model) => priceFor(model) === undefined);
    const lines = [
      `Tokens in:  ${formatInt(usage.inputTokens)}`,
      `Tokens out: ${formatInt(usage.outputTokens)}`,
      `Cache hits: ${formatInt(usage.cacheReadTokens)} tokens${cached === undefined ? '' : ` (${cached}% of input)`}`,
      cost === undefined ? `Cost: unknown (no price for ${unpriced.join(', ')})` : `Cost: ${formatCost(cost)}`,
    ];
    if (context) lines.push(`Context: ${context.percent}% of ${formatInt(context.window)} tokens`);
    if (usage.estimated) lines.push('Estimated:  some counts (the server sent no usage for a call that broke off or was stopped)');
    ctx.print(lines.join('\n'));
  },
};
