// /help: lists the slash commands and the keys.
import { describeCommand, type SlashCommand } from '../../source/store/commands.js';
import { keyHelp } from '../keymap.js';

export const helpCommand: SlashCommand = {
  name: 'help',
  description: 'list commands and keys',
  run(ctx) {
    const usage = (c: SlashCommand): string => `/${c.name}${c.argsHint ? ` ${c.argsHint}` : ''}`;
    const width = Math.max(...ctx.commands.map((c) => usage(c).length));
    const commands = ctx.commands.map((c) => `  ${usage(c).padEnd(width)}  ${describeCommand(c)}`);
    const keys = keyHelp.map(([keys, what]) => `  ${keys}: ${what}`);
    ctx.print(['Commands:', ...commands, '', 'Keys:', ...keys].join('\n'));
  },
};
