// Appends a session's records to its JSONL log, one synchronous write per record, so a crash loses at most one line.
import fs from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '../util/redact.js';
import { storeRecordImages } from './images.js';
import { logFileName, serializeRecord, SessionLogError, type LogRecord, type MetaRecord } from './records.js';
import { errorMessage } from '../util/errors.js';

export interface CreateSessionLogOptions {
  sessionsDir: string;
  meta: Omit<MetaRecord, 'kind' | 'version'>;
  /**
   * Write nothing until the first record worth keeping (a prompt or a history change); records before it are
   * held and written with it. A session opened and quit without a prompt then leaves no log behind.
   */
  lazy?: boolean;
}

/** A prompt or a change to the conversation: what makes a session worth resuming. */
const isWorthKeeping = (record: LogRecord): boolean =>
  record.kind === 'history' || (record.kind === 'event' && record.event.type === 'run_start');

const reasonOf = (error: unknown): string => errorMessage(error);

/** True when the file is non-empty and its last byte is not a newline (a line was cut off mid-write). */
function endsMidLine(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const { size } = fs.fstatSync(fd);
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

export class SessionLog {
  /** Called once, on the first failed write; later failures are only remembered in `error`. */
  onError?: (message: string) => void;
  private lastError: string | undefined;
  private reported = false;
  private closed = false;

  private constructor(
    readonly file: string,
    /** Set when the file may end in a fragment, so the next record starts on a fresh line. */
    private needsSeparator: boolean,
    /** A lazy log's meta line and held records, until the first record worth keeping; undefined once written. */
    private held?: string[],
  ) {}

  /** Creates `<sessionsDir>/<sessionId>/` (it may already hold saved outputs) and writes the meta line. */
  static create(opts: CreateSessionLogOptions): SessionLog {
    const { sessionId } = opts.meta;
    if (!sessionId || sessionId !== path.basename(sessionId) || sessionId === '.' || sessionId === '..') {
      throw new SessionLogError(`The session id "${sessionId}" cannot be used as a folder name; use the id rein generates.`);
    }
    const dir = path.join(opts.sessionsDir, sessionId);
    const file = path.join(dir, logFileName);
    const meta: MetaRecord = { kind: 'meta', version: 1, ...opts.meta };
    try {
      fs.mkdirSync(dir, { recursive: true });
      if (opts.lazy) {
        // Fail at start, not at the first prompt, when the log could never be written.
        if (fs.existsSync(file)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
        fs.accessSync(dir, fs.constants.W_OK);
        return new SessionLog(file, false, [serializeRecord(meta)]);
      }
      // 'wx' refuses to overwrite: a second log for the same id would destroy the first.
      fs.writeFileSync(file, serializeRecord(meta), { flag: 'wx' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new SessionLogError(`A session log already exists at ${file}; resume it or start a session with a new id.`);
      throw new SessionLogError(`Could not create the session log at ${file} (${reasonOf(error)}); check that ${opts.sessionsDir} is a writable folder.`);
    }
    return new SessionLog(file, false);
  }

  /**
   * A new session's log, or (when the folder cannot be written: read-only, full, not a folder) no log and the
   * one sentence to show instead, so the session can run in memory.
   */
  static createOrWarn(opts: CreateSessionLogOptions): { log?: SessionLog; warning?: string } {
    try {
      return { log: SessionLog.create(opts) };
    } catch (error) {
      if (!(error instanceof SessionLogError)) throw error;
      return { warning: `${error.message.replace(/\.$/, '')}. This session runs in memory only and cannot be resumed.` };
    }
  }

  /** Opens an existing log to append to it when a session is resumed. */
  static reopen(file: string): SessionLog {
    let cutOff: boolean;
    try {
      if (!fs.statSync(file).isFile()) throw new SessionLogError(`${file} is not a session log file; pass the log.jsonl of a session.`);
      cutOff = endsMidLine(file);
    } catch (error) {
      if (error instanceof SessionLogError) throw error;
      throw new SessionLogError(`Could not open the session log ${file} (${reasonOf(error)}); check the session id and that the file exists.`);
    }
    return new SessionLog(file, cutOff);
  }

  /** The reason of the latest failed write, if any. */
  get error(): string | undefined {
    return this.lastError;
  }

  /**
   * Writes one record with a single synchronous append before returning. Never throws: a failure is
   * remembered, reported once through `onError`, and later records are still attempted.
   * Records appended after `close()` are ignored.
   */
  append(record: LogRecord): void {
    if (this.closed) return;
    let line: string;
    try {
      // Secrets never reach the disk: keys, secret environment values and token shapes are cut first.
      line = redactSecrets(serializeRecord(storeRecordImages(record, path.dirname(this.file))));
    } catch (error) {
      this.fail(`A session record could not be saved to ${this.file} (${reasonOf(error)}); resuming this session may miss it.`);
      return;
    }
    if (this.held) {
      this.held.push(line);
      if (!isWorthKeeping(record)) return;
      line = this.held.join('');
    }
    try {
      // 'wx' for a lazy log's first write: never append to a log another rein created meanwhile.
      if (this.held) fs.writeFileSync(this.file, line, { flag: 'wx' });
      else fs.appendFileSync(this.file, this.needsSeparator ? `\n${line}` : line);
      this.held = undefined;
      this.needsSeparator = false;
    } catch (error) {
      // A failed write may have left part of the line behind; keep the next record off it.
      this.needsSeparator = true;
      this.fail(`Could not write the session log ${this.file} (${reasonOf(error)}); this session may not resume completely, so check disk space and that the folder still exists.`);
    }
  }

  /**
   * Every record is already on disk after `append`; closing only stops further writes. A lazy log that never
   * got a record worth keeping removes its session folder when nothing else was saved in it.
   */
  close(): void {
    this.closed = true;
    if (!this.held) return;
    this.held = undefined;
    try {
      fs.rmdirSync(path.dirname(this.file));
    } catch {
      // The folder holds saved outputs (or is gone already): leave it.
    }
  }

  private fail(message: string): void {
    this.lastError = message;
    if (this.reported || !this.onError) return;
    this.reported = true;
    try {
      this.onError(message);
    } catch {
      // A failing error handler must not break the caller's event flow either.
    }
  }
}

/**
 * Removes a session's folder when nothing was saved in it (no log, no outputs): a session quit or hung up on
 * before its first prompt leaves nothing behind. A folder that holds anything stays.
 */
export function removeUnusedSessionFolder(sessionsDir: string, sessionId: string): void {
  try {
    fs.rmdirSync(path.join(sessionsDir, sessionId));
  } catch {
    // Not empty (the session saved something), or gone already.
  }
}
