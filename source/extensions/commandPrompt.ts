// A custom command as the TUI and headless mode run it: a prompt whose message is the expanded template.
import type { PromptOptions } from '../engine/sessionTypes.js';
import type { SlashCommand } from '../store/commands.js';
import type { CustomCommand } from './commandFiles.js';
import { expandCommand } from './commandExpand.js';

/** The prompt options for `/name args`: expansion inside the run, `allowed-tools` and `model` for that run only. */
export function commandPromptOptions(command: CustomCommand, args: string, workspace: string): PromptOptions {
  return {
    display: args ? `/${command.name} ${args}` : `/${command.name}`,
    allowedTools: command.allowedTools,
    model: command.model,
    expand: (tools) => expandCommand(command, args, tools, workspace),
  };
}

/** The command as the slash-command menu, /help and the bridge see it. */
export function customSlashCommand(command: CustomCommand, workspace: string): SlashCommand {
  return {
    name: command.name,
    argsHint: command.argumentHint,
    description: command.description,
    origin: command.origin,
    run(ctx, args) {
      const options = commandPromptOptions(command, args, workspace);
      ctx.prompt(options.display ?? `/${command.name}`, options);
    },
  };
}
