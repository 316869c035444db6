// /help: lists the slash commands and the keys (as bound in agent.config.json's `keys`).
import type { KeyBindings } from '../config/keys.js';
import type { SlashCommand } from './slashCommand.js';
import { describeCommand } from './resolve.js';
import { keyHelpFor } from './keyHelp.js';

/** /help listing the keys as `bindings` has them; without bindings (no screen, no keys) it lists the commands alone. */
export function helpCommandFor(bindings?: KeyBindings): SlashCommand {
  const keyHelp = bindings ? keyHelpFor(bindings) : [];
  return {
    name: 'help',
    description: 'list commands and keys',
    run(ctx) {
      const usage = (c: SlashCommand): string => `/${c.name}${c.argsHint ? ` ${c.argsHint}` : ''}`;
      const listed = ctx.commands.filter((c) => !c.hidden);
      const width = Math.max(...listed.map((c) => usage(c).length));
      const commands = listed.map((c) => `  ${usage(c).padEnd(width)}  ${describeCommand(c)}`);
      const keys = keyHelp.map(([keys, what]) => `  ${keys}: ${what}`);
      ctx.print(['Commands:', ...commands, ...(keys.length > 0 ? ['', 'Keys:', ...keys] : [])].join('\n'));
    },
  };
}
