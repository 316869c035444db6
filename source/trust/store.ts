// Remembers, under $REIN_HOME, the user's answer for each project, tied to the fingerprint of what the project asked for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../util/atomicWrite.js';

export type TrustAnswer = 'trusted' | 'denied';

export const projectTrustFileName = 'project-trust.json';

interface Entry {
  fingerprint: string;
  answer: TrustAnswer;
  at: string;
}

type TrustFile = Record<string, Entry>;

export class ProjectTrustStore {
  private readonly file: string;

  constructor(reinHome: string) {
    this.file = join(reinHome, projectTrustFileName);
  }

  private read(): TrustFile {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TrustFile) : {};
    } catch {
      // Missing or unreadable: nothing is trusted yet.
      return {};
    }
  }

  /** The answer given for exactly this fingerprint; `changed` when the project was answered for another one. */
  lookup(projectDir: string, fingerprint: string): { answer?: TrustAnswer; changed: boolean } {
    const entry = this.read()[projectDir];
    if (!entry || (entry.answer !== 'trusted' && entry.answer !== 'denied')) return { changed: false };
    return entry.fingerprint === fingerprint ? { answer: entry.answer, changed: false } : { changed: true };
  }

  remember(projectDir: string, fingerprint: string, answer: TrustAnswer): void {
    const all = this.read();
    all[projectDir] = { fingerprint, answer, at: new Date().toISOString() };
    writeFileAtomicSync(this.file, `${JSON.stringify(all, null, 2)}\n`);
  }
}
