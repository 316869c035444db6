// Whole numbers are grouped as toLocaleString('en-US') groups them, and names are ordered, without ICU: its number
// formatter costs about 7 MB and 10 ms at first use, its collator about 3 MB and 5 ms.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../bench/renderContent.js';
import { compareNames } from '../../source/util/compareNames.js';
import { formatInt } from '../../source/util/format.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('formatInt', () => {
  it("writes what toLocaleString('en-US') writes for the rounded number, at every size and sign, -0 as 0 (seeded)", () => {
    const random = seededRandom(2026);
    const samples = [0, -0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 0.5, -0.5, 1234.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60, Infinity, -Infinity, NaN];
    for (let i = 0; i < 2000; i++) {
      const digits = Math.floor(random() * 16);
      samples.push((random() < 0.5 ? -1 : 1) * random() * 10 ** digits);
    }
    for (const n of samples) {
      const rounded = Math.round(n);
      const expected = Object.is(rounded, -0) ? '0' : rounded.toLocaleString('en-US');
      expect(formatInt(n), String(n)).toBe(expected);
    }
  });

  it('does not ask ICU for a whole number of any everyday size', () => {
    const icu = vi.spyOn(Number.prototype, 'toLocaleString');
    expect([7, 12_345, -9_876_543, 1_234_567_890_123].map(formatInt)).toEqual(['7', '12,345', '-9,876,543', '1,234,567,890,123']);
    expect(icu).not.toHaveBeenCalled();
  });
});

describe('compareNames', () => {
  it('orders case-insensitively, then by code unit, and never asks ICU', () => {
    const icu = vi.spyOn(String.prototype, 'localeCompare');
    const names = ['beta', 'Alpha', 'alpha', 'B', 'a-b', 'a_b', '_x', 'x10', 'x2', 'Zed', 'z'];
    expect([...names].sort(compareNames)).toEqual(['_x', 'a-b', 'a_b', 'Alpha', 'alpha', 'B', 'beta', 'x10', 'x2', 'z', 'Zed']);
    expect(compareNames('same', 'same')).toBe(0);
    expect(icu).not.toHaveBeenCalled();
  });

  it('is a total order: antisymmetric and the same sort from any starting order (seeded)', () => {
    const random = seededRandom(11);
    const alphabet = 'aAbB_-0zZé';
    const names = Array.from({ length: 60 }, () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    for (const a of names) for (const b of names) expect(Math.sign(compareNames(a, b))).toBe(-Math.sign(compareNames(b, a)) || 0);
    const once = [...names].sort(compareNames);
    const shuffled = [...names].reverse().sort(compareNames);
    expect(shuffled).toEqual(once);
  });
});

describe('rein itself', () => {
  it("formats counts with formatInt and orders names with compareNames, never toLocaleString('en-US') or localeCompare", () => {
    const offenders = ['source', 'components', 'hooks']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => !file.endsWith(path.join('util', 'format.ts')))
      .filter((file) => /\.toLocale(?:String|DateString|TimeString)\(|\.localeCompare\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
