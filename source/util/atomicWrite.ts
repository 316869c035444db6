// Synchronous atomic file writes for the memory folders: a temp file in the same folder, then a rename.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Readers (another rein, an editor) never see half a memory file or half an index. */
export function writeFileAtomicSync(file: string, content: string | Uint8Array): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, content, typeof content === 'string' ? 'utf8' : undefined);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
