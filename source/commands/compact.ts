// /compact [instructions]: summarises older history now; the instructions go to the summariser.
import type { SlashCommand } from './slashCommand.js';

export const compactCommand: SlashCommand = {
  name: 'compact',
  argsHint: '[instructions]',
  description: 'summarise older history now to free context',
  async run(ctx, args) {
    if (ctx.getState().running) {
      ctx.fail('Wait for the running task to finish (or press Esc) before compacting.');
      return;
    }
    const hint = ctx.screen ? ' Esc to interrupt' : '';
    ctx.print(args ? `Compacting the conversation (${args})…${hint}` : `Compacting the conversation…${hint}`);
    // The result arrives as a compaction (or error) event from the session.
    await ctx.compact(args || undefined);
  },
};
