// /add-dir <path>: the in-session form of --add-dir; the folder is usable by the file tools for the rest of the session.
import type { SlashCommand } from './slashCommand.js';

export const addDirCommand: SlashCommand = {
  name: 'add-dir',
  argsHint: '<path>',
  description: 'let the file tools use another folder',
  run(ctx, args) {
    const outcome = ctx.addDir(args);
    if (!outcome.ok) return ctx.fail(outcome.message);
    ctx.print(outcome.already ?? `Added ${outcome.dir}: the file tools may read and write there for the rest of this session.`);
  },
};
