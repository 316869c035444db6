// The output of one background task, shown in place of the transcript while picked with Ctrl+T.
import { Box, Text } from 'ink';
import type { BackgroundTaskInfo } from '../source/protocol/events.js';
import { sanitize, trimTrailingBlank, wrapText } from './view/style.js';
import { taskStatusText } from './view/backgroundStatus.js';
import { Lines } from './Lines.js';

export interface TaskOutputPanelProps {
  task: BackgroundTaskInfo;
  /** Everything the task printed so far. */
  output: string;
  now: number;
  width: number;
  height: number;
}

export function TaskOutputPanel({ task, output, now, width, height }: TaskOutputPanelProps) {
  const room = Math.max(0, height - 2);
  const rows = trimTrailingBlank(wrapText(sanitize(output), width));
  const shown = rows.length === 1 && rows[0] === '' ? [] : rows.slice(-room);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {task.taskId}: {task.command} <Text dimColor>— {taskStatusText(task, now)}</Text>
      </Text>
      <Box height={room} flexDirection="column">
        {shown.length === 0 ? <Text dimColor>(no output yet)</Text> : <Lines lines={shown} width={width} />}
      </Box>
      <Text dimColor wrap="truncate-end">
        ↑/↓ pick a task · x stop it · Esc close
      </Text>
    </Box>
  );
}
