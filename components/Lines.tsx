// Renders pre-rendered terminal lines, one <Text> per line, each cut (never wrapped) at the box width.
import React from 'react';
import { Box, Text } from 'ink';

export interface LinesProps {
  /** Already wrapped, possibly ANSI-styled lines. */
  lines: readonly string[];
  width?: number;
}

export const Lines = React.memo(function Lines({ lines, width }: LinesProps) {
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      {lines.map((line, i) => (
        // An empty Text would take no row; a space keeps blank lines one row tall.
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
});
