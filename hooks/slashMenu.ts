// Which slash commands the completion menu offers for the text typed so far, and what completing one yields.
import type { SlashCommand } from '../source/commands/slashCommand.js';
import { matchCommands } from '../source/commands/resolve.js';

export type { MenuItem } from '../components/view/menuItem.js';

/** The menu shows while the prompt is a lone "/word" being typed. */
export function menuItems(text: string, commands: readonly SlashCommand[]): SlashCommand[] {
  // Command names may hold any character but a space (`/release.notes`), as file names do.
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  return matchCommands(commands, match[1]);
}

/** The prompt text after completing to `command`: a trailing space when arguments may follow. */
export function completionText(command: SlashCommand): string {
  return command.argsHint ? `/${command.name} ` : `/${command.name}`;
}
