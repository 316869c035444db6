// /exit: leaves rein (the session log is flushed on the way out).
import type { SlashCommand } from './slashCommand.js';

export const exitCommand: SlashCommand = {
  name: 'exit',
  description: 'quit rein',
  run(ctx) {
    ctx.exit();
  },
};
