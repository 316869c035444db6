// Shared steps of the file-changing tools: the read-before-write check, atomic writes and diffs.
import { randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FileState } from './fileState.js';
import { cutMiddle } from './truncate.js';
import { formatInt } from '../util/format.js';

export interface FileDiff {
  /** Unified diff, or a one-line note when it would be too costly to compute. */
  diff: string;
  added: number;
  removed: number;
}

/** Diffs of huge rewrites can take long; past this the UI gets a note instead. */
const diffTimeoutMs = 2_000;
/** A diff is for a person to look at: beyond this its middle is cut. */
const diffDisplayLimits = { maxChars: 200_000, maxLines: 4_000 };

export function makeDiff(displayPath: string, before: string, after: string): FileDiff {
  const diff = createTwoFilesPatch(displayPath, displayPath, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
    timeout: diffTimeoutMs,
  });
  if (diff === undefined) return { diff: `(diff of ${displayPath} too large to show)`, added: 0, removed: 0 };
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++')) added++;
    else if (line.startsWith('-') && !line.startsWith('---')) removed++;
  }
  const shown = cutMiddle(diff, diffDisplayLimits, 'diff cut for display')?.text ?? diff;
  return { diff: shown, added, removed };
}

/** Stat of `realPath`, or undefined when nothing is there. */
export async function statIfExists(realPath: string): Promise<Stats | undefined> {
  try {
    return await fs.stat(realPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/**
 * The model may only change a file it has seen in its current state: otherwise it would
 * overwrite changes made by the person or a tool since. Returns the error text, if any.
 */
export function staleFileError(
  files: FileState,
  realPath: string,
  display: string,
  stat: { mtimeMs: number; size: number },
  action: 'edit' | 'overwrite',
): string | undefined {
  const seen = files.get(realPath);
  if (!seen) return `${display} has not been read in this session; read it with read_file first, then ${action} it.`;
  if (files.changedSince(realPath, stat)) return `${display} changed on disk since you read it; read it again before you ${action} it.`;
  return undefined;
}

/** Writes through a temp file in the same folder and a rename, so readers never see half a file. */
export async function writeFileAtomic(realPath: string, content: string): Promise<void> {
  const dir = path.dirname(realPath);
  await fs.mkdir(dir, { recursive: true });
  const mode = await fs.stat(realPath).then((s) => s.mode, () => undefined);
  const temp = path.join(dir, `.${path.basename(realPath)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, content, { encoding: 'utf8', mode: mode ?? 0o666 });
    if (mode !== undefined) await fs.chmod(temp, mode);
    await fs.rename(temp, realPath);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

export const countLines = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

export const plural = (count: number, word: string): string => `${formatInt(count)} ${word}${count === 1 ? '' : 's'}`;
