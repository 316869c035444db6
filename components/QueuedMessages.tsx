// Messages typed during a run, waiting to be sent when it ends.
import React from 'react';
import { Box, Text } from 'ink';

export interface QueuedMessagesProps {
  queued: readonly string[];
  width: number;
  maxRows: number;
}

export function QueuedMessages({ queued, width, maxRows }: QueuedMessagesProps) {
  if (queued.length === 0 || maxRows <= 0) return null;
  const shown = queued.slice(0, maxRows);
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      {shown.map((text, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          ⏳ queued: {text.replace(/\s*\n\s*/g, ' ⏎ ')}
          {i === shown.length - 1 && queued.length > shown.length ? ` (+${queued.length - shown.length} more)` : ''}
        </Text>
      ))}
    </Box>
  );
}
