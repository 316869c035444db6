// Connects an AgentSession to the store: the event pump, run queue, command dispatch and session actions, assembled.
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import type { EarlierEvents } from '../sessionLog/earlierEvents.js';
import type { McpResourceInfo } from '../mcp/types.js';
import { CommandList } from '../commands/commandList.js';
import { parseSlashCommand } from '../commands/resolve.js';
import type { SlashCommand } from '../commands/slashCommand.js';
import { createCommandDispatch } from './commandDispatch.js';
import { createEventPump, type PumpOptions } from './eventPump.js';
import { createMcpActions } from './mcpActions.js';
import { createRewindActions, type RewindActions } from './rewindActions.js';
import { createRunQueue } from './runQueue.js';
import { createSessionActions, type SessionActions } from './sessionActions.js';
import { createSessionSwitch, type SessionSwitch } from './sessionSwitch.js';
import { initialState } from './state.js';
import type { AppStore } from './store.js';
import { createAppStore } from './store.js';

export { coalesceDeltas } from './eventPump.js';

export interface BridgeOptions extends PumpOptions {
  store?: AppStore;
  /** The slash commands: a fixed list, or a CommandList other sources may add to while the session runs. */
  commands?: readonly SlashCommand[] | CommandList;
  /** A resumed session's log events older than its transcript (`LoadedSession.earlier`). */
  earlier?: EarlierEvents;
  /** Events read from the log per `loadEarlier` page. Default 500. */
  earlierPageEvents?: number;
}

export interface Bridge extends SessionActions, SessionSwitch {
  readonly store: AppStore;
  /** The slash commands, for the completion menu and /help. */
  readonly commands: CommandList;
  /**
   * Sends a prompt or runs a slash command. While a run is active a prompt is queued, and the running model gets it
   * at its next turn boundary (steering); what it does not take is sent once the run ends.
   */
  send: (text: string) => void;
  /** Stops the active run; returns the queued messages it dropped so the prompt can offer them again. */
  abort: () => string[];
  runCommand: (text: string) => Promise<void>;
  /** The /rewind panel's actions (refused while a run is active). */
  readonly rewind: RewindActions;
  /** The /mcp panel's actions: each rejects with one plain sentence when it cannot be done. */
  mcpReconnect: (name: string) => Promise<void>;
  mcpSetEnabled: (name: string, enabled: boolean) => Promise<void>;
  /** A server's tools as it lists them (empty unless it is connected). */
  mcpTools: (name: string) => { name: string; description?: string }[];
  /** A server's resources and resource templates, for the /mcp panel. */
  mcpResources: (name: string) => Promise<McpResourceInfo[]>;
  /** Asks the app to exit; listeners registered with onExit run once. */
  exit: () => void;
  onExit: (listener: () => void) => () => void;
  /** Resolves when no run is active and nothing is queued. */
  idle: () => Promise<void>;
  dispose: () => void;
}

export function createBridge(session: SessionCapabilities, options: BridgeOptions = {}): Bridge {
  const store =
    options.store ??
    createAppStore(initialState(session.settings.info, { todos: session.conversation.todos(), tasks: session.tasks.backgroundTasks(), usage: session.inspection.totalUsage() }));
  const commands = options.commands instanceof CommandList ? options.commands : new CommandList(options.commands ?? []);
  const pump = createEventPump(store, options);
  let exited = false;
  const exitListeners = new Set<() => void>();
  const exit = (): void => {
    if (exited) return;
    exited = true;
    for (const listener of exitListeners) listener();
  };

  const queue = createRunQueue({
    runs: session.runs,
    store,
    pump,
    // A command typed during a run waited in the queue as typed; it is expanded (or answered) now that its turn came.
    dispatchQueued: (text) => (dispatch.isCommand(text) ? void dispatch.run(text) : queue.start(text)),
  });
  const actions = createSessionActions(session, store, pump, queue);
  const dispatch = createCommandDispatch({ session, store, pump, queue, commands, actions, exit });
  const switcher = createSessionSwitch(session, store, pump, queue, options);
  const { mcp: mcpControl } = session.inspection;
  const mcp = createMcpActions(mcpControl);

  // The one channel: every event, a run's own and those around runs, each once.
  const unsubscribe = session.runs.subscribe((event) => pump.push(event));
  // Servers may have changed state before the screen subscribed: start from their status now.
  if (mcpControl) pump.push({ type: 'mcp_status', sessionId: session.settings.info.sessionId, servers: mcpControl.status() });

  return {
    ...actions,
    ...switcher,
    store,
    commands,
    send(text) {
      const trimmed = text.trim();
      if (trimmed === '') return;
      if (parseSlashCommand(trimmed)) void dispatch.run(trimmed);
      else queue.send(text, { steer: true });
    },
    abort: () => queue.abort(),
    runCommand: (text) => dispatch.run(text),
    rewind: createRewindActions(session.conversation, () => queue.active() || store.getState().running, (change) => pump.update(change)),
    mcpReconnect: (name) => mcp.reconnect(name),
    mcpSetEnabled: (name, enabled) => mcp.setEnabled(name, enabled),
    mcpTools: (name) => mcp.tools(name),
    mcpResources: (name) => mcp.resources(name),
    exit,
    onExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    idle: () => queue.idle(),
    dispose() {
      pump.dispose();
      queue.dispose();
      unsubscribe();
    },
  };
}
