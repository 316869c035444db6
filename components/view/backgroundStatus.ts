// The status words of a background task and a running subagent, as the sidebar and the task panel show them.
import type { BackgroundTaskInfo } from '../../source/protocol/events.js';
import { formatDuration, formatElapsed } from '../../source/util/format.js';
import type { RunningSubagent } from '../../source/store/subagents.js';

export function taskStatusText(task: BackgroundTaskInfo, now: number): string {
  const took = formatDuration(Math.max(0, (task.endedAt ?? now) - task.startedAt));
  const exit = task.exitCode === undefined || task.status === 'running' ? '' : ` (exit ${task.exitCode})`;
  return `${task.status}${exit} · ${took}`;
}

/** The second row of a running subagent: where it runs, how long, and its turns so far. */
export function subagentStatusText(agent: RunningSubagent, now: number): string {
  const took = agent.startedAt === undefined ? [] : [formatElapsed(now - agent.startedAt)];
  return [agent.background ? 'background' : 'running', ...took, `${agent.turns} ${agent.turns === 1 ? 'turn' : 'turns'}`].join(' · ');
}

export const subagentTitle = (agent: RunningSubagent): string => `${agent.agentType}${agent.description ? ` · ${agent.description}` : ''}`;
