// Command dispatch: runs a typed slash command with a context that grants the screen's capabilities, not the session.
import { sessionReads } from '../commands/sessionReads.js';
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import type { CommandList } from '../commands/commandList.js';
import { resolveSlashCommand } from '../commands/resolve.js';
import type { CommandContext } from '../commands/slashCommand.js';
import type { EventPump } from './eventPump.js';
import { addNotice, setQueued } from './localActions.js';
import type { RunQueue } from './runQueue.js';
import type { SessionActions } from './sessionActions.js';
import type { AppStore } from './store.js';
import { errorMessage } from '../util/errors.js';

export interface CommandDispatch {
  /** Runs "/name args": a command answers, an unknown name gets a hint, anything else goes to the model. */
  run(text: string): Promise<void>;
  /** Whether a queued message is a command (or unknown one) rather than a message for the model. */
  isCommand(text: string): boolean;
}

export interface DispatchOptions {
  session: SessionCapabilities;
  store: AppStore;
  pump: EventPump;
  queue: RunQueue;
  commands: CommandList;
  actions: SessionActions;
  exit(): void;
}

export function createCommandDispatch(o: DispatchOptions): CommandDispatch {
  const { session, store, pump, queue } = o;
  const resolve = (text: string) => resolveSlashCommand(text, o.commands.all(), { mcp: session.inspection.mcp !== undefined });

  const contextFor = (title: string): CommandContext => ({
    getState: () => store.getState(),
    screen: true,
    print: (output) => pump.update((state) => addNotice(state, 'command', output, title)),
    fail: (output) => pump.update((state) => addNotice(state, 'error', output, title)),
    setMode: (mode) => o.actions.setMode(mode),
    // A failure of what the command asked for names the command too.
    setModel: (model) => o.actions.setModel(model, title),
    addDir: (path) => session.settings.addDir(path),
    listModels: () => session.settings.listModels(),
    clear: () => o.actions.clear(),
    exit: () => o.exit(),
    killTask: (taskId) => o.actions.killTask(taskId, title),
    compact: (instructions) => o.actions.compact(instructions, title),
    team: (task) => o.actions.team(task),
    canTeam: session.runs.team !== undefined,
    canRewind: session.conversation.rewindPoints !== undefined,
    prompt: (shown, promptOptions) => {
      if (queue.active()) pump.update((state) => setQueued(state, [...state.queued, shown]));
      else queue.start(shown, () => session.runs.prompt(shown, promptOptions));
    },
    openPanel: (panel) => o.actions.openPanel(panel),
    send: (text) => queue.send(text),
    ...sessionReads(session),
    commands: o.commands.all(),
  });

  return {
    isCommand: (text) => resolve(text).kind !== 'prompt',
    async run(text) {
      const title = text.trim();
      const resolved = resolve(title);
      // Not a command (a path, or an MCP prompt the engine fetches once its server is up): a message for the model.
      if (resolved.kind === 'prompt') {
        queue.send(title);
        return;
      }
      if (resolved.kind === 'unknown') {
        // The hint names the command already: one line, without the typed line above it.
        pump.update((state) => addNotice(state, 'warning', `${resolved.message} (type /help for the list)`));
        return;
      }
      const { command, args } = resolved;
      const ctx = contextFor(title);
      try {
        await command.run(ctx, args);
      } catch (error) {
        const reason = errorMessage(error);
        ctx.fail(`/${command.name} failed: ${reason}`);
      }
    },
  };
}
