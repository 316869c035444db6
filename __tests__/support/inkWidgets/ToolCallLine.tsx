// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// One tool call: name, key argument, spinner or ✓/✗ with duration, and its output collapsed to a few lines.
import React from 'react';
import type { ToolItem } from '../../../source/store/state.js';
import { toolToLines } from '../../../components/view/toolLines.js';
import { Lines } from '../../../components/Lines.js';

export interface ToolCallLineProps {
  item: ToolItem;
  width: number;
  /** Current spinner frame, shown while the call runs. */
  spinner?: string;
}

export function ToolCallLine({ item, width, spinner = '⠋' }: ToolCallLineProps) {
  return <Lines lines={toolToLines(item, width, spinner)} width={width} />;
}
