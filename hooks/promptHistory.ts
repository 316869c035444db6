// Prompt history kept across sessions as JSON lines ({"text": ...}), capped at the newest 500 entries.
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const historyLimit = 500;

function parseLine(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string') return value.text;
  } catch {
    // A torn or foreign line is skipped; the rest of the history still loads.
  }
  return undefined;
}

/** Oldest first. A missing or unreadable file is an empty history. */
export function loadHistory(file: string): string[] {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const entries = raw.split('\n').flatMap((line) => {
    const text = line.trim() ? parseLine(line) : undefined;
    return text === undefined ? [] : [text];
  });
  return entries.slice(-historyLimit);
}

/**
 * Appends one entry; once the history is full the file is rewritten with the newest
 * entries only (temp file + rename, so a crash never leaves half a history).
 */
export function appendHistory(file: string, text: string, current: readonly string[]): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify({ text })}\n`);
    if (current.length + 1 > historyLimit) {
      const all = loadHistory(file);
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, all.map((entry) => `${JSON.stringify({ text: entry })}\n`).join(''));
      renameSync(temp, file);
    }
  } catch {
    // History is a convenience: a read-only home must not break the prompt.
  }
}
