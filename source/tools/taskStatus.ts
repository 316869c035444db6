// Words for background task states, shared by bash_output and kill_task.
import type { BackgroundTaskInfo } from '../protocol/events.js';
import type { BackgroundTasks } from './background.js';

export function describeStatus(info: BackgroundTaskInfo): string {
  switch (info.status) {
    case 'running':
      return 'running';
    case 'exited':
      return 'exited with code 0';
    case 'failed':
      return info.exitCode === undefined ? 'failed' : `failed with exit code ${info.exitCode}`;
    case 'killed':
      return 'killed';
  }
}

/** Error text for an id that names no task, listing the ones that exist. */
export function unknownTaskError(tasks: BackgroundTasks, taskId: string): string {
  const known = tasks.list().map((info) => `${info.taskId} (${describeStatus(info)})`);
  if (known.length === 0) return `There is no background task \`${taskId}\`; none has been started in this session.`;
  return `There is no background task \`${taskId}\`; known tasks: ${known.join(', ')}.`;
}

export const taskIdSchema = {
  type: 'object',
  properties: { task_id: { type: 'string', minLength: 1, description: 'e.g. "bg1"' } },
  required: ['task_id'],
  additionalProperties: false,
};

/** What the person reads when a call starts a background task (the model is told how to read and stop it). */
export const backgroundStartedLine = (taskId: string): string => `Running in the background as ${taskId} · /tasks lists it`;
