// Checkpoints outside git: each file a file tool changes is copied, before its first change after a message, into the session folder.
import { createHash } from 'node:crypto';
// fs.promises is read where it is used: Node loads it on first use, not while rein starts.
import { existsSync, mkdirSync, promises as fsp, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { diffLines } from 'diff';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import type { FileChange } from './types.js';
import { compareNames } from '../util/compareNames.js';

interface SavedFile {
  /** False when the file did not exist before the change (a restore removes it). */
  existed: boolean;
  /** Too large to keep: noted only. */
  notStored?: boolean;
}

type Manifest = Record<string, SavedFile>;

const blobName = (rel: string) => createHash('sha256').update(rel).digest('hex');
const hashOf = (data: Buffer | undefined) => (data === undefined ? null : createHash('sha256').update(data).digest('hex'));

async function readMaybe(abs: string): Promise<Buffer | undefined> {
  return fsp.readFile(abs).catch(() => undefined);
}

const isText = (data: Buffer) => !data.subarray(0, 8000).includes(0);
const lineCount = (changes: ReturnType<typeof diffLines>, key: 'added' | 'removed') =>
  changes.filter((c) => c[key]).reduce((sum, c) => sum + (c.count ?? 0), 0);

export class FileSnapshots {
  private readonly latestFile: string;

  private readonly workspace: string;

  constructor(private readonly root: string, workspace: string, private readonly maxFileBytes: number) {
    this.latestFile = path.join(root, 'latest.json');
    // File tools name files by their real path.
    this.workspace = realpathSync(workspace);
  }

  private manifestFile = (pointId: string) => path.join(this.root, pointId, 'manifest.json');

  private manifest(pointId: string): Manifest {
    const file = this.manifestFile(pointId);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
  }

  /** What rein last wrote to each file (content hash, null = removed): a file that differs was changed by someone else. */
  private latest(): Record<string, string | null> {
    return existsSync(this.latestFile) ? (JSON.parse(readFileSync(this.latestFile, 'utf8')) as Record<string, string | null>) : {};
  }

  private rel = (abs: string) => path.relative(this.workspace, abs);

  /** Saves the file as it is now, unless this point already holds it. */
  async beforeWrite(pointId: string, abs: string): Promise<void> {
    const rel = this.rel(abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return;
    const manifest = this.manifest(pointId);
    if (manifest[rel]) return;
    const exists = existsSync(abs);
    const size = exists ? statSync(abs).size : 0;
    const entry: SavedFile = { existed: exists, ...(size > this.maxFileBytes ? { notStored: true } : {}) };
    await fsp.mkdir(path.join(this.root, pointId), { recursive: true });
    if (exists && !entry.notStored) await fsp.writeFile(path.join(this.root, pointId, blobName(rel)), await fsp.readFile(abs));
    manifest[rel] = entry;
    writeFileAtomicSync(this.manifestFile(pointId), JSON.stringify(manifest));
  }

  /** Notes what rein left in the file. */
  async afterWrite(abs: string): Promise<void> {
    const rel = this.rel(abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return;
    const latest = this.latest();
    latest[rel] = hashOf(await readMaybe(abs));
    mkdirSync(this.root, { recursive: true });
    writeFileAtomicSync(this.latestFile, JSON.stringify(latest));
  }

  /** Per file touched from `pointIds[0]` on: its content before the first of those changes. */
  private targets(pointIds: readonly string[]): Map<string, { pointId: string; saved: SavedFile }> {
    const targets = new Map<string, { pointId: string; saved: SavedFile }>();
    for (const pointId of pointIds) {
      for (const [rel, saved] of Object.entries(this.manifest(pointId))) if (!targets.has(rel)) targets.set(rel, { pointId, saved });
    }
    return targets;
  }

  /** What restoring the point (first of `pointIds`, the rest after it) would change, and which changed files rein did not write. */
  async preview(pointIds: readonly string[]): Promise<{ files: FileChange[]; handEdited: string[]; notStored: string[] }> {
    const latest = this.latest();
    const files: FileChange[] = [];
    const handEdited: string[] = [];
    const notStored: string[] = [];
    for (const [rel, { pointId, saved }] of this.targets(pointIds)) {
      if (saved.notStored) {
        notStored.push(rel);
        continue;
      }
      const now = await readMaybe(path.join(this.workspace, rel));
      const then = saved.existed ? await fsp.readFile(path.join(this.root, pointId, blobName(rel))) : undefined;
      if (hashOf(now) === hashOf(then)) continue;
      if (rel in latest && latest[rel] !== hashOf(now)) handEdited.push(rel);
      const change: FileChange['change'] = then === undefined ? 'created' : now === undefined ? 'deleted' : 'modified';
      const binary = (now !== undefined && !isText(now)) || (then !== undefined && !isText(then));
      const lines = binary ? [] : diffLines(then?.toString('utf8') ?? '', now?.toString('utf8') ?? '');
      files.push({ path: rel, change, added: lineCount(lines, 'added'), removed: lineCount(lines, 'removed'), ...(binary ? { binary } : {}) });
    }
    return { files: files.sort((a, b) => compareNames(a.path, b.path)), handEdited: handEdited.sort(), notStored: notStored.sort() };
  }

  /** Writes back every file touched from the point on; returns the ones changed. */
  async restore(pointIds: readonly string[]): Promise<string[]> {
    const { files } = await this.preview(pointIds);
    const targets = this.targets(pointIds);
    for (const file of files) {
      const target = targets.get(file.path);
      if (!target) continue;
      const abs = path.join(this.workspace, file.path);
      if (!target.saved.existed) await fsp.rm(abs, { force: true });
      else {
        await fsp.mkdir(path.dirname(abs), { recursive: true });
        writeFileAtomicSync(abs, await fsp.readFile(path.join(this.root, target.pointId, blobName(file.path))));
      }
      await this.afterWrite(abs);
    }
    return files.map((f) => f.path);
  }
}
