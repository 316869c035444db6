// What this session last saw of each file it read or wrote, so edits can refuse files that changed behind its back.

/** The parts of a stat that tell whether a file changed. */
export interface SeenFile {
  mtimeMs: number;
  size: number;
}

/**
 * Keyed by absolute real path. It belongs to the session, not to the conversation,
 * so it survives history compaction (a compacted read still counts as a read).
 */
export class FileState {
  private readonly seen = new Map<string, SeenFile>();

  record(absPath: string, stat: SeenFile): void {
    this.seen.set(absPath, { mtimeMs: stat.mtimeMs, size: stat.size });
  }

  get(absPath: string): SeenFile | undefined {
    return this.seen.get(absPath);
  }

  forget(absPath: string): void {
    this.seen.delete(absPath);
  }

  /** True when `stat` differs from what was recorded (or nothing was). */
  changedSince(absPath: string, stat: SeenFile): boolean {
    const seen = this.seen.get(absPath);
    return seen === undefined || seen.mtimeMs !== stat.mtimeMs || seen.size !== stat.size;
  }
}
