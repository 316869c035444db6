// The session log: writing it, reading it back for resume, and listing saved sessions.
export { SessionLog, removeUnusedSessionFolder, type CreateSessionLogOptions } from './sessionLog.js';
export { loadSession, cutOffWarning, defaultMaxEvents, resumeLoadOptions, type LoadedSession, type LoadSessionOptions } from './loadSession.js';
export { readEarlierEvents, type EarlierEvents, type EarlierPage } from './earlierEvents.js';
export { listSessions, findSession, type SessionSummary, type ListSessionsOptions } from './listSessions.js';
export {
  SessionLogError, logFileName, logFormatVersion, sessionLogPath, sessionsDirIn,
  type LogRecord, type MetaRecord, type HistoryRecord,
} from './records.js';
export { forkSessionLog, type ForkOptions } from './forkSession.js';
export { readGitBranch } from './gitBranch.js';
