// What checkpoints and rewinding hand to the session and the screen.

export type { FileChange, RewindOutcome, RewindPoint, RewindPreview, RewindScope } from '../protocol/checkpoints.js';

/** Checkpoint settings from the config. */
export interface CheckpointSettings {
  enabled: boolean;
  /** Files larger than this are noted, not stored (default 10 MB). */
  maxFileBytes: number;
  /** Checkpoints older than this many days are removed at start (default 30). */
  keepDays: number;
}

export const defaultCheckpointSettings: CheckpointSettings = { enabled: true, maxFileBytes: 10 * 1024 * 1024, keepDays: 30 };
