// /model [name]: shows the model in use or switches to another one.
import type { SlashCommand } from './slashCommand.js';
import { isKnownModel } from '../providers/modelInfo.js';

export const modelCommand: SlashCommand = {
  name: 'model',
  argsHint: '[name]',
  description: 'show or set the model',
  async run(ctx, args) {
    const { session } = ctx.getState();
    if (!args) {
      ctx.print(`Model: ${session.model} (${session.provider}).`);
      return;
    }
    ctx.setModel(args);
    // The switch can be refused (the bridge then shows why); report only what happened.
    if (ctx.getState().session.model !== args) return;
    // A name the provider does not list is still set (a list can be partial, a proxy may map names), with a warning;
    // without a list, rein's own knowledge of model families decides whether to warn.
    const listed = await ctx.listModels().catch(() => undefined);
    if (listed ? listed.includes(args) : isKnownModel(args)) ctx.print(`Model set to ${args}.`);
    else if (listed) ctx.print(`Model set to ${args}, but ${session.provider} does not list a model of that name (it lists ${listed.length}): if the next request fails, pick one with /model <name>.`);
    else ctx.print(`Model set to ${args}, but ${session.provider} is not known to serve a model of that name: if the next request fails, check the name with the provider (/model with no name shows the one in use).`);
  },
};
