// Every slash command, in the order /help and the completion menu show them: a new command is one file plus one line here.
import type { SlashCommand } from './slashCommand.js';
import { addDirCommand } from './addDir.js';
import { clearCommand } from './clear.js';
import { compactCommand } from './compact.js';
import { contextCommand } from './context.js';
import { costCommand } from './cost.js';
import { doctorCommand } from './doctor.js';
import { exitCommand } from './exit.js';
import { helpCommandFor } from './help.js';
import type { KeyBindings } from '../config/keys.js';
import { defaultKeyBindings } from './keyHelp.js';
import { mcpCommand } from './mcp.js';
import { memoryCommand } from './memory.js';
import { modeCommand } from './mode.js';
import { modelCommand } from './model.js';
import { permissionsCommand } from './permissions.js';
import { resumeCommand } from './resume.js';
import { renameCommand } from './rename.js';
import { rewindCommand } from './rewind.js';
import { skillsCommand } from './skills.js';
import { initCommand } from './init.js';
import { exportCommand } from './export.js';
import { tasksCommand } from './tasks.js';
import { teamCommand } from './team.js';
import { todosCommand } from './todos.js';

/** The built-in commands; /help lists the keys as `bindings` has them (none without a screen). */
export function builtinCommands(bindings?: KeyBindings): readonly SlashCommand[] {
  return [
    helpCommandFor(bindings),
    clearCommand,
    modelCommand,
    modeCommand,
    permissionsCommand,
    costCommand,
    contextCommand,
    compactCommand,
    memoryCommand,
    skillsCommand,
    initCommand,
    mcpCommand,
    addDirCommand,
    doctorCommand,
    resumeCommand,
    renameCommand,
    exportCommand,
    rewindCommand,
    todosCommand,
    tasksCommand,
    teamCommand,
    exitCommand,
  ];
}

/** The built-ins as the full screen offers them with the default keys. */
export const slashCommands: readonly SlashCommand[] = builtinCommands(defaultKeyBindings);
