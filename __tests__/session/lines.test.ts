// Chunked line reading must give the same lines and counts whatever the chunk size.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countLinesStartingWith, readHeadLines, readLines } from '../../source/session/lines.js';
import { makeTempDir } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

const content = 'abc\n{"x":"é€😀"}\n\nrun: one\nrun: two run:\nrun: three';

describe('session log line reading', () => {
  it.each([1, 2, 3, 7, 64, 1 << 20])('splits lines correctly with %i-byte chunks', (chunkSize) => {
    const file = path.join(tmp.dir, 'a.jsonl');
    fs.writeFileSync(file, content);
    const lines = [...readLines(file, chunkSize)];
    expect(lines.map((l) => l.text)).toEqual(content.split('\n'));
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines.map((l) => l.terminated)).toEqual([true, true, true, true, true, false]);
    expect(countLinesStartingWith(file, 'run: ', chunkSize)).toBe(3);
    expect(countLinesStartingWith(file, 'abc', chunkSize)).toBe(1);
  });

  it('marks every line terminated when the file ends with a newline', () => {
    const file = path.join(tmp.dir, 'b.jsonl');
    fs.writeFileSync(file, 'one\ntwo\n');
    expect([...readLines(file, 2)]).toEqual([
      { number: 1, text: 'one', terminated: true },
      { number: 2, text: 'two', terminated: true },
    ]);
  });

  it('returns only the complete lines inside the head window', () => {
    const file = path.join(tmp.dir, 'c.jsonl');
    fs.writeFileSync(file, 'first\nsecond\nthird line is long\n');
    expect(readHeadLines(file, 16)).toEqual({ lines: ['first', 'second'], truncated: true });
    expect(readHeadLines(file, 1024)).toEqual({ lines: ['first', 'second', 'third line is long'], truncated: false });
  });
});
