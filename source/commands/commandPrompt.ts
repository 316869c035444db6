// A custom command as the TUI and headless mode run it: a prompt whose message is the expanded template.
import type { PromptOptions } from '../engine/session/types.js';
import type { SlashCommand } from './slashCommand.js';
import { isProjectFile, type CustomCommand } from '../extensions/commandFile.js';
import { expandCommand } from '../extensions/commandExpand.js';
import { untrustedProject as untrustedHint } from '../extensions/projectTrust.js';

export interface CommandRunContext {
  workspace: string;
  /**
   * Whether the user trusts the project now. A project's command file widens nothing before that: its
   * allowed-tools are not granted, its hooks do not join, and its !`commands` are judged as in ask mode.
   */
  projectTrusted: () => boolean;
}


/** The prompt options for `/name args`: expansion inside the run, `allowed-tools`, `model` and `hooks:` as the file says. */
export function commandPromptOptions(command: CustomCommand, args: string, ctx: CommandRunContext): PromptOptions {
  if (command.refusal !== undefined) return { display: args ? `/${command.name} ${args}` : `/${command.name}`, reply: command.refusal };
  const trusted = !isProjectFile(command) || ctx.projectTrusted();
  const notes: string[] = [];
  if (!trusted && command.allowedTools.length > 0) {
    notes.push(`/${command.name}'s allowed-tools (${command.allowedTools.map((r) => r.text).join(', ')}) were not granted: ${untrustedHint}.`);
  }
  if (!trusted && command.hooks.length > 0) notes.push(`/${command.name}'s hooks (${[...new Set(command.hooks.map((h) => h.event))].join(', ')}) were not run: ${untrustedHint}.`);
  return {
    display: args ? `/${command.name} ${args}` : `/${command.name}`,
    allowedTools: trusted ? command.allowedTools : [],
    model: command.model,
    hooks: trusted && command.hooks.length > 0 ? command.hooks : undefined,
    notices: notes.length > 0 ? notes : undefined,
    expand: (tools) => expandCommand(command, args, tools, { workspace: ctx.workspace, sessionId: tools.sessionId, untrusted: !trusted }),
  };
}

/** The command as the slash-command menu, /help and the bridge see it. */
export function customSlashCommand(command: CustomCommand, ctx: CommandRunContext): SlashCommand {
  return {
    name: command.name,
    argsHint: command.argumentHint,
    description: command.description,
    origin: command.origin,
    hidden: command.refusal !== undefined,
    run(run, args) {
      // The screen shows the answer as a notice; no run is started for it.
      if (command.refusal !== undefined) {
        run.print(command.refusal);
        return;
      }
      const options = commandPromptOptions(command, args, ctx);
      run.prompt(options.display ?? `/${command.name}`, options);
    },
  };
}
