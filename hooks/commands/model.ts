// /model [name]: shows the model in use or switches to another one.
import type { SlashCommand } from '../../source/store/commands.js';

export const modelCommand: SlashCommand = {
  name: 'model',
  argsHint: '[name]',
  description: 'show or set the model',
  run(ctx, args) {
    const { session } = ctx.getState();
    if (!args) {
      ctx.print(`Model: ${session.model} (${session.provider}).`);
      return;
    }
    ctx.setModel(args);
    // The switch can be refused (the bridge then shows why); report only what happened.
    if (ctx.getState().session.model === args) ctx.print(`Model set to ${args}.`);
  },
};
