// Synchronous, chunked reading of JSONL files: whole logs line by line in bounded memory, or just their head.
import fs from 'node:fs';

const newline = 0x0a;
const defaultChunkSize = 1 << 20;

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

export interface TailLine {
  /** Byte offset of the line's first byte. */
  offset: number;
  text: string;
  terminated: boolean;
}

/**
 * Yields the lines of a file newest first, reading backwards in chunks: the end of a long log costs what it holds.
 * With `end` (a line's start offset) only the lines before it are read.
 */
export function* readLinesBackward(file: string, chunkSize = defaultChunkSize, end?: number): Generator<TailLine> {
  const fd = fs.openSync(file, 'r');
  try {
    const size = Math.min(fs.fstatSync(fd).size, end ?? Number.POSITIVE_INFINITY);
    if (size === 0) return;
    const lastByte = Buffer.alloc(1);
    fs.readSync(fd, lastByte, 0, 1, size - 1);
    const endsWithNewline = lastByte[0] === newline;
    let position = size;
    // Bytes of the line whose start has not been reached yet.
    let head: Buffer = Buffer.alloc(0);
    let atFileEnd = true;
    while (position > 0) {
      const length = Math.min(chunkSize, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      fs.readSync(fd, chunk, 0, length, position);
      const buffer = head.length > 0 ? Buffer.concat([chunk, head]) : chunk;
      let end = buffer.length;
      let nl = buffer.lastIndexOf(newline, end - 1);
      while (nl !== -1) {
        const text = buffer.subarray(nl + 1, end).toString('utf8');
        // After a final newline there is nothing; without one the last line was cut off.
        if (!(atFileEnd && endsWithNewline)) yield { offset: position + nl + 1, text, terminated: !atFileEnd };
        atFileEnd = false;
        end = nl;
        nl = end > 0 ? buffer.lastIndexOf(newline, end - 1) : -1;
      }
      head = Buffer.from(buffer.subarray(0, end));
    }
    if (head.length > 0 || !atFileEnd) yield { offset: 0, text: head.toString('utf8'), terminated: !atFileEnd || endsWithNewline };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The lines before byte `end` that begin with one of `prefixes`, newest first, found by a byte search backwards: no
 * other line is decoded, so a long log's early part costs a search rather than a split into lines. The first line
 * of the file is not searched (it is the header).
 */
export function* linesStartingWithBackward(file: string, prefixes: readonly string[], end?: number, chunkSize = defaultChunkSize): Generator<{ offset: number; text: string }> {
  const needles = prefixes.map((prefix) => Buffer.from(`\n${prefix}`));
  const longest = Math.max(...needles.map((needle) => needle.length));
  const fd = fs.openSync(file, 'r');
  try {
    const size = Math.min(fs.fstatSync(fd).size, end ?? Number.POSITIVE_INFINITY);
    let position = size;
    // One buffer for every chunk, followed by the first bytes of the chunk after it (the carry): a needle that
    // straddles the two is found, and one in the carry alone lies wholly in the chunk after, searched already.
    const buffer = Buffer.alloc(Math.min(chunkSize, size) + longest);
    let carried = 0;
    while (position > 0) {
      const length = Math.min(chunkSize, position);
      position -= length;
      buffer.copyWithin(length, 0, carried);
      fs.readSync(fd, buffer, 0, length, position);
      const data = buffer.subarray(0, length + carried);
      // Newest first within the chunk: the latest match of any needle, then the latest before it.
      let before = data.length;
      for (;;) {
        let at = -1;
        for (const needle of needles) if (before - 1 >= 0) at = Math.max(at, data.lastIndexOf(needle, before - 1));
        if (at === -1) break;
        if (at < length) yield { offset: position + at + 1, text: lineAt(fd, position + at + 1, size, chunkSize) };
        before = at;
      }
      carried = Math.min(data.length, longest - 1);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The line that starts at byte `start`, up to its newline or `end`. */
function lineAt(fd: number, start: number, end: number, chunkSize: number): string {
  const parts: Buffer[] = [];
  for (let position = start; position < end; ) {
    const chunk = Buffer.alloc(Math.min(chunkSize, end - position));
    const read = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    const nl = chunk.subarray(0, read).indexOf(newline);
    parts.push(chunk.subarray(0, nl === -1 ? read : nl));
    if (nl !== -1) break;
    position += read;
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The 1-based number of the line starting at `offset`, counting newlines before it. */
export function lineNumberAt(file: string, offset: number, chunkSize = defaultChunkSize): number {
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkSize);
    let count = 1;
    for (let position = 0; position < offset; ) {
      const read = fs.readSync(fd, chunk, 0, Math.min(chunkSize, offset - position), position);
      if (read === 0) break;
      for (let i = chunk.indexOf(newline, 0); i !== -1 && i < read; i = chunk.indexOf(newline, i + 1)) count += 1;
      position += read;
    }
    return count;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Yields, in file order, the lines that begin with one of `prefixes`, reading the file in chunks and decoding only
 * those lines: picking a few kinds of record out of a long log costs a byte search, not a parse of every line.
 * A last line without a newline after it is yielded as it is.
 */
export function* linesStartingWith(file: string, prefixes: readonly string[], chunkSize = defaultChunkSize): Generator<string> {
  const needles = prefixes.map((prefix) => Buffer.from(`\n${prefix}`));
  const longest = Math.max(1, ...needles.map((n) => n.length));
  const fd = fs.openSync(file, 'r');
  try {
    // One buffer for every read: in front of each go the last bytes of the one before, too few to hold a whole
    // needle (a match lying wholly inside them was found already), so only they are copied. A virtual newline
    // before the file lets the first line match.
    const buffer = Buffer.alloc(longest + chunkSize);
    buffer[0] = newline;
    let carried = 1;
    let seen = 0;
    // The pieces of a matched line that goes on past the bytes read so far.
    let open: Buffer[] | undefined;
    for (;;) {
      const read = fs.readSync(fd, buffer, carried, chunkSize, null);
      const data = buffer.subarray(0, carried + read);
      if (read === 0) {
        if (open) yield Buffer.concat(open).toString('utf8');
        return;
      }
      let from = 0;
      if (open) {
        const end = data.indexOf(newline);
        if (end === -1) {
          open.push(Buffer.from(data));
          continue;
        }
        open.push(data.subarray(0, end));
        yield Buffer.concat(open).toString('utf8');
        open = undefined;
        from = end;
      }
      const starts: number[] = [];
      for (const needle of needles) {
        for (let at = data.indexOf(needle, from); at !== -1; at = data.indexOf(needle, at + 1)) {
          if (at + needle.length > seen) starts.push(at);
        }
      }
      starts.sort((a, b) => a - b);
      for (const [i, at] of starts.entries()) {
        if (i > 0 && starts[i - 1] === at) continue; // one line matching two prefixes
        const end = data.indexOf(newline, at + 1);
        if (end === -1) {
          // Every later match would have ended this line, so it is the last.
          open = [Buffer.from(data.subarray(at + 1))];
          break;
        }
        yield data.subarray(at + 1, end).toString('utf8');
      }
      if (open) {
        carried = 0;
        seen = 0;
        continue;
      }
      const keep = Math.min(longest - 1, data.length);
      buffer.copyWithin(0, data.length - keep, data.length);
      carried = keep;
      seen = keep;
    }
  } finally {
    fs.closeSync(fd);
  }
}
