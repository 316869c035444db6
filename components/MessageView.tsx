// Any transcript item (user message, assistant message, tool call, notice) rendered on its own.
import React from 'react';
import type { TranscriptItem } from '../source/store/state.js';
import { itemToLines } from './view/transcriptLines.js';
import { Lines } from './Lines.js';

export interface MessageViewProps {
  item: TranscriptItem;
  width: number;
  spinner?: string;
}

export function MessageView({ item, width, spinner = '⠋' }: MessageViewProps) {
  return <Lines lines={itemToLines(item, width, spinner)} width={width} />;
}
