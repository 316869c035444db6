// /tasks [kill <id>]: lists background tasks, or stops one.
import type { SlashCommand } from './slashCommand.js';
import { formatDuration } from '../util/format.js';

export const tasksCommand: SlashCommand = {
  name: 'tasks',
  argsHint: '[kill <id>]',
  description: 'list background tasks, or stop one',
  async run(ctx, args) {
    const { tasks } = ctx.getState();
    const kill = /^kill\s+(\S+)$/.exec(args);
    if (kill) {
      const task = tasks.find((t) => t.taskId === kill[1]);
      if (!task) {
        ctx.fail(`No background task ${kill[1]}: see /tasks for the ids.`);
        return;
      }
      await ctx.killTask(task.taskId);
      ctx.print(`Stopping ${task.taskId} (${task.command}).`);
      return;
    }
    if (args) {
      ctx.fail(`Unknown /tasks argument "${args}": use /tasks or /tasks kill <id>.`);
      return;
    }
    if (tasks.length === 0) {
      ctx.print('No background tasks.');
      return;
    }
    const now = Date.now();
    const lines = tasks.map((t) => {
      const took = formatDuration((t.endedAt ?? now) - t.startedAt);
      const exit = t.exitCode === undefined ? '' : ` (exit ${t.exitCode})`;
      return `${t.taskId}  ${t.status}${exit}  ${took}  ${t.command}`;
    });
    ctx.print(lines.join('\n'));
  },
};
