// Synchronous, chunked reading of JSONL files: whole logs line by line in bounded memory, or just their head.
import fs from 'node:fs';

export interface FileLine {
  /** 1-based line number. */
  number: number;
  text: string;
  /** False only for a last line with no newline after it (a write cut off mid-way, or a clean end without one). */
  terminated: boolean;
}

const newline = 0x0a;
const defaultChunkSize = 1 << 20;

/** Yields every line of a file; splitting on newline bytes is safe because 0x0A never occurs inside a UTF-8 sequence. */
export function* readLines(file: string, chunkSize = defaultChunkSize): Generator<FileLine> {
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkSize);
    let pending: Buffer[] = [];
    let number = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunkSize, null);
      if (read === 0) break;
      let start = 0;
      for (let end = chunk.indexOf(newline, 0); end !== -1 && end < read; end = chunk.indexOf(newline, start)) {
        pending.push(chunk.subarray(start, end));
        number += 1;
        yield { number, text: Buffer.concat(pending).toString('utf8'), terminated: true };
        pending = [];
        start = end + 1;
      }
      // The chunk buffer is reused, so keep a copy of the unfinished tail.
      if (start < read) pending.push(Buffer.from(chunk.subarray(start, read)));
    }
    if (pending.length > 0) yield { number: number + 1, text: Buffer.concat(pending).toString('utf8'), terminated: false };
  } finally {
    fs.closeSync(fd);
  }
}

/** The complete lines within the first `maxBytes` of a file, and whether the file goes on past them. */
export function readHeadLines(file: string, maxBytes: number): { lines: string[]; truncated: boolean } {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes);
    const read = fs.readSync(fd, buffer, 0, maxBytes, 0);
    const truncated = read === maxBytes && fs.fstatSync(fd).size > maxBytes;
    const text = buffer.subarray(0, read).toString('utf8');
    const lines = text.split('\n');
    // Past the window the last piece is cut short; at the real end it is a line without its newline.
    if (truncated || lines[lines.length - 1] === '') lines.pop();
    return { lines, truncated };
  } finally {
    fs.closeSync(fd);
  }
}

/** Counts lines that begin with `prefix`, reading the file in chunks without decoding it. */
export function countLinesStartingWith(file: string, prefix: string, chunkSize = defaultChunkSize): number {
  const needle = Buffer.from(`\n${prefix}`);
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkSize);
    // A virtual newline before the file lets the first line match; afterwards the carried tail
    // (shorter than the needle, so never a whole match) catches matches that straddle two chunks.
    let tail = Buffer.from('\n');
    let count = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunkSize, null);
      if (read === 0) break;
      const data = Buffer.concat([tail, chunk.subarray(0, read)]);
      for (let at = data.indexOf(needle); at !== -1; at = data.indexOf(needle, at + 1)) count += 1;
      tail = Buffer.from(data.subarray(Math.max(0, data.length - (needle.length - 1))));
    }
    return count;
  } finally {
    fs.closeSync(fd);
  }
}
