// Lays out a streaming markdown message block by block: finished blocks keep their lines, only the growing tail is redone.
import { markdownToLines } from './markdown.js';

export interface StreamLayout {
  /** The finished blocks' source text and their lines. */
  stable: string;
  stableLines: string[];
}

const fenceRe = /^ {0,3}(`{3,}|~{3,})/;
// A line that could continue the block above it (list item, indented text) must not start a chunk of its own.
const continuesRe = /^(?:\s|[*+-](?:\s|$)|\d+[.)](?:\s|$)|>|\|)/;

/**
 * Length of the prefix made of finished top-level blocks: it ends where a line that opens a new block
 * follows a blank line outside any code fence. Such a prefix lays out the same on its own.
 * `from` is such a length already found for the start of `text` (a streamed text only grows): the scan goes on
 * from there, where no fence is open and a blank line came before, instead of from the start.
 */
export function stableMarkdownLength(text: string, from = 0): number {
  let fence: string | undefined;
  let stable = from;
  let lineStart = from;
  let prevBlank = from > 0;
  while (lineStart < text.length) {
    const end = text.indexOf('\n', lineStart);
    if (end < 0) break;
    const line = text.slice(lineStart, end);
    const blank = line.trim() === '';
    if (fence === undefined && prevBlank && !blank && !continuesRe.test(line)) stable = lineStart;
    const match = fenceRe.exec(line);
    if (match) {
      const marker = match[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    }
    prevBlank = blank && fence === undefined;
    lineStart = end + 1;
  }
  return stable;
}

function joinBlocks(a: string[], b: string[]): string[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [...a, '', ...b];
}

/** Lines of `text` at `width`, reusing `prev`'s finished blocks when the text only grew past them. */
export function layoutStreaming(text: string, width: number, prev?: StreamLayout): { lines: string[]; state: StreamLayout } {
  const cut = stableMarkdownLength(text, prev && prev.stable !== '' && text.startsWith(prev.stable) ? prev.stable.length : 0);
  const stable = text.slice(0, cut);
  let stableLines: string[];
  if (prev && prev.stable === stable) stableLines = prev.stableLines;
  else if (prev && prev.stable !== '' && stable.startsWith(prev.stable)) {
    stableLines = joinBlocks(prev.stableLines, markdownToLines(stable.slice(prev.stable.length), width));
  } else stableLines = markdownToLines(stable, width);
  const lines = joinBlocks(stableLines, markdownToLines(text.slice(cut), width));
  return { lines, state: { stable, stableLines } };
}
