// /clear: starts a new conversation (background tasks keep running).
import type { SlashCommand } from './slashCommand.js';

export const clearCommand: SlashCommand = {
  name: 'clear',
  description: 'start a new conversation',
  run(ctx) {
    ctx.clear();
  },
};
