// Another saved session opened in place (/resume), and a resumed log's older events read a page at a time.
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import type { SessionSummary } from '../sessionLog/listSessions.js';
import { readEarlierEvents, type EarlierEvents } from '../sessionLog/earlierEvents.js';
import { prependEarlier } from './earlier.js';
import type { EventPump } from './eventPump.js';
import { addNotice, markInterrupted } from './localActions.js';
import { resumedState } from './resumed.js';
import type { RunQueue } from './runQueue.js';
import type { AppStore } from './store.js';
import { errorMessage } from '../util/errors.js';

export interface SessionSwitch {
  /** Saved sessions of this directory for the /resume picker, newest first, without the one open; throws when the folder cannot be read. */
  recentSessions(): SessionSummary[];
  /**
   * Opens a saved session in place: the transcript shows its history and the next message carries it. Refused,
   * with a notice, while a run is active; false when it was not switched.
   */
  switchSession(sessionId: string): boolean;
  /**
   * Reads the next page of a resumed session's older events from its log (every one left with `all`) and puts their
   * items above the transcript; false when there is nothing earlier to read, or the transcript no longer goes on from
   * where the log was read (after /clear, or once the oldest items were trimmed).
   */
  loadEarlier(all?: boolean): boolean;
}

const reasonOf = (error: unknown): string => errorMessage(error);

export function createSessionSwitch(session: SessionCapabilities, store: AppStore, pump: EventPump, queue: RunQueue, options: { earlier?: EarlierEvents; earlierPageEvents?: number }): SessionSwitch {
  // Where the log's older events end, and the item they go above: the transcript must still begin with it.
  const earlierFrom = (from: EarlierEvents | undefined) => (from ? { from, top: store.getState().transcript[0]?.id } : undefined);
  let earlier = earlierFrom(options.earlier);
  const earlierPageEvents = options.earlierPageEvents ?? 500;

  return {
    recentSessions() {
      const current = session.settings.info.sessionId;
      return session.conversation.recentSessions(100).filter((s) => s.sessionId !== current);
    },
    switchSession(sessionId) {
      if (queue.active() || store.getState().running) {
        pump.update((state) => addNotice(state, 'error', 'Wait for the running task to finish (or press Esc) before switching sessions.'));
        return false;
      }
      pump.flush();
      let switched;
      try {
        switched = session.conversation.switchSession(sessionId);
      } catch (error) {
        pump.update((state) => addNotice(state, 'error', `Could not open session ${sessionId}: ${reasonOf(error)}`));
        return false;
      }
      const before = store.getState();
      // The picked session's transcript, as --resume shows it; the servers, tasks and queue of this process stay.
      let next = markInterrupted(resumedState(session, switched.events));
      next = { ...next, mcp: before.mcp, tasks: session.tasks.backgroundTasks(), usageByModel: before.usageByModel, cost: before.cost, seq: Math.max(next.seq, before.seq) };
      for (const warning of switched.warnings) next = addNotice(next, 'warning', warning);
      next = addNotice(next, 'info', `Opened session ${switched.sessionId}.`);
      store.setState(next, true);
      earlier = earlierFrom(switched.earlier);
      return true;
    },
    loadEarlier(all = false) {
      if (!earlier) return false;
      const state = store.getState();
      if (state.trimmedCount > 0 || state.transcript[0]?.id !== earlier.top) {
        earlier = undefined;
        return false;
      }
      let page;
      try {
        page = readEarlierEvents(earlier.from, all ? Number.POSITIVE_INFINITY : earlierPageEvents);
      } catch (error) {
        earlier = undefined;
        pump.update((s) => addNotice(s, 'warning', `The earlier part of this session's transcript could not be read from its log (${reasonOf(error)}).`));
        return false;
      }
      const { events, warnings, rest } = page;
      pump.update((s) => prependEarlier(s, events, warnings));
      earlier = earlierFrom(rest);
      return events.length > 0 || warnings.length > 0;
    },
  };
}
