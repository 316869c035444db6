// The shapes of a recording's lines and of a recording read back, shared by the reader and the relocator.
import type { ProviderEvent } from '../providers/types.js';

export interface Places {
  /** The workspace root. */
  workspace: string;
  /** The global and the project memory folders, when the memory tool is on (its description names them). */
  memory?: string;
  projectMemory?: string;
}

export interface RecordingFacts {
  /** The session's clock when recording started (ISO): replay uses it so date reminders are the same. */
  date: string;
  cwd: string;
  platform: string;
  gitHead?: string;
}

export interface RequestHashes {
  system: string;
  tools: string;
  messages: string[];
}

export type RecordingLine =
  | {
    type: 'header'; version: number; provider: 'anthropic' | 'openai' | 'scripted'; model: string; facts: RecordingFacts;
    /** The workspace root and memory folders the session ran with (version 2): a replay elsewhere maps them to its own. */
    places?: Places;
    /** A folder, relative to the recording's own, holding the files the session started from: --replay runs in a copy. */
    fixture?: string;
  }
  /** `hash` is absent in a recording made from a session log, which does not hold the requests. */
  | { type: 'request'; turn: number; size: number; hash?: RequestHashes }
  | { type: 'event'; turn: number; t: number; event: ProviderEvent }
  /** A user message as the model got it (its first text part), so a replay in the TUI can send the first one. */
  | { type: 'prompt'; text: string }
  /** A tool's result as the next request carried it back, for `--replay-tools recorded`. */
  | { type: 'tool_result'; toolUseId: string; content: string; isError: boolean };

export interface Recording {
  header: Extract<RecordingLine, { type: 'header' }>;
  requests: Extract<RecordingLine, { type: 'request' }>[];
  /** Each turn's events with their time offsets, in order. */
  events: Map<number, { t: number; event: ProviderEvent }[]>;
  /** Tool results by call id. */
  toolResults: Map<string, { content: string; isError: boolean }>;
  /** The user messages, in order. */
  prompts: string[];
}
