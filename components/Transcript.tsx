// The scrollable transcript viewport: only the visible slice of pre-rendered lines reaches Ink.
import React from 'react';
import { Box, Text } from 'ink';
import { sliceViewport, type TranscriptLayout } from './lines/transcriptLines.js';
import { Lines } from './Lines.js';

export interface TranscriptProps {
  layout: TranscriptLayout;
  width: number;
  height: number;
  /** Lines above the bottom; 0 follows new output. */
  offset: number;
  /** Output arrived below while scrolled up. */
  unseen: boolean;
}

export function Transcript({ layout, width, height, offset, unseen }: TranscriptProps) {
  if (height <= 0) return null;
  const scrolled = offset > 0;
  const lines = sliceViewport(layout, scrolled ? height - 1 : height, offset);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Lines lines={lines} width={width} />
      {scrolled ? (
        <Box marginTop={Math.max(0, height - 1 - lines.length)}>
          {unseen ? (
            <Text color="yellow" wrap="truncate-end">↓ New output below · End or PgDn to follow</Text>
          ) : (
            <Text dimColor wrap="truncate-end">↑ Scrolled up {offset} lines · End or PgDn to return</Text>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
