// The slash commands on offer now: re-renders when a source adds or changes commands.
import { useSyncExternalStore } from 'react';
import type { CommandList } from '../source/commands/commandList.js';
import type { SlashCommand } from '../source/commands/slashCommand.js';

export function useCommands(list: CommandList): readonly SlashCommand[] {
  return useSyncExternalStore(
    (onChange) => list.subscribe(onChange),
    () => list.all(),
  );
}
