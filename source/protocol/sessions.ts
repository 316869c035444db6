// What the session log tells the session and the screen about saved sessions: a listing row and where older events are.

export interface SessionSummary {
  sessionId: string;
  file: string;
  cwd: string;
  model: string;
  startedAt: string;
  /** The log's modification time, ISO 8601. */
  updatedAt: string;
  /** The first prompt of the session, or '' when none was sent yet. */
  firstPrompt: string;
  /** The name `/rename` gave the session; absent when it has none. */
  name?: string;
  /** The git branch checked out when the session started; absent in older logs and outside a repository. */
  gitBranch?: string;
  /** How many prompts the user sent in this session (0 when the caller asked not to count them). */
  messageCount: number;
}

/** Where the events not yet read end: every event line of `file` that starts before byte `before`. */
export interface EarlierEvents {
  file: string;
  before: number;
  /** Lines from this offset on were read by the resume, which named those that are no record. */
  examinedFrom?: number;
}

/** A session --resume names that was started in another directory, as the question before it opens names it. */
export interface ResumeElsewhere {
  sessionId: string;
  /** The directory it was started in. */
  dir: string;
  /** Where rein was started now. */
  here: string;
}

/** The answer: run in the session's directory, start a new session here, or quit. */
export type ResumeDirectoryChoice = 'there' | 'fresh' | 'quit';
