// /rename <name>: names the current session; the name is kept in its log and shown by /resume and rein sessions list.
import { sessionName } from '../sessionLog/listSessions.js';
import type { SlashCommand } from './slashCommand.js';

/** Long enough for a sentence, short enough for a row of the /resume picker. */
const maxSessionNameLength = 80;

const usage = 'Usage: /rename <name> names this session; /resume and rein sessions list show the name.';

export const renameCommand: SlashCommand = {
  name: 'rename',
  argsHint: '<name>',
  description: 'name this session (shown in /resume)',
  run(ctx, args) {
    // One line, as the picker shows it.
    const name = args.replace(/\s+/g, ' ').trim();
    if (name === '') {
      const file = ctx.logFile();
      const current = file === undefined ? undefined : sessionName(file);
      ctx.print(current === undefined ? usage : `This session is named "${current}". ${usage}`);
      return;
    }
    if (name.length > maxSessionNameLength) {
      ctx.fail(`A session name is at most ${maxSessionNameLength} characters (this one has ${name.length}); give a shorter one.`);
      return;
    }
    try {
      ctx.renameSession(name);
    } catch (error) {
      ctx.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    ctx.print(`Named this session "${name}".`);
  },
};
