// The completion menu under the prompt while a slash command or an @ file is typed: the matches, one selected.
import type { MenuItem } from '../hooks/slashMenu.js';
import { slashMenuLines } from './view/bottomLines.js';
import { Lines } from './Lines.js';

export interface SlashMenuProps {
  items: readonly MenuItem[];
  selected: number;
  width: number;
  maxRows: number;
}

export function SlashMenu({ items, selected, width, maxRows }: SlashMenuProps) {
  const lines = slashMenuLines(items, selected, width, maxRows);
  return lines.length === 0 ? null : <Lines lines={lines} width={width} />;
}
