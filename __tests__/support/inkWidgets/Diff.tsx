// Kept for tests only: the Ink drawing of a widget, the reference its row renderer in components/view/ is held to.
// A unified diff, coloured: + green, − red, hunk headers dim; cut to maxLines with a count of the rest.
import React from 'react';
import { Text } from 'ink';
import { diffToLines } from '../../../components/view/diffLines.js';
import { Lines } from '../../../components/Lines.js';

export interface DiffProps {
  diff: string;
  width: number;
  maxLines?: number;
}

export function Diff({ diff, width, maxLines }: DiffProps) {
  const lines = diffToLines(diff, width);
  if (maxLines === undefined || lines.length <= maxLines) return <Lines lines={lines} width={width} />;
  const shown = lines.slice(0, Math.max(0, maxLines - 1));
  return (
    <>
      <Lines lines={shown} width={width} />
      <Text dimColor>… {lines.length - shown.length} more diff lines</Text>
    </>
  );
}
