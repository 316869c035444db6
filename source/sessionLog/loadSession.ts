// Reads a session log back for resume: replays the history exactly and keeps the newest events and todos.
import { dirname } from 'node:path';
import type { AgentEvent } from '../protocol/events.js';
import { applyHistoryOp } from '../protocol/historyOps.js';
import type { Message } from '../protocol/messages.js';
import type { TodoItem } from '../protocol/tools.js';
import type { EarlierEvents } from './earlierEvents.js';
import { loadHistoryImages } from './images.js';
import { lineNumberAt, linesStartingWithBackward, readHeadLines, readLinesBackward, type TailLine } from './lines.js';
import {
  isLogRecord, isMetaShaped, logFormatVersion, modelLinePrefixes, pageOfRunsFull, parseLine, runStartLinePrefix, SessionLogError, type MetaRecord,
} from './records.js';
import { errorMessage } from '../util/errors.js';

export interface LoadedSession {
  meta: MetaRecord;
  /** The model the session used last: its newest announcement or switch (`/model`), else the header's. */
  model: string;
  /** The whole conversation as it stood at the last complete record. */
  history: Message[];
  todos: TodoItem[];
  /** The newest events, at most `maxEvents` of them. */
  events: AgentEvent[];
  /** How many older events were left out of `events` (of those read; see `earlier`). */
  droppedEvents: number;
  /** Set when the log may hold events older than `events`: where to read them from (`readEarlierEvents`). */
  earlier?: EarlierEvents;
  /** One plain sentence per skipped line. */
  warnings: string[];
}

export interface LoadSessionOptions {
  /** Bounds memory when resuming very long sessions; the history is always complete. Default 2,000. */
  maxEvents?: number;
  /**
   * Goes on past `maxEvents` to the start of the oldest run kept (up to as many events again), so that the events
   * left out, read later a page at a time (`earlier`), hold whole runs.
   */
  wholeRuns?: boolean;
}

export const defaultMaxEvents = 2_000;

/**
 * What a resume reads at first: the newest few hundred events, enough for several screens, from the start of a run;
 * the screen reads older ones from `earlier` when the view gets there.
 */
export const resumeLoadOptions: LoadSessionOptions = { maxEvents: 500, wholeRuns: true };

export const cutOffWarning = (file: string): string =>
  `The last line of ${file} was cut off (the session ended abruptly); it was skipped.`;

function readMeta(value: unknown, file: string): MetaRecord {
  if (!isMetaShaped(value)) {
    throw new SessionLogError(`${file} does not start with a session header, so it cannot be resumed; start a new session instead.`);
  }
  if (value.version !== logFormatVersion) {
    throw new SessionLogError(`${file} was written in session log format ${value.version}, which this rein cannot read; update rein to resume it.`);
  }
  const { gitBranch, forkedFrom } = value as { gitBranch?: unknown; forkedFrom?: unknown };
  return {
    kind: 'meta', version: logFormatVersion, sessionId: value.sessionId, cwd: value.cwd, provider: value.provider, model: value.model, startedAt: value.startedAt,
    ...(typeof gitBranch === 'string' ? { gitBranch } : {}),
    ...(typeof forkedFrom === 'string' ? { forkedFrom } : {}),
  };
}

const prefixes = {
  replace: '{"kind":"history","op":"replace"',
  history: '{"kind":"history"',
  event: '{"kind":"event"',
  state: '{"kind":"state"',
};

/** The header line: the first line of the file, which must be a complete meta record. */
function readHeader(file: string): MetaRecord {
  const { lines } = readHeadLines(file, 64 * 1024);
  const first = lines.find((line) => line.trim() !== '');
  const value = first === undefined ? undefined : parseLine(first);
  if (value === undefined) {
    throw new SessionLogError(`${file} has no session header (the session may have ended before anything was saved); start a new session instead.`);
  }
  return readMeta(value, file);
}

const isModelLine = (text: string): boolean => modelLinePrefixes.some((prefix) => text.startsWith(prefix));

/** The model a session_start or model_change line names; undefined for any other line. */
function modelOf(text: string): string | undefined {
  if (!isModelLine(text)) return undefined;
  const value = parseLine(text);
  if (!isLogRecord(value) || value.kind !== 'event') return undefined;
  const event = value.event as { model?: unknown };
  return typeof event.model === 'string' ? event.model : undefined;
}

/** The model a state record names (written after a history rewrite); undefined when it names none. */
function stateModel(value: unknown): string | undefined {
  return isLogRecord(value) && value.kind === 'state' ? value.model : undefined;
}

