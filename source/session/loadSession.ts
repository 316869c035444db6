// Reads a session log back for resume: replays the history exactly and keeps the newest events and todos.
import type { AgentEvent } from '../engine/events.js';
import { applyHistoryOp } from '../engine/history.js';
import type { Message } from '../providers/types.js';
import type { TodoItem } from '../tools/types.js';
import { readLines } from './lines.js';
import { isLogRecord, isMetaShaped, logFormatVersion, parseLine, SessionLogError, type MetaRecord } from './records.js';

export interface LoadedSession {
  meta: MetaRecord;
  /** The whole conversation as it stood at the last complete record. */
  history: Message[];
  todos: TodoItem[];
  /** The newest events, at most `maxEvents` of them. */
  events: AgentEvent[];
  /** How many older events were left out of `events`. */
  droppedEvents: number;
  /** One plain sentence per skipped line. */
  warnings: string[];
}

export interface LoadSessionOptions {
  /** Bounds memory when resuming very long sessions; the history is always complete. Default 2,000. */
  maxEvents?: number;
}

export const defaultMaxEvents = 2_000;

export const cutOffWarning = (file: string): string =>
  `The last line of ${file} was cut off (the session ended abruptly); it was skipped.`;

function readMeta(value: unknown, file: string): MetaRecord {
  if (!isMetaShaped(value)) {
    throw new SessionLogError(`${file} does not start with a session header, so it cannot be resumed; start a new session instead.`);
  }
  if (value.version !== logFormatVersion) {
    throw new SessionLogError(`${file} was written in session log format ${value.version}, which this rein cannot read; update rein to resume it.`);
  }
  return { kind: 'meta', version: logFormatVersion, sessionId: value.sessionId, cwd: value.cwd, provider: value.provider, model: value.model, startedAt: value.startedAt };
}

/** Where the records that matter sit, found by their fixed opening (SessionLog always writes `kind` first). */
interface LogIndex {
  lastReplace: number;
  lastState: number;
  eventLines: number[];
}

const prefixes = {
  replace: '{"kind":"history","op":"replace"',
  history: '{"kind":"history"',
  event: '{"kind":"event"',
  state: '{"kind":"state"',
};

function indexLog(file: string): LogIndex {
  const index: LogIndex = { lastReplace: 0, lastState: 0, eventLines: [] };
  for (const line of readLines(file)) {
    const text = line.text;
    if (text.startsWith(prefixes.replace)) index.lastReplace = line.number;
    else if (text.startsWith(prefixes.event)) index.eventLines.push(line.number);
    else if (text.startsWith(prefixes.state)) index.lastState = line.number;
  }
  return index;
}

/**
 * Loads a log written by `SessionLog`. Throws `SessionLogError` when the file is unreadable or has no header.
 * A first pass finds the last history rewrite and the newest events by their opening characters, so only the
 * lines that count are parsed: resuming a session of many compactions stays quick and light.
 */
export function loadSession(file: string, opts: LoadSessionOptions = {}): LoadedSession {
  const maxEvents = Math.max(0, opts.maxEvents ?? defaultMaxEvents);
  const warnings: string[] = [];
  let meta: MetaRecord | undefined;
  let history: Message[] = [];
  let todos: TodoItem[] = [];
  const events: AgentEvent[] = [];
  // A bad line is only known to be the last once the next line arrives, so its warning waits a step.
  let unreadLine: number | undefined;
  let index: LogIndex;

  try {
    index = indexLog(file);
    const kept = index.eventLines.length - maxEvents;
    const firstKeptEvent = maxEvents === 0 ? Number.POSITIVE_INFINITY : kept > 0 ? index.eventLines[kept] : 0;
    for (const line of readLines(file)) {
      const text = line.text;
      if (text.trim() === '') continue;
      if (meta !== undefined) {
        // Records that a later one supersedes are passed over unparsed.
        if (text.startsWith(prefixes.history) && line.number < index.lastReplace) continue;
        if (text.startsWith(prefixes.event) && line.number < firstKeptEvent) continue;
        if (text.startsWith(prefixes.state) && line.number < index.lastState) continue;
      }
      if (unreadLine !== undefined) {
        warnings.push(`Line ${unreadLine} of ${file} could not be read; it was skipped.`);
        unreadLine = undefined;
      }
      const value = parseLine(text);
      if (meta === undefined) {
        if (value === undefined && !line.terminated) break;
        meta = readMeta(value, file);
        continue;
      }
      if (!isLogRecord(value)) {
        unreadLine = line.number;
        continue;
      }
      if (value.kind === 'event') events.push(value.event);
      else if (value.kind === 'history') history = applyHistoryOp(history, value);
      else if (value.kind === 'state') todos = value.todos;
      // A repeated header (never written by SessionLog) carries nothing to replay.
    }
  } catch (error) {
    if (error instanceof SessionLogError) throw error;
    throw new SessionLogError(`Could not read the session log ${file} (${error instanceof Error ? error.message : String(error)}); check the session id and that the file exists.`);
  }

  if (meta === undefined) {
    throw new SessionLogError(`${file} has no session header (the session may have ended before anything was saved); start a new session instead.`);
  }
  if (unreadLine !== undefined) warnings.push(cutOffWarning(file));
  return { meta, history, todos, events, droppedEvents: index.eventLines.length - events.length, warnings };
}
