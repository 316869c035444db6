// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// Running subagents (type, description, elapsed time, current step), then background tasks: command, status, live
// elapsed time and last output line; the selected one is highlighted.
import React from 'react';
import { Box, Text } from 'ink';
import type { BackgroundStatus, BackgroundTaskInfo } from '../../../source/protocol/events.js';
import type { RunningSubagent } from '../../../source/store/subagents.js';
import { subagentStatusText, subagentTitle, taskStatusText } from '../../../components/view/backgroundStatus.js';

export interface BackgroundSidebarProps {
  tasks: readonly BackgroundTaskInfo[];
  /** The task picked with Ctrl+T, if any. */
  selectedId?: string;
  /** The clock for elapsed times (Date.now(), refreshed by the caller). */
  now: number;
  width: number;
  /** Subagents at work, foreground and background; the section shows only while there are any. */
  subagents?: readonly RunningSubagent[];
}

const statusColor: Record<BackgroundStatus, string> = { running: 'cyan', exited: 'green', failed: 'red', killed: 'yellow' };

export const BackgroundSidebar = React.memo(function BackgroundSidebar({ tasks, selectedId, now, width, subagents = [] }: BackgroundSidebarProps) {
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      {subagents.length > 0 ? (
        <Box flexDirection="column" width={width} marginBottom={1}>
          <Text bold wrap="truncate-end">
            Subagents ({subagents.length})
          </Text>
          {subagents.map((agent) => (
            <Box key={agent.toolCallId} flexDirection="column" width={width}>
              <Text wrap="truncate-end">
                <Text color="cyan">●</Text> {subagentTitle(agent)}
              </Text>
              <Text dimColor wrap="truncate-end">
                {'  '}
                {subagentStatusText(agent, now)}
              </Text>
              <Text dimColor wrap="truncate-end">
                {'  '}
                {agent.step}
              </Text>
            </Box>
          ))}
        </Box>
      ) : null}
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
