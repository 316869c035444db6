// kill_task: stops a background task and everything it started.
import type { TaskIdArgs } from './bashOutput.js';
import { describeStatus, taskIdSchema, unknownTaskError } from './taskStatus.js';
import { defineTool, errorResult, textResult } from './types.js';

/** Output shown when a task is killed: its last lines, enough to see what it was doing. */
const lastLinesShown = 20;

export const killTaskTool = defineTool<TaskIdArgs>({
  name: 'kill_task',
  description: 'Stop a background task and every process it started.',
  inputSchema: taskIdSchema,
  readOnly: false,
  summarize: (args) => args.task_id,

  async execute(args, ctx) {
    const tasks = ctx.state.background;
    const before = tasks.get(args.task_id);
    if (!before) return errorResult(unknownTaskError(tasks, args.task_id));
    if (before.status === 'running') await tasks.kill(args.task_id);
    // Reading marks the end as seen, so the task is not reported again as finished.
    const read = tasks.readNew(args.task_id);
    const tail = (read?.output ?? '').replace(/\n$/, '').split('\n').slice(-lastLinesShown).join('\n');
    const head = before.status === 'running' ? `Killed ${args.task_id}: ${before.command}` : `${args.task_id} had already ended (${describeStatus(before)}): ${before.command}`;
    return textResult(tail.trim() === '' ? head : `${head}\nLast output:\n${tail}`);
  },
});
