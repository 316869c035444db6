// The run queue: one run (or compaction) at a time; messages sent meanwhile wait in the store's queue, in order.
import type { SessionRuns } from '../engine/session/capabilities.js';
import type { EventPump } from './eventPump.js';
import { addNotice, markBusy, markInterrupted, setQueued } from './localActions.js';
import type { AppStore } from './store.js';
import { errorMessage } from '../util/errors.js';
import { dropSteering, markSteering } from './steering.js';

export interface RunQueue {
  /** A run or a compaction is under way. */
  active(): boolean;
  /** Starts a run now (the caller checked that none is active); `run` defaults to the prompt (or `!command`) of `text`. */
  start(text: string, run?: () => Promise<unknown>): void;
  /**
   * Starts the message's run, or queues it as typed while one is active. With `steer`, a queued message (not a
   * `!command`) is also handed to the running model for its next turn boundary; what it does not take runs next.
   */
  send(text: string, o?: { steer?: boolean }): void;
  /** Runs busy work that is not a run (a compaction) the way a run goes: queued messages wait for it. */
  busy(work: () => Promise<void>): Promise<void>;
  /** Stops the active run; returns the queued messages it dropped so the prompt can offer them again. */
  abort(): string[];
  /** Resolves when no run is active and nothing is queued. */
  idle(): Promise<void>;
  dispose(): void;
}

export interface RunQueueOptions {
  runs: SessionRuns;
  store: AppStore;
  pump: EventPump;
  /** Starts a queued message once its turn came: a command typed during a run is expanded (or answered) only now. */
  dispatchQueued: (text: string) => void;
}

export function createRunQueue({ runs, store, pump, dispatchQueued }: RunQueueOptions): RunQueue {
  let runActive = false;
  let disposed = false;
  let idleWaiters: Array<() => void> = [];

  const notifyIdle = (): void => {
    if (runActive || store.getState().queued.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** After a run or a compaction: the next queued message starts, or the queue is idle. */
  const afterBusy = (): void => {
    pump.flush();
    runActive = false;
    pump.update(dropSteering);
    const [next, ...rest] = store.getState().queued;
    if (next !== undefined && !disposed) {
      pump.update((state) => setQueued(state, rest));
      dispatchQueued(next);
    }
    notifyIdle();
  };

  // `!command` at the start of a message runs the command (Claude Code's bash mode) instead of prompting the model.
  const runFor = (text: string) => {
    const command = text.trimStart();
    return command.startsWith('!') && command.length > 1 ? runs.shell(command.slice(1).trim()) : runs.prompt(text);
  };

  const queue: RunQueue = {
    active: () => runActive,
    start(text, run = () => runFor(text)) {
      runActive = true;
      void (async () => {
        try {
          // Its events reach the store through the bridge's subscription, as they happen.
          await run();
        } catch (error) {
          const reason = errorMessage(error);
          pump.update((state) => addNotice(state, 'error', `The message could not be sent (${reason}); try again.`));
        } finally {
          // A run that ended without run_end (a crash) must not leave the screen "running".
          pump.update(markInterrupted);
          afterBusy();
        }
      })();
    },
    send(text, o = {}) {
      if (!runActive) return queue.start(text);
      pump.update((state) => setQueued(state, [...state.queued, text]));
      if (o.steer && !text.trimStart().startsWith('!') && runs.steer(text)) pump.update((state) => markSteering(state, text));
    },
    async busy(work) {
      runActive = true;
      pump.update(markBusy);
      try {
        await work();
      } finally {
        // Interrupted, the screen already shows it; otherwise the work is simply over.
        pump.update((state) => (state.running ? { ...state, running: false } : state));
        afterBusy();
      }
    },
    abort() {
      if (!runActive && !store.getState().running) return [];
      runs.abort();
      pump.flush();
      const dropped = store.getState().queued;
      pump.update((state) => setQueued(markInterrupted(state), []));
      return dropped;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notifyIdle();
      });
    },
    dispose() {
      disposed = true;
    },
  };
  return queue;
}
