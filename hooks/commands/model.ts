// /model [name]: shows the model in use or switches to another one.
import type { SlashCommand } from '../../source/store/commands.js';
import { isKnownModel } from '../../source/engine/modelInfo.js';

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
    if (ctx.getState().session.model !== args) return;
    // A name rein does not know is still set (a provider may serve models rein has never heard of), with a warning.
    if (isKnownModel(args)) ctx.print(`Model set to ${args}.`);
    else ctx.print(`Model set to ${args}, but ${session.provider} is not known to serve a model of that name: if the next request fails, check the name with the provider (/model with no name shows the one in use).`);
  },
};
