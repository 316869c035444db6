// /resume: lists recent sessions started in this directory and how to open one.
import type { SlashCommand } from '../../source/store/commands.js';

export const resumeCommand: SlashCommand = {
  name: 'resume',
  description: 'list recent sessions in this directory',
  run(ctx) {
    const current = ctx.getState().session.sessionId;
    const sessions = ctx.session.recentSessions(10).filter((s) => s.sessionId !== current);
    if (sessions.length === 0) {
      ctx.print('No earlier sessions in this directory.');
      return;
    }
    const lines = sessions.map((s) => {
      const when = s.updatedAt.replace('T', ' ').slice(0, 16);
      const prompt = s.firstPrompt.replace(/\s+/g, ' ').slice(0, 60) || '(no prompt)';
      return `  ${s.sessionId}  ${when}  ${s.messageCount} ${s.messageCount === 1 ? 'prompt ' : 'prompts'}  ${prompt}`;
    });
    ctx.print(`Recent sessions (newest first):\n${lines.join('\n')}\nOpen one with: rein --resume <id>  (or rein --continue for the newest)`);
  },
};
