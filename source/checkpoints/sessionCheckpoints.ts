// One session's checkpoints: a snapshot before each user message and after each tool call that may change files, and restoring them.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../protocol/messages.js';
import { linesStartingWith } from '../sessionLog/lines.js';
import { FileSnapshots } from './fileSnapshots.js';
import { JobQueue } from './jobQueue.js';
import { insideGitRepo, shadowDirFor, ShadowRepo } from './shadowRepo.js';
import type { CheckpointSettings, RewindPoint, RewindPreview } from './types.js';
import type { CheckpointPoint, CheckpointRecord } from '../protocol/checkpoints.js';

export type { CheckpointPoint, CheckpointRecord } from '../protocol/checkpoints.js';

/** Tools that only touch rein's own files or none: no snapshot after them. */
const noSnapshotTools = new Set(['memory', 'kill_task', 'todo_write']);

export interface CheckpointOptions {
  workspace: string;
  reinHome: string;
  sessionsDir: string;
  sessionId: string;
  settings: CheckpointSettings;
  /** Writes a record to the session log. */
  append: (record: CheckpointRecord) => void;
  /** The log to read earlier points from (a resumed session). */
  logFile?: string;
  warn: (message: string) => void;
  now: () => Date;
  /** Git work waits for the first `release` (a headless run: no one types while it would run). */
  holdUntilRequest?: boolean;
}

export class SessionCheckpoints {
  private loaded: { points: CheckpointPoint[]; latest: string | undefined } | undefined;
  /** The snapshot of the workspace before the message now starting (git mode), under way or done. */
  private before: Promise<string | undefined> | undefined;
  private readonly shadow?: ShadowRepo;
  private readonly files?: FileSnapshots;
  private readonly touched = new Set<string>();
  private readonly jobs = new JobQueue();
  private warned = false;

  constructor(private readonly o: CheckpointOptions) {
    const sessionDir = path.join(o.sessionsDir, o.sessionId);
    if (insideGitRepo(o.workspace)) this.shadow = new ShadowRepo(shadowDirFor(o.reinHome, o.workspace), o.workspace, o.sessionId, o.settings.maxFileBytes, o.now);
    else this.files = new FileSnapshots(path.join(sessionDir, 'checkpoints'), o.workspace, o.settings.maxFileBytes);
    // Without a user typing, nothing is gained by starting early: git waits until the first request is out.
    if (o.holdUntilRequest) this.jobs.hold();
    const cutoff = new Date(o.now().getTime() - o.settings.keepDays * 86_400_000);
    void this.safely(() => this.prune(cutoff));
    // The first pass over a large workspace runs while the user types, not when the first message is sent.
    if (this.shadow) {
      const shadow = this.shadow;
      void this.safely(async () => {
        // A resumed session's newest checkpoint may have been pruned: the next one starts a new line.
        if (this.latest && !(await shadow.has(this.latest))) this.latest = undefined;
        await shadow.prime();
      });
    }
  }

  get mode(): 'git' | 'files' {
    return this.shadow ? 'git' : 'files';
  }

  /**
   * A resumed session's earlier points are read from its log when first needed, not while the session opens: the
   * log of a long session is tens of megabytes, and only its checkpoint lines count.
   */
  private get state(): { points: CheckpointPoint[]; latest: string | undefined } {
    if (this.loaded) return this.loaded;
    this.loaded = { points: [], latest: undefined };
    const file = this.o.logFile;
    if (file && existsSync(file)) {
      for (const line of linesStartingWith(file, ['{"kind":"checkpoint"', '{"kind":"rewind"'])) {
        try {
          this.take(JSON.parse(line) as CheckpointRecord);
        } catch {
          // A cut-off last line: the session log reader reports it.
        }
      }
    }
    return this.loaded;
  }

  private get points(): CheckpointPoint[] {
    return this.state.points;
  }

  private set points(points: CheckpointPoint[]) {
    this.state.points = points;
  }

  private get latest(): string | undefined {
    return this.state.latest;
  }

  private set latest(commit: string | undefined) {
    this.state.latest = commit;
  }

