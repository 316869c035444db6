// The completion menu under the prompt while a slash command is typed: matching commands, one selected.
import React from 'react';
import { Box, Text } from 'ink';
import type { SlashCommand } from '../source/store/commands.js';

export interface SlashMenuProps {
  items: readonly SlashCommand[];
  selected: number;
  width: number;
  maxRows: number;
}

export function SlashMenu({ items, selected, width, maxRows }: SlashMenuProps) {
  if (items.length === 0 || maxRows <= 0) return null;
  const first = Math.min(Math.max(0, selected - maxRows + 1), Math.max(0, items.length - maxRows));
  const visible = items.slice(first, first + maxRows);
  const nameWidth = Math.max(...items.map((c) => c.name.length + (c.argsHint ? c.argsHint.length + 1 : 0))) + 1;
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      {visible.map((command, i) => {
        const isSelected = first + i === selected;
        const usage = `/${command.name}${command.argsHint ? ` ${command.argsHint}` : ''}`;
        return (
          <Text key={command.name} wrap="truncate-end" color={isSelected ? 'cyan' : undefined}>
            {isSelected ? '› ' : '  '}
            <Text bold={isSelected}>{usage.padEnd(nameWidth)}</Text>
            <Text dimColor> {command.description}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
