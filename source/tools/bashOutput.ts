// bash_output: what a background task printed since the last look, and whether it is still running.
import { describeStatus, taskIdSchema, unknownTaskError } from './taskStatus.js';
import { defineTool, errorResult, textResult } from './types.js';

export interface TaskIdArgs {
  task_id: string;
}

export const bashOutputTool = defineTool<TaskIdArgs>({
  name: 'bash_output',
  description:
    'A background task\'s status and its output since the last call.',
  inputSchema: taskIdSchema,
  readOnly: true,
  summarize: (args) => args.task_id,

  execute(args, ctx) {
    const read = ctx.state.background.readNew(args.task_id);
    if (!read) return Promise.resolve(errorResult(unknownTaskError(ctx.state.background, args.task_id)));
    const { info, output } = read;
    const body = output.replace(/\n$/, '') || '(no new output)';
    return Promise.resolve(textResult(`${info.taskId} ${describeStatus(info)}: ${info.command}\n${body}`));
  },
});
