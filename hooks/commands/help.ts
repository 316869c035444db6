// /help: lists the slash commands and the keys (as bound in agent.config.json's `keys`).
import type { KeyBindings } from '../../source/config/keys.js';
import { describeCommand, type SlashCommand } from '../../source/store/commands.js';
import { defaultKeyBindings, keyHelpFor } from '../keymap.js';

/** /help listing the keys as `bindings` has them. */
export function helpCommandFor(bindings: KeyBindings): SlashCommand {
  const keyHelp = keyHelpFor(bindings);
  return {
    name: 'help',
    description: 'list commands and keys',
    run(ctx) {
      const usage = (c: SlashCommand): string => `/${c.name}${c.argsHint ? ` ${c.argsHint}` : ''}`;
      const listed = ctx.commands.filter((c) => !c.hidden);
      const width = Math.max(...listed.map((c) => usage(c).length));
      const commands = listed.map((c) => `  ${usage(c).padEnd(width)}  ${describeCommand(c)}`);
      const keys = keyHelp.map(([keys, what]) => `  ${keys}: ${what}`);
      ctx.print(['Commands:', ...commands, '', 'Keys:', ...keys].join('\n'));
    },
  };
}

export const helpCommand: SlashCommand = helpCommandFor(defaultKeyBindings);
