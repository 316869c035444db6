// The session log's record types, where a log lives, and how a record is written and checked on the way back in.
import path from 'node:path';
import type { AgentEvent } from '../protocol/events.js';
import type { Message } from '../protocol/messages.js';
import type { TodoItem } from '../protocol/tools.js';
import type { CheckpointRecord } from '../protocol/checkpoints.js';

export type LogRecord =
  /**
   * Always the first line of a log. `gitBranch`: the branch checked out when the session started (absent outside a
   * repository and in older logs); `forkedFrom`: the session this one was copied from (`--fork-session`).
   */
  | { kind: 'meta'; version: 1; sessionId: string; cwd: string; provider: string; model: string; startedAt: string; gitBranch?: string; forkedFrom?: string }
  | { kind: 'event'; event: AgentEvent }
  /** A message appended to the conversation. */
  | { kind: 'history'; op: 'append'; message: Message }
  /** Text appended to the newest user message (or a new user message when the last is the assistant's). */
  | { kind: 'history'; op: 'append_text'; text: string }
  /** Compaction or /clear replaced the whole history. */
  | { kind: 'history'; op: 'replace'; messages: Message[] }
  /**
   * The latest todo list. After a history rewrite it also names the model in use, so a resume that reads the log
   * back only to the rewrite knows the model without searching the older part (absent in older logs).
   */
  | { kind: 'state'; todos: TodoItem[]; model?: string }
  /** `/rename`: the session's name from here on (the newest such record wins). */
  | { kind: 'name'; name: string }
  /** Workspace checkpoints and rewinds (read back by source/checkpoints). */
  | CheckpointRecord;

export type MetaRecord = Extract<LogRecord, { kind: 'meta' }>;
export type HistoryRecord = Extract<LogRecord, { kind: 'history' }>;

/** The log format this build writes; older builds cannot read newer versions. */
export const logFormatVersion = 1;
export const logFileName = 'log.jsonl';

/** A session log that cannot be created, found or read; the message is one plain sentence for the user. */
export class SessionLogError extends Error {
  override name = 'SessionLogError';
}

/** The folder under rein's home that holds one folder per session. */
export const sessionsDirIn = (reinHome: string): string => path.join(reinHome, 'sessions');

export const sessionLogPath = (sessionsDir: string, sessionId: string): string =>
  path.join(sessionsDir, sessionId, logFileName);

/**
 * The start of every `run_start` line. Records are written with their discriminating keys first, so
 * session listings can count prompts by scanning bytes instead of parsing whole logs.
 */
export const runStartLinePrefix = '{"kind":"event","event":{"type":"run_start"';

/** The start of a continued run's line (after the turn limit): the session writes `continued` right after the type. */
/**
 * Whether events read newest first make a whole page: `maxEvents` of them ending at the start of a run, or twice
 * that many when the run is longer (a resume read with `wholeRuns`, and every page of earlier events).
 */
export function pageOfRunsFull(count: number, maxEvents: number, oldestIsRunStart: boolean): boolean {
  return count >= maxEvents && (oldestIsRunStart || count >= 2 * maxEvents);
}

/** The start of a `/rename` record's line. */
export const nameLinePrefix = '{"kind":"name"';

/** The starts of the lines that say which model the session used: its announcement and each switch. */
export const modelLinePrefixes = ['{"kind":"event","event":{"type":"session_start"', '{"kind":"event","event":{"type":"model_change"'] as const;

export const continuedRunStartLinePrefix = `${runStartLinePrefix},"continued":true`;

/** One JSON line with `kind` (and an event's `type`) first, ending in a newline. */
export function serializeRecord(record: LogRecord): string {
  // Object.assign keeps the first-set key first even when the source sets it again.
  const ordered = record.kind === 'event'
    ? { kind: record.kind, event: Object.assign({ type: record.event.type }, record.event) }
    : Object.assign({ kind: record.kind }, record);
  return `${JSON.stringify(ordered)}\n`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

function isMessage(value: unknown): value is Message {
  return isObject(value) && (value.role === 'user' || value.role === 'assistant') && Array.isArray(value.content) && value.content.every(isObject);
}

function isTodo(value: unknown): value is TodoItem {
  return isObject(value) && isString(value.content) && isString(value.activeForm) && ['pending', 'in_progress', 'completed'].includes(String(value.status));
}

/** True for a record header with every field a resume needs, whatever its format version. */
export function isMetaShaped(value: unknown): value is Omit<MetaRecord, 'version'> & { version: number } {
  return (
    isObject(value) && value.kind === 'meta' && typeof value.version === 'number' &&
    isString(value.sessionId) && isString(value.cwd) && isString(value.provider) && isString(value.model) && isString(value.startedAt)
  );
}

/** Checks the shape a resume relies on; message blocks and event payloads are trusted as written. */
export function isLogRecord(value: unknown): value is LogRecord {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'meta':
      return isMetaShaped(value) && value.version === logFormatVersion;
    case 'event':
      return isObject(value.event) && isString(value.event.type);
    case 'history':
      if (value.op === 'append') return isMessage(value.message);
      if (value.op === 'append_text') return isString(value.text);
      if (value.op === 'replace') return Array.isArray(value.messages) && value.messages.every(isMessage);
      return false;
    case 'state':
      return Array.isArray(value.todos) && value.todos.every(isTodo) && (value.model === undefined || isString(value.model));
    case 'name':
      return isString(value.name);
    case 'checkpoint':
      return isObject(value.point) ? isString(value.point.id) : isString(value.commit);
    case 'rewind':
      return isString(value.pointId);
    default:
      return false;
  }
}

/** Parses one line; undefined when it is not JSON. */
export function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
