// /rewind: opens the panel of the session's messages; choosing one restores its code, its conversation or both.
import type { SlashCommand } from './slashCommand.js';

export const rewindCommand: SlashCommand = {
  name: 'rewind',
  description: 'go back to before a message: code, conversation or both',
  screen: true,
  run(ctx, args) {
    if (args) {
      ctx.fail(`/rewind takes no arguments ("${args}"): it opens a list of your messages to pick from.`);
      return;
    }
    if (ctx.getState().running) {
      ctx.fail('Wait for the running task to finish (or press Esc) before rewinding.');
      return;
    }
    if (!ctx.canRewind) {
      ctx.fail('This session keeps no checkpoints ("checkpoints": { "enabled": false }), so there is nothing to rewind.');
      return;
    }
    ctx.openPanel('rewind');
  },
};
