// A row of the completion menu: a slash command, or a workspace file for an `@` mention.
import type { SlashCommand } from '../../source/commands/slashCommand.js';

export type MenuItem = { kind: 'command'; command: SlashCommand } | { kind: 'file'; path: string };
