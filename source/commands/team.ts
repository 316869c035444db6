// /team <task>: a planner, workers and a reviewer take the task on together; the plan shows in the todo panel.
import type { SlashCommand } from './slashCommand.js';

export const teamCommand: SlashCommand = {
  name: 'team',
  argsHint: '<task>',
  description: 'plan the task, carry out its steps with parallel workers, then review',
  run(ctx, args) {
    if (!args) {
      ctx.fail('Say what the team should do: /team <task>.');
      return;
    }
    if (!ctx.canTeam) {
      ctx.fail('Team mode needs the task tool; add "task" to "tools" in agent.config.json.');
      return;
    }
    if (!ctx.team(args)) ctx.fail('Wait for the running task to finish (or press Esc) before starting a team.');
  },
};
