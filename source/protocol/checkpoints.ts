// What checkpoints and rewinding hand to the session, the session log and the screen: points, log records, previews.

/** A user message as the log keeps it: enough to restore its files and to cut the conversation back to before it. */
export interface CheckpointPoint {
  /** The run's id. */
  id: string;
  text: string;
  /** What the model was sent (a custom command's expansion); the conversation holds this. */
  sent: string;
  at: string;
  /** The history's length before the message was added. */
  historyLength: number;
  /** Set when the message joined the last user message: its block count before. */
  blocks?: number;
  /** The shadow repository's commit (in a git repository). */
  commit?: string;
}

/** The log records checkpoints add. */
export type CheckpointRecord =
  | { kind: 'checkpoint'; point: CheckpointPoint }
  /** rein's latest snapshot of the workspace (after a tool call or a restore). */
  | { kind: 'checkpoint'; commit: string; toolCallId?: string }
  /** The conversation went back to before `pointId`: it and later points are gone. */
  | { kind: 'rewind'; pointId: string };

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
