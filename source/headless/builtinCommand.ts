// A built-in slash command in a headless run (`rein -p "/cost"`): run with the session's capabilities, its output printed.
import { sessionReads } from '../commands/sessionReads.js';
import type { HeadlessRuns } from './headlessSession.js';
import type { PromptOptions } from '../engine/session/types.js';
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import { pricedUsage } from '../providers/prices.js';
import { resolveSlashCommand } from '../commands/resolve.js';
import type { CommandContext, CommandFacts, SlashCommand } from '../commands/slashCommand.js';
import { errorMessage } from '../util/errors.js';

/** What came of a command: its output and exit code, or a run it asked for (`/init`, `/team`, an MCP prompt). */
export type HeadlessCommandOutcome =
  | { kind: 'answered'; output: string; error?: string; exitCode: number }
  | { kind: 'run'; run: (runs: HeadlessRuns) => Promise<unknown> };

function factsOf({ runs, conversation, settings, tasks, inspection }: SessionCapabilities): CommandFacts {
  const usage = inspection.totalUsage();
  const window = settings.info.contextWindow;
  const tokens = inspection.contextTokens();
  return {
    session: { ...settings.info },
    running: runs.isRunning(),
    usage,
    ...pricedUsage({ [settings.info.model]: usage }),
    context: { tokens, window, percent: Math.min(100, Math.round((tokens / window) * 1000) / 10) },
    todos: conversation.todos(),
    tasks: tasks.backgroundTasks(),
    ...(inspection.mcp ? { mcp: inspection.mcp.status() } : {}),
  };
}

/**
 * Runs `text` when it names one of `commands`; undefined when it does not (a message, a custom command or an unknown
 * name go the usual way). A command that needs the full screen is refused with one sentence and exit code 2.
 */
export async function runHeadlessCommand(text: string, session: SessionCapabilities, commands: readonly SlashCommand[]): Promise<HeadlessCommandOutcome | undefined> {
  const resolved = resolveSlashCommand(text, commands, { mcp: session.inspection.mcp !== undefined });
  if (resolved.kind !== 'command') return undefined;
  const { command, args } = resolved;
  if (command.screen) {
    return { kind: 'answered', output: '', error: `/${command.name} needs the full screen: run rein without -p to use it.`, exitCode: 2 };
  }
  const printed: string[] = [];
  const failed: string[] = [];
  let run: ((runs: HeadlessRuns) => Promise<unknown>) | undefined;
  const ctx: CommandContext = {
    getState: () => factsOf(session),
    screen: false,
    print: (output) => printed.push(output),
    fail: (output) => failed.push(output),
    setMode: (mode) => session.settings.setMode(mode),
    setModel(model) {
      try {
        session.settings.setModel(model);
      } catch (error) {
        failed.push(`Could not switch to model ${model} (${errorMessage(error)}); check the name.`);
      }
    },
    addDir: (path) => session.settings.addDir(path),
    listModels: () => session.settings.listModels(),
    clear: () => session.conversation.clear(),
    // The run ends with the command anyway.
    exit: () => {},
    killTask: (taskId) => session.tasks.killTask(taskId),
    async compact(instructions) {
      // The outcome arrives as events: the new size is printed, a failure is the command's error.
      const unsubscribe = session.runs.subscribe((event) => {
        if (event.type === 'compaction') printed.push(`Compacted the conversation (${event.level}): ${event.tokensBefore} → ${event.tokensAfter} tokens.`);
        else if (event.type === 'error') failed.push(event.message);
      });
      try {
        await session.runs.compact(instructions);
      } finally {
        unsubscribe();
      }
    },
    prompt: (shown: string, options: PromptOptions) => (run = (runs) => runs.prompt(shown, options)),
    send: (message) => (run = (runs) => runs.prompt(message)),
    team(task) {
      if (!session.runs.team) return false;
      run = (runs) => runs.team?.(task) ?? Promise.resolve();
      return true;
    },
    canTeam: session.runs.team !== undefined,
    canRewind: session.conversation.rewindPoints !== undefined,
    openPanel: () => {
      throw new Error('there is no screen to show a panel on');
    },
    ...sessionReads(session),
    commands,
  };
  try {
    await command.run(ctx, args);
  } catch (error) {
    failed.push(`/${command.name} failed: ${errorMessage(error)}`);
  }
  if (run && failed.length === 0) return { kind: 'run', run };
  return { kind: 'answered', output: printed.join('\n'), ...(failed.length > 0 ? { error: failed.join('\n') } : {}), exitCode: failed.length > 0 ? 1 : 0 };
}
