// Lists saved sessions for the resume picker and finds one by id prefix, reading only each log's head.
import fs from 'node:fs';
import path from 'node:path';
import { countLinesStartingWith, linesStartingWith, readHeadLines } from './lines.js';
import type { SessionSummary } from '../protocol/sessions.js';
import { continuedRunStartLinePrefix, isLogRecord, isMetaShaped, logFileName, nameLinePrefix, parseLine, runStartLinePrefix, SessionLogError } from './records.js';
import { errorMessage } from '../util/errors.js';
import { omit } from '../util/omit.js';

export type { SessionSummary } from '../protocol/sessions.js';

export interface ListSessionsOptions {
  /** Only sessions started in this directory. */
  cwd?: string;
  limit?: number;
  /** Count each session's prompts (a scan of its whole log; default true). Resuming needs only the file. */
  countMessages?: boolean;
}

/** Enough for the header and the first prompt of nearly every session. */
const headBytes = 64 * 1024;

interface LogFile {
  sessionId: string;
  file: string;
  mtimeMs: number;
}

/** Session folders holding a log, newest first; folders without one (or unreadable) are left out. */
function logFiles(sessionsDir: string, idPrefix = ''): LogFile[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(sessionsDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new SessionLogError(`Could not list the sessions in ${sessionsDir} (${errorMessage(error)}); check that the folder is readable.`);
  }
  const found: LogFile[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(idPrefix)) continue;
    const file = path.join(sessionsDir, entry.name, logFileName);
    try {
      const stat = fs.statSync(file);
      if (stat.isFile()) found.push({ sessionId: entry.name, file, mtimeMs: stat.mtimeMs });
    } catch {
      // A folder without a log (only saved outputs, or removed meanwhile) is not a resumable session.
    }
  }
  // Ids sort by creation time, so they break ties between logs touched in the same instant.
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.sessionId < b.sessionId ? 1 : -1));
}

/** The header and first prompt from the head of a log; undefined when the log has no valid header. */
function readHead(file: string): { cwd: string; model: string; startedAt: string; gitBranch?: string; firstPrompt: string; empty: boolean } | undefined {
  let lines: string[];
  let truncated: boolean;
  try {
    ({ lines, truncated } = readHeadLines(file, headBytes));
  } catch {
    return undefined;
  }
  const meta = parseLine(lines[0] ?? '');
  if (!isMetaShaped(meta)) return undefined;
  let firstPrompt = '';
  for (const line of lines) {
    if (!line.startsWith(runStartLinePrefix) || line.startsWith(continuedRunStartLinePrefix)) continue;
    const record = parseLine(line);
    if (typeof record !== 'object' || record === null || !('event' in record)) continue;
    const event: unknown = record.event;
    if (typeof event === 'object' && event !== null && 'prompt' in event && typeof event.prompt === 'string') {
      firstPrompt = event.prompt;
      break;
    }
  }
  // No prompt in the head: the session is empty unless one lies past it (a rare, very long first record).
  const empty = firstPrompt === '' && (!truncated || !hasPrompt(file));
  const branch = (meta as { gitBranch?: unknown }).gitBranch;
  return { cwd: meta.cwd, model: meta.model, startedAt: meta.startedAt, ...(typeof branch === 'string' ? { gitBranch: branch } : {}), firstPrompt, empty };
}

function hasPrompt(file: string): boolean {
  try {
    return countLinesStartingWith(file, runStartLinePrefix) > 0;
  } catch {
    return false;
  }
}

/** The summary of a log; undefined when it has no valid header. `empty` is true when no prompt was ever sent in it. */
function summarize(log: LogFile): (SessionSummary & { empty: boolean }) | undefined {
  const head = readHead(log.file);
  if (!head) return undefined;
  return { sessionId: log.sessionId, file: log.file, ...head, updatedAt: new Date(log.mtimeMs).toISOString(), messageCount: 0 };
}

const withoutEmptyFlag = (summary: SessionSummary & { empty: boolean }): SessionSummary => omit(summary, 'empty');

/** The newest name `/rename` gave the session, found by a byte search of its log; undefined when it has none. */
export function sessionName(file: string): string | undefined {
  let name: string | undefined;
  try {
    for (const line of linesStartingWith(file, [nameLinePrefix])) {
      const record = parseLine(line);
      if (isLogRecord(record) && record.kind === 'name') name = record.name;
    }
  } catch {
    return undefined;
  }
  return name === '' ? undefined : name;
}

const withName = (summary: SessionSummary): SessionSummary => {
  const name = sessionName(summary.file);
  return name === undefined ? summary : { ...summary, name };
};

function withMessageCount(summary: SessionSummary): SessionSummary {
  try {
    // A run continued after the turn limit is the same message going on, not a new one.
    const runs = countLinesStartingWith(summary.file, runStartLinePrefix);
    return { ...summary, messageCount: runs - (runs > 0 ? countLinesStartingWith(summary.file, continuedRunStartLinePrefix) : 0) };
  } catch {
    return summary;
  }
}

/**
 * Saved sessions, newest first, leaving out empty ones (no prompt sent). Each log's head is read for its header and first prompt; the name
 * and the prompt count scan a whole log, so they are found only for the sessions returned.
 */
export function listSessions(sessionsDir: string, opts: ListSessionsOptions = {}): SessionSummary[] {
  const cwd = opts.cwd === undefined ? undefined : path.resolve(opts.cwd);
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const out: SessionSummary[] = [];
  for (const log of logFiles(sessionsDir)) {
    if (out.length >= limit) break;
    const found = summarize(log);
    // A session opened and left without a prompt has nothing to resume.
    if (!found || found.empty || (cwd !== undefined && path.resolve(found.cwd) !== cwd)) continue;
    const summary = withName(withoutEmptyFlag(found));
    out.push(opts.countMessages === false ? summary : withMessageCount(summary));
  }
  return out;
}

/**
 * The session whose id is or uniquely starts with `idOrPrefix` among sessions with a prompt; undefined when none
 * matches. Throws `SessionLogError` when several match, the only match cannot be read, or the exact id is empty.
 */
export function findSession(sessionsDir: string, idOrPrefix: string, opts: { countMessages?: boolean } = {}): SessionSummary | undefined {
  const prefix = idOrPrefix.trim();
  if (prefix === '') return undefined;
  const matches = logFiles(sessionsDir, prefix);
  const exact = matches.find((m) => m.sessionId === prefix);
  if (exact) {
    const summary = summarize(exact);
    if (summary?.empty) {
      throw new SessionLogError(`Session ${exact.sessionId} has no messages yet, so there is nothing to resume; start a new session instead.`);
    }
  }
  // An empty session is never picked by a prefix; a log without a valid header stays, to be reported below.
  const candidates = exact ? [exact] : matches.filter((m) => summarize(m)?.empty !== true);
  if (candidates.length === 0) return undefined;
  if (candidates.length > 1) {
    const ids = candidates.map((m) => m.sessionId).sort().reverse();
    const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', ');
    throw new SessionLogError(`"${prefix}" matches ${ids.length} sessions (${shown}); type more of the id.`);
  }
  const found = summarize(candidates[0]);
  if (!found) {
    throw new SessionLogError(`The log of session ${candidates[0].sessionId} has no valid header, so it cannot be resumed; start a new session instead.`);
  }
  const summary = withoutEmptyFlag(found);
  return opts.countMessages === false ? summary : withMessageCount(withName(summary));
}
