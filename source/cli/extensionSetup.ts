// What the .claude/ and .rein/ folders give a session (commands, skills, agents) and how a typed /command runs, for cli.ts.
import { loadAgents, type LoadedAgents } from '../agents/loadAgents.js';
import type { PromptOptions } from '../engine/session/types.js';
import { loadCustomCommands } from '../extensions/commandFiles.js';
import type { CustomCommand } from '../extensions/commandFile.js';
import { commandPromptOptions, type CommandRunContext } from '../commands/commandPrompt.js';
import { loadSkills, type SkillInfo } from '../extensions/skills.js';
import { resolveSlashCommand } from '../commands/resolve.js';

export interface FolderOptions {
  workspace: string;
  cwd: string;
  reinHome: string;
  /** Whether the user trusts this project (the project trust decided before the session opened). */
  projectTrusted: () => boolean;
  /** The session's tools (rein's names); agents are read only when `task` is among them. */
  tools: readonly string[];
  /** The user's home, for ~/.claude; the process's unless given. */
  home?: string;
}

export interface LoadedFolders {
  /** Custom commands, then the skills that can be typed as `/name`; a command file wins a name it shares with a skill. */
  commands: CustomCommand[];
  skills: SkillInfo[];
  agents?: LoadedAgents;
  warnings: string[];
  /** True when a command, skill or agent file brings hooks of its own: the session then needs its hook runner. */
  bringsHooks: boolean;
  /** Whether the user trusts this project, for what these files may widen (allowed-tools, hooks:, !`commands`). */
  projectTrusted: () => boolean;
}

export function loadFolders(o: FolderOptions): LoadedFolders {
  const custom = loadCustomCommands({ workspace: o.workspace, reinHome: o.reinHome, home: o.home });
  const skills = loadSkills({ workspace: o.workspace, reinHome: o.reinHome, home: o.home });
  const agents = o.tools.includes('task') ? loadAgents({ cwd: o.workspace, reinHome: o.reinHome, home: o.home, knownTools: o.tools }) : undefined;
  const taken = new Set(custom.commands.map((c) => c.name));
  const skillCommands = skills.skills.flatMap((s) => (s.command && !taken.has(s.command.name) ? [s.command] : []));
  const commands = [...custom.commands, ...skillCommands];
  return {
    commands,
    skills: skills.skills,
    agents,
    warnings: [...(agents?.warnings ?? []), ...custom.warnings, ...skills.warnings],
    bringsHooks: commands.some((c) => c.hooks.length > 0) || (agents?.agents.some((a) => (a.hooks?.length ?? 0) > 0) ?? false),
    projectTrusted: o.projectTrusted,
  };
}

/**
 * How `rein -p "/name args"` runs, as `claude -p` runs it: a command or skill of that name expands; a name that is no
 * command is answered "Unknown command: /name" without calling the model; a path or anything else goes as typed.
 */
export function headlessPromptOptions(text: string, commands: readonly CustomCommand[], ctx: CommandRunContext & { mcp: boolean }): PromptOptions | undefined {
  const resolved = resolveSlashCommand(text, commands, { mcp: ctx.mcp });
  if (resolved.kind === 'unknown') return { reply: resolved.message };
  return resolved.kind === 'command' ? commandPromptOptions(resolved.command, resolved.args, ctx) : undefined;
}
