// Background tasks: command, status, live elapsed time and last output line; the selected one is highlighted.
import React from 'react';
import { Box, Text } from 'ink';
import type { BackgroundStatus, BackgroundTaskInfo } from '../source/engine/events.js';
import { formatDuration } from '../source/store/format.js';

export interface BackgroundSidebarProps {
  tasks: readonly BackgroundTaskInfo[];
  /** The task picked with Ctrl+T, if any. */
  selectedId?: string;
  /** The clock for elapsed times (Date.now(), refreshed by the caller). */
  now: number;
  width: number;
}

const statusColor: Record<BackgroundStatus, string> = { running: 'cyan', exited: 'green', failed: 'red', killed: 'yellow' };

export function taskStatusText(task: BackgroundTaskInfo, now: number): string {
  const took = formatDuration(Math.max(0, (task.endedAt ?? now) - task.startedAt));
  const exit = task.exitCode === undefined || task.status === 'running' ? '' : ` (exit ${task.exitCode})`;
  return `${task.status}${exit} · ${took}`;
}

export const BackgroundSidebar = React.memo(function BackgroundSidebar({ tasks, selectedId, now, width }: BackgroundSidebarProps) {
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      <Text bold wrap="truncate-end">
        Background {tasks.length > 0 ? `(${tasks.length})` : ''}
        {tasks.length > 0 ? <Text dimColor> Ctrl+T</Text> : null}
      </Text>
      {tasks.length === 0 ? <Text dimColor>no tasks</Text> : null}
      {tasks.map((task) => {
        const selected = task.taskId === selectedId;
        return (
          <Box key={task.taskId} flexDirection="column" width={width}>
            <Text wrap="truncate-end" inverse={selected}>
              <Text color={statusColor[task.status]}>{selected ? '›' : '●'}</Text> {task.command}
            </Text>
            <Text dimColor wrap="truncate-end">
              {'  '}
              {task.taskId} · {taskStatusText(task, now)}
            </Text>
            {task.lastLine ? (
              <Text dimColor wrap="truncate-end">
                {'  '}
                {task.lastLine}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
});
