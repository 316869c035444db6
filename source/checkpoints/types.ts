// What checkpoints and rewinding hand to the session and the screen.

/** One file a restore would change: how, and by how many lines. */
export interface FileChange {
  /** Workspace-relative. */
  path: string;
  /** What the restore does to it: writes it back (`modified`), brings back a removed file (`deleted` since), removes a new one (`created` since). */
  change: 'modified' | 'created' | 'deleted';
  /** Lines the file has gained since the checkpoint (a restore removes them). */
  added: number;
  /** Lines the file has lost since the checkpoint (a restore puts them back). */
  removed: number;
  binary?: boolean;
}

/** A user message of the session the workspace and the conversation can go back to. */
export interface RewindPoint {
  id: string;
  /** The message as the user typed it. */
  text: string;
  /** ISO time the message was sent. */
  at: string;
  /** Files changed since, by rein or anyone (workspace-relative). */
  filesChanged: string[];
  /** False once the conversation no longer holds this message as it was sent (compacted or cleared since). */
  conversation: boolean;
}

/** What restoring the files of a point would do, for the confirmation. */
export interface RewindPreview {
  pointId: string;
  /** Changes since the checkpoint; a restore undoes them. */
  files: FileChange[];
  /** Files changed after rein's last snapshot (by hand or by another program) that the restore would overwrite. */
  handEdited: string[];
  /** Files over `checkpoints.maxFileBytes`: noted, not stored, so not restored. */
  notStored: string[];
}

export type RewindScope = 'both' | 'code' | 'conversation';

export interface RewindOutcome {
  /** Workspace-relative files written back or removed. */
  restored: string[];
  /** With the conversation rewound: the message, for the prompt. */
  text?: string;
}

/** Checkpoint settings from the config. */
export interface CheckpointSettings {
  enabled: boolean;
  /** Files larger than this are noted, not stored (default 10 MB). */
  maxFileBytes: number;
  /** Checkpoints older than this many days are removed at start (default 30). */
  keepDays: number;
}

export const defaultCheckpointSettings: CheckpointSettings = { enabled: true, maxFileBytes: 10 * 1024 * 1024, keepDays: 30 };
