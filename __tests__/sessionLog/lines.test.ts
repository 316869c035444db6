// Chunked line reading must give the same lines and counts whatever the chunk size.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countLinesStartingWith, lineNumberAt, linesStartingWith, linesStartingWithBackward, readHeadLines, readLinesBackward } from '../../source/sessionLog/lines.js';
import { makeTempDir, readLines } from './helpers.js';

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

describe('readLinesBackward', () => {
  it('gives the lines of readLines in reverse, with their byte offsets, whatever the chunk size', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rein-lines-bw-'));
    const cases = ['', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n\nx\n', 'héllo\nwörld\n', `${'x'.repeat(10)}\n${'y'.repeat(7)}\nzz`];
    for (const [i, content] of cases.entries()) {
      const file = path.join(dir, `f${i}`);
      fs.writeFileSync(file, content);
      const forward = [...readLines(file)];
      for (const chunk of [1, 2, 3, 5, 64]) {
        const backward = [...readLinesBackward(file, chunk)].reverse();
        expect(backward.map((l) => [l.text, l.terminated])).toEqual(forward.map((l) => [l.text, l.terminated]));
        for (const [k, line] of backward.entries()) {
          expect(Buffer.from(content).subarray(line.offset).toString('utf8').startsWith(line.text)).toBe(true);
          expect(lineNumberAt(file, line.offset, chunk)).toBe(forward[k].number);
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('linesStartingWith', () => {
  // Prefixes of different lengths, a prefix inside a line (not at its start), multi-byte text, no final newline.
  const log = [
    '{"kind":"meta"}', '{"kind":"checkpoint","point":{"id":"r1","text":"é€😀"}}', '{"kind":"event","x":"{\\"kind\\":\\"rewind\\"}"}',
    '', '{"kind":"rewind","pointId":"r1"}', '{"kind":"checkpointless"}', 'x{"kind":"rewind"}', '{"kind":"checkpoint","commit":"c2"}',
    '{"kind":"rewind","pointId":"cut off',
  ].join('\n');
  const prefixes = ['{"kind":"checkpoint"', '{"kind":"rewind"'];
  const expected = log.split('\n').filter((line) => prefixes.some((p) => line.startsWith(p)));

  it.each([1, 2, 3, 5, 17, 20, 21, 64, 1 << 20])('yields the lines readLines would pick, in order, with %i-byte chunks', (chunkSize) => {
    const file = path.join(tmp.dir, 'log.jsonl');
    fs.writeFileSync(file, log);
    expect([...readLines(file)].map((l) => l.text).filter((line) => prefixes.some((p) => line.startsWith(p)))).toEqual(expected);
    expect([...linesStartingWith(file, prefixes, chunkSize)]).toEqual(expected);
  });

  it('agrees with splitting the whole file on random logs of short and long lines', () => {
    const file = path.join(tmp.dir, 'random.jsonl');
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const pieces = ['ab', 'abc', 'b', 'x', '\n', '\n', 'é'];
    for (let round = 0; round < 40; round++) {
      const text = Array.from({ length: 60 + next(60) }, () => pieces[next(pieces.length)].repeat(1 + next(3))).join('');
      fs.writeFileSync(file, text);
      const wanted = ['ab', 'abc', 'b'];
      const expected = text.split('\n').filter((line) => wanted.some((p) => line.startsWith(p)));
      for (const size of [1, 2, 4, 7, 13, 1 << 16]) expect([...linesStartingWith(file, wanted, size)]).toEqual(expected);
    }
  });

  it('matches the very first line and a complete last line, once each', () => {
    const file = path.join(tmp.dir, 'first.jsonl');
    fs.writeFileSync(file, 'ab\nab\nxab\nab\n');
    for (const size of [1, 2, 3, 4, 100]) expect([...linesStartingWith(file, ['ab', 'a'], size)]).toEqual(['ab', 'ab', 'ab']);
    fs.writeFileSync(file, '');
    expect([...linesStartingWith(file, ['ab'])]).toEqual([]);
  });
});

describe('linesStartingWithBackward', () => {
  it('gives linesStartingWith\'s lines after the first, newest first, with their offsets, before any line start, whatever the chunk size', () => {
    const file = path.join(tmp.dir, 'backward.jsonl');
    let seed = 29;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const pieces = ['ab', 'abc', 'b', 'x', '\n', '\n', 'é'];
    for (let round = 0; round < 40; round++) {
      const text = Array.from({ length: 60 + next(60) }, () => pieces[next(pieces.length)].repeat(1 + next(3))).join('');
      fs.writeFileSync(file, text);
      const bytes = Buffer.from(text);
      // Every line start is a possible end, and the file's end.
      const starts = [0, ...[...bytes.keys()].filter((i) => bytes[i] === 0x0a).map((i) => i + 1), bytes.length];
      const wanted = ['ab', 'abc', 'b'];
      for (const end of starts) {
        const before = bytes.subarray(0, end).toString('utf8');
        const expected = before.split('\n').slice(1).filter((line) => wanted.some((p) => line.startsWith(p))).reverse();
        for (const size of [1, 2, 4, 7, 13, 1 << 16]) {
          const found = [...linesStartingWithBackward(file, wanted, end, size)];
          expect(found.map((l) => l.text)).toEqual(expected);
          for (const line of found) expect(bytes.subarray(line.offset, line.offset + Buffer.byteLength(line.text)).toString('utf8')).toBe(line.text);
        }
      }
    }
  });
});
