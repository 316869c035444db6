// The house stands: no import circle between files or rooms (type imports and re-exports counted), every import
// goes downwards, and no file grows past 300 lines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cycles, everywhere, importGraph, roomOf, rooms, wiring } from './importGraph.js';

const { files, edges } = importGraph();

describe('the import graph', () => {
  it('reads the whole tree (a broken reader would find nothing to object to)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.from === 'source/engine/loop.ts' && e.to === 'source/protocol/events.ts')).toBe(true);
  });

  it('has no circle between files', () => {
    expect(cycles(files, edges.map((e) => [e.from, e.to]))).toEqual([]);
  });

  it('has no circle between rooms, the wiring room aside', () => {
    const roomEdges = edges
      .map((e) => [roomOf(e.from), roomOf(e.to)] as [string, string])
      .filter(([a, b]) => a !== b && !wiring.has(a));
    expect(cycles([...new Set(files.map(roomOf))], roomEdges)).toEqual([]);
  });

  it('places every file in a room of the house', () => {
    expect(files.filter((f) => !rooms.includes(roomOf(f)))).toEqual([]);
  });

  it('imports only downwards (protocol and util from anywhere)', () => {
    const up = edges.filter((e) => {
      const from = roomOf(e.from);
      const to = roomOf(e.to);
      if (from === to || wiring.has(from) || everywhere.has(to)) return false;
      return rooms.indexOf(to) < rooms.indexOf(from);
    });
    expect(up.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('keeps every file under 300 lines', () => {
    const long = files.filter((f) => readFileSync(f, 'utf8').split('\n').length > 300);
    expect(long).toEqual([]);
  });
});