  private take(record: CheckpointRecord): void {
    if (record.kind === 'rewind') {
      const at = this.points.findIndex((p) => p.id === record.pointId);
      if (at >= 0) this.points = this.points.slice(0, at);
    } else if ('point' in record) {
      this.points.push(record.point);
      if (record.point.commit) this.latest = record.point.commit;
    } else this.latest = record.commit;
  }

  private record(record: CheckpointRecord): void {
    this.take(record);
    this.o.append(record);
  }

  /** The request is written (or the model answers, or the run is over): git work held back for it starts. */
  release(): void {
    this.jobs.release();
  }

  /** A snapshot that fails warns once and leaves the session running. */
  private async safely<T>(job: () => Promise<T>): Promise<T | undefined> {
    try {
      return await this.jobs.run(job);
    } catch (error) {
      if (!this.warned) this.o.warn(`A checkpoint could not be recorded (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); /rewind may not restore the latest changes.`);
      this.warned = true;
      return undefined;
    }
  }

  private async prune(cutoff: Date): Promise<void> {
    if (this.shadow) {
      await this.shadow.prune(cutoff);
      return;
    }
    if (!existsSync(this.o.sessionsDir)) return;
    for (const name of readdirSync(this.o.sessionsDir)) {
      if (name === this.o.sessionId) continue;
      const dir = path.join(this.o.sessionsDir, name, 'checkpoints');
      if (existsSync(dir) && statSync(dir).mtimeMs < cutoff.getTime()) rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * Before a user message's run: the workspace as the message finds it. The snapshot runs once the request is out
   * (`release`; no tool runs before the model answers); a call that may change files waits for it through `settled`.
   */
  beforeRun(): void {
    const shadow = this.shadow;
    if (shadow) this.jobs.hold();
    this.before = shadow ? this.safely(() => shadow.snapshot(this.latest, 'before a message')).then((s) => s?.commit) : undefined;
  }

  /** The message is about to go to the model: it becomes a rewind point, with the snapshot's commit once it is taken. */
  addPoint(point: Omit<CheckpointPoint, 'commit' | 'at'>): void {
    const at = this.o.now().toISOString();
    const before = this.before;
    this.before = undefined;
    if (!before) {
      this.record({ kind: 'checkpoint', point: { ...point, at } });
      return;
    }
    // The point is listed at once; its record waits in the queue, so it lands before any later snapshot's.
    const listed: CheckpointPoint = { ...point, at };
    this.points.push(listed);
    void this.jobs.run(async () => {
      const commit = await before;
      if (commit) {
        listed.commit = commit;
        this.latest = commit;
      }
      this.o.append({ kind: 'checkpoint', point: { ...point, at, ...(commit ? { commit } : {}) } });
    });
  }

  /** Outside git: a file tool is about to change `abs`. */
  async beforeWrite(abs: string): Promise<void> {
    this.jobs.release();
    const point = this.points[this.points.length - 1];
    if (!this.files || !point) return;
    const files = this.files;
    this.touched.add(abs);
    await this.safely(() => files.beforeWrite(point.id, abs));
  }

  /** After a tool call that may have changed files. */
  async afterCall(toolName: string, toolCallId: string): Promise<void> {
    this.jobs.release();
    if (noSnapshotTools.has(toolName)) return;
    if (this.files) {
      const files = this.files;
      const touched = [...this.touched];
      this.touched.clear();
      for (const abs of touched) await this.safely(() => files.afterWrite(abs));
      return;
    }
    const shadow = this.shadow;
    if (!shadow) return;
    const snapshot = await this.safely(() => shadow.snapshot(this.latest, `after ${toolName}`));
    if (snapshot && snapshot.commit !== this.latest) this.record({ kind: 'checkpoint', commit: snapshot.commit, toolCallId });
  }

  /** The point's commit, or a plain sentence when there is none to restore. */
  private async commitOf(point: CheckpointPoint): Promise<string> {
    const missing = 'No checkpoint of the files is kept for that message (checkpoints were off, failed, or are older than checkpoints.keepDays); only the conversation can go back.';
    if (!point.commit || !(await (this.shadow as ShadowRepo).has(point.commit))) throw new Error(missing);
    return point.commit;
  }

  private find(pointId: string): number {
    const at = this.points.findIndex((p) => p.id === pointId);
    if (at < 0) throw new Error('That message is no longer a rewind point; open /rewind again.');
    return at;
  }

  /** Every rewind point, oldest first, with the files changed since. */
  async list(history: readonly Message[]): Promise<RewindPoint[]> {
    this.jobs.release();
    const now = this.shadow ? await this.jobs.run(() => (this.shadow as ShadowRepo).snapshot(this.latest, 'now')) : undefined;
    const out: RewindPoint[] = [];
    for (let i = 0; i < this.points.length; i++) {
      const point = this.points[i];
      let filesChanged: string[] = [];
      // A checkpoint pruned since lists no files; choosing it says why.
      if (this.shadow && now && point.commit) filesChanged = (await this.jobs.run(() => (this.shadow as ShadowRepo).diff(point.commit as string, now.commit)).catch(() => [])).map((c) => c.path);
      else if (this.files) filesChanged = (await this.files.preview(this.points.slice(i).map((p) => p.id))).files.map((c) => c.path);
      out.push({ id: point.id, text: point.text, at: point.at, filesChanged, conversation: rewoundHistory(history, point) !== undefined });
    }
    return out;
  }

  async preview(pointId: string): Promise<RewindPreview> {
    this.jobs.release();
    const at = this.find(pointId);
    const point = this.points[at];
    if (this.files) return { pointId, ...(await this.files.preview(this.points.slice(at).map((p) => p.id))) };
    const shadow = this.shadow as ShadowRepo;
    const commit = await this.jobs.run(() => this.commitOf(point));
    return this.jobs.run(async () => {
      const now = await shadow.snapshot(this.latest, 'now');
      const files = await shadow.diff(commit, now.commit);
      const byHand = new Set(this.latest ? (await shadow.diff(this.latest, now.commit)).map((c) => c.path) : []);
      return { pointId, files, handEdited: files.map((f) => f.path).filter((f) => byHand.has(f)), notStored: now.notStored };
    });
  }

  /** Puts the workspace back as it was before the message; returns the files written or removed. */
  async restore(pointId: string): Promise<string[]> {
    this.jobs.release();
    const point = this.points[this.find(pointId)];
    if (this.files) return this.jobs.run(() => (this.files as FileSnapshots).restore(this.points.slice(this.find(pointId)).map((p) => p.id)));
    const shadow = this.shadow as ShadowRepo;
    const commit = await this.jobs.run(() => this.commitOf(point));
    const restored = await this.jobs.run(async () => {
      const now = await shadow.snapshot(this.latest, 'now');
      const changes = await shadow.diff(commit, now.commit);
      await shadow.restore(commit, changes);
      const after = await shadow.snapshot(now.commit, 'after a rewind');
      this.record({ kind: 'checkpoint', commit: after.commit });
      return changes.map((c) => c.path);
    });
    return restored;
  }

  /** The conversation went back to before `pointId`: it and the later points are dropped. */
  rewound(pointId: string): void {
    this.find(pointId);
    this.record({ kind: 'rewind', pointId });
  }

  point(pointId: string): CheckpointPoint {
    return this.points[this.find(pointId)];
  }

  /** Waits for queued snapshots (tests, close). */
  settled(): Promise<void> {
    return this.jobs.settled();
  }
}

/** The history as it was before the point's message, or undefined when it no longer holds that message as sent. */
export function rewoundHistory(history: readonly Message[], point: CheckpointPoint): Message[] | undefined {
  if (point.blocks === undefined) {
    const message = history[point.historyLength];
    const first = message?.role === 'user' ? message.content[0] : undefined;
    if (first?.type !== 'text' || first.text !== point.sent) return undefined;
    return history.slice(0, point.historyLength);
  }
  const last = history[point.historyLength - 1];
  const block = last?.role === 'user' ? last.content[point.blocks] : undefined;
  if (!last || block?.type !== 'text' || block.text !== point.sent) return undefined;
  return [...history.slice(0, point.historyLength - 1), { ...last, content: last.content.slice(0, point.blocks) }] as Message[];
}
