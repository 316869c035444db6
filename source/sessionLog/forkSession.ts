// `--fork-session`: copies a saved session into a new log under a new id, leaving the old log untouched.
import { SessionLog } from './sessionLog.js';
import type { LoadedSession } from './loadSession.js';
import { SessionLogError, type MetaRecord } from './records.js';
import type { Message } from '../protocol/messages.js';

export interface ForkOptions {
  sessionsDir: string;
  /** The session being forked, as loaded for resume. */
  source: LoadedSession;
  /** The history the fork starts from (the source's, repaired). */
  history: Message[];
  /** The new session's header: a new id, and where and how it runs now. */
  meta: Omit<MetaRecord, 'kind' | 'version' | 'forkedFrom'>;
}

/**
 * Writes the new log: its header (naming the source in `forkedFrom`), the source's newest events for the transcript,
 * then the whole history and the todo list, as a compaction writes them. Resuming the fork reads it as any log.
 */
export function forkSessionLog(o: ForkOptions): SessionLog {
  const log = SessionLog.create({ sessionsDir: o.sessionsDir, meta: { ...o.meta, forkedFrom: o.source.meta.sessionId } });
  for (const event of o.source.events) log.append({ kind: 'event', event });
  log.append({ kind: 'history', op: 'replace', messages: o.history });
  log.append({ kind: 'state', todos: o.source.todos, model: o.meta.model });
  if (log.error) {
    const problem = log.error;
    log.close();
    throw new SessionLogError(problem);
  }
  return log;
}
