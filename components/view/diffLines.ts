// A unified diff to coloured terminal lines: additions green, removals red, headers and hunk markers dim.
import type { Style } from './style.js';
import { paint, sanitize, wrapText } from './style.js';

function styleOf(line: string): Style | undefined {
  if (line.startsWith('+++') || line.startsWith('---')) return 'bold';
  if (line.startsWith('@@')) return 'dim';
  if (line.startsWith('diff ') || line.startsWith('index ') || line.startsWith('\\')) return 'dim';
  if (line.startsWith('+')) return 'green';
  if (line.startsWith('-')) return 'red';
  return undefined;
}

export function diffToLines(diff: string, width: number): string[] {
  return diffLineRows(diff, width).flat();
}

/** The diff's rows grouped by the line they wrap, so a count of what is held back counts lines. */
export function diffLineRows(diff: string, width: number): string[][] {
  const source = sanitize(diff).replace(/\n$/, '');
  if (source === '') return [];
  return source.split('\n').map((line) => {
    const style = styleOf(line);
    return wrapText(line, width).map((row) => (style ? paint(style, row) : row));
  });
}

/** Counts added and removed lines, for one-line summaries ("+3 −1"). */
export function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+')) added++;
    else if (line.startsWith('-')) removed++;
  }
  return { added, removed };
}
