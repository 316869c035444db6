// The scrollable transcript viewport: only the visible slice of pre-rendered lines reaches the screen.
import { useContext, useInsertionEffect, useLayoutEffect } from 'react';
import { Box, Text } from 'ink';
import { sliceViewport, type TranscriptLayout } from './view/transcriptLines.js';
import { Lines } from './Lines.js';
import { RowOverlayContext } from './screen/rowOverlay.js';

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
  const overlay = useContext(RowOverlayContext);
  // Layout effects clean up before the frame is drawn, so a hidden transcript never leaves rows behind.
  useLayoutEffect(() => () => overlay?.set(undefined, 0), [overlay]);
  const scrolled = offset > 0;
  const lines = height <= 0 ? undefined : sliceViewport(layout, scrolled ? height - 1 : height, offset);
  // Full screen, the rows are already laid out: they go straight into the frame and Ink only keeps their place.
  // Set by the commit, before Ink writes the frame (layout effects run after it).
  useInsertionEffect(() => {
    if (lines) overlay?.set(lines, width);
    else overlay?.set(undefined, 0);
  });
  if (!lines) return null;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {overlay ? <Box height={lines.length} flexShrink={0} /> : <Lines lines={lines} width={width} />}
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
