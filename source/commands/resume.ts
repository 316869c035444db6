// /resume: opens the picker of saved sessions in this directory; picking one switches to it in place.
import type { SlashCommand } from './slashCommand.js';

export const resumeCommand: SlashCommand = {
  name: 'resume',
  description: 'open a saved session in place',
  screen: true,
  run(ctx, args) {
    if (args) {
      ctx.fail(`/resume takes no arguments ("${args}"): it opens a picker; type in it to filter the sessions.`);
      return;
    }
    if (ctx.getState().running) {
      ctx.fail('Wait for the running task to finish (or press Esc) before switching sessions.');
      return;
    }
    const current = ctx.getState().session.sessionId;
    // Two are enough to know: the newest may be the one open.
    if (ctx.recentSessions(2).every((s) => s.sessionId === current)) {
      ctx.print('No earlier sessions in this directory.');
      return;
    }
    ctx.openPanel('resume');
  },
};