/** The newest model line before byte `end` (the part of the log the resume did not read), searched backwards. */
function modelBefore(file: string, end: number): string | undefined {
  for (const line of linesStartingWithBackward(file, modelLinePrefixes, end)) {
    const model = modelOf(line.text);
    if (model !== undefined) return model;
  }
  return undefined;
}

/**
 * Loads a log written by `SessionLog`. Throws `SessionLogError` when the file is unreadable or has no header.
 * The log is read backwards from its end and stops once it holds the last history rewrite (a compaction or
 * /clear, always followed by a state record), the newest `maxEvents` events and the latest todos: resuming a
 * session of thousands of messages reads and parses only its tail.
 */
export function loadSession(file: string, opts: LoadSessionOptions = {}): LoadedSession {
  const maxEvents = Math.max(0, opts.maxEvents ?? defaultMaxEvents);
  const warnings: string[] = [];
  let history: Message[] = [];
  let todos: TodoItem[] = [];
  const events: AgentEvent[] = [];
  let droppedEvents = 0;
  let earlier: EarlierEvents | undefined;
  let meta: MetaRecord;
  let model: string | undefined;

  try {
    meta = readHeader(file);
    // Lines to replay, newest first; rewrites and todo lists are parsed as they are met (see below).
    const kept: Array<{ line: TailLine; value?: unknown }> = [];
    let sawReplace = false;
    let sawState = false;
    let eventCount = 0;
    let newest: TailLine | undefined;
    let oldestEvent: number | undefined;
    let oldestIsRunStart = false;
    let reachedHeader = false;
    let examinedFrom = Number.MAX_SAFE_INTEGER;
    const full = (): boolean => (opts.wholeRuns ? pageOfRunsFull(eventCount, maxEvents, oldestIsRunStart) : eventCount >= maxEvents);
    for (const line of readLinesBackward(file)) {
      const text = line.text;
      if (text.trim() === '') continue;
      newest ??= line;
      examinedFrom = line.offset;
      if (line.offset === 0) {
        reachedHeader = true; // the header
        break;
      }
      if (text.startsWith(prefixes.event)) {
        model ??= modelOf(text);
        if (full()) droppedEvents += 1;
        else {
          eventCount += 1;
          oldestEvent = line.offset;
          oldestIsRunStart = text.startsWith(runStartLinePrefix);
          kept.push({ line });
        }
      } else if (text.startsWith(prefixes.history)) {
        if (sawReplace) continue;
        if (!text.startsWith(prefixes.replace)) {
          kept.push({ line });
          continue;
        }
        // Only a complete rewrite supersedes the lines before it: one cut off by kill -9 or a full disk
        // is skipped like any damaged line, and the history falls back to the last good state.
        const value = parseLine(text);
        kept.push({ line, value });
        if (isLogRecord(value)) sawReplace = true;
      } else if (text.startsWith(prefixes.state)) {
        // The newest model named by an event or a state record is the one in use.
        if (sawState) {
          if (model === undefined && text.includes('"model":')) model = stateModel(parseLine(text));
          continue;
        }
        const value = parseLine(text);
        kept.push({ line, value });
        model ??= stateModel(value);
        if (isLogRecord(value)) sawState = true;
      } else {
        kept.push({ line });
      }
      if (sawReplace && sawState && full()) break;
    }
    // A long log read only in part: its model may be named before the part read.
    if (model === undefined && !reachedHeader) model = modelBefore(file, examinedFrom);
    if (droppedEvents > 0 || !reachedHeader) earlier = { file, before: oldestEvent ?? Number.MAX_SAFE_INTEGER, examinedFrom };
    for (const { line, value: parsed } of kept.reverse()) {
      const value = parsed ?? parseLine(line.text);
      if (!isLogRecord(value)) {
        if (value !== undefined && isMetaShaped(value)) continue; // a repeated header carries nothing to replay
        warnings.push(line === newest ? cutOffWarning(file) : `Line ${lineNumberAt(file, line.offset)} of ${file} could not be read; it was skipped.`);
        continue;
      }
      if (value.kind === 'event') events.push(value.event);
      else if (value.kind === 'history') history = applyHistoryOp(history, value);
      else if (value.kind === 'state') todos = value.todos;
    }
  } catch (error) {
    if (error instanceof SessionLogError) throw error;
    throw new SessionLogError(`Could not read the session log ${file} (${errorMessage(error)}); check the session id and that the file exists.`);
  }
  history = loadHistoryImages(history, dirname(file), warnings);
  return { meta, model: model ?? meta.model, history, todos, events, droppedEvents, ...(earlier ? { earlier } : {}), warnings };
}
