// Appends a session's records to its JSONL log, one synchronous write per record, so a crash loses at most one line.
import fs from 'node:fs';
import path from 'node:path';
import { logFileName, serializeRecord, SessionLogError, type LogRecord, type MetaRecord } from './records.js';

export interface CreateSessionLogOptions {
  sessionsDir: string;
  meta: Omit<MetaRecord, 'kind' | 'version'>;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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
      // 'wx' refuses to overwrite: a second log for the same id would destroy the first.
      fs.writeFileSync(file, serializeRecord(meta), { flag: 'wx' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new SessionLogError(`A session log already exists at ${file}; resume it or start a session with a new id.`);
      throw new SessionLogError(`Could not create the session log at ${file} (${reasonOf(error)}); check that ${opts.sessionsDir} is a writable folder.`);
    }
    return new SessionLog(file, false);
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
      line = serializeRecord(record);
    } catch (error) {
      this.fail(`A session record could not be saved to ${this.file} (${reasonOf(error)}); resuming this session may miss it.`);
      return;
    }
    try {
      fs.appendFileSync(this.file, this.needsSeparator ? `\n${line}` : line);
      this.needsSeparator = false;
    } catch (error) {
      // A failed write may have left part of the line behind; keep the next record off it.
      this.needsSeparator = true;
      this.fail(`Could not write the session log ${this.file} (${reasonOf(error)}); this session may not resume completely, so check disk space and that the folder still exists.`);
    }
  }

  /** Every record is already on disk after `append`; closing only stops further writes. */
  close(): void {
    this.closed = true;
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
