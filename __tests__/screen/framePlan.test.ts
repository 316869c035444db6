// The frame planner on its own: when it scrolls, what a scroll leaves on screen, and what it sends.

import { describe, expect, it } from 'vitest';
import { applyScroll, encodePlan, planFrame } from '../../components/screen/framePlan.js';

const rows = (lines: string[], total: number): string[] => [...lines, ...new Array<string>(total - lines.length).fill('')];

describe('planFrame', () => {
  it('rewrites only the changed row when nothing moved', () => {
    const screen = rows(['alpha', 'beta', 'gamma'], 5);
    const next = rows(['alpha', 'BETA', 'gamma'], 5);
    expect(planFrame(screen, next)).toEqual({ writes: [{ row: 1, line: 'BETA' }] });
  });

  it('scrolls a region up and writes only the new line when a transcript moved up under a fixed footer', () => {
    const body = Array.from({ length: 8 }, (_, i) => `transcript line number ${i}`);
    const screen = rows([...body, 'status: 1', 'prompt'], 10);
    const next = rows([...body.slice(1), 'transcript line number 8', 'status: 1', 'prompt'], 10);
    const plan = planFrame(screen, next);
    expect(plan.scroll).toEqual({ top: 0, bottom: 7, by: 1 });
    expect(plan.writes).toEqual([{ row: 7, line: 'transcript line number 8' }]);
    expect(applyScroll(screen, { top: 0, bottom: 7, by: 1 }).slice(0, 8)).toEqual([...body.slice(1), '']);
  });

  it('finds a scroll when only a few rows changed (a short screen moving up one line)', () => {
    const screen = ['Alpha reads the configuration file', 'Bravo then validates every layer', 'Charlie merges them in order', 'status'];
    const next = ['Bravo then validates every layer', 'Charlie merges them in order', 'Delta reports what it found', 'status'];
    const plan = planFrame(screen, next);
    expect(plan.scroll).toEqual({ top: 0, bottom: 2, by: 1 });
    expect(plan.writes).toEqual([{ row: 2, line: 'Delta reports what it found' }]);
  });

  it('scrolls down when content moved down', () => {
    const body = Array.from({ length: 8 }, (_, i) => `history entry ${i} with some text`);
    const screen = rows(body.slice(2), 8);
    const next = rows(body.slice(0, 8), 8);
    const plan = planFrame(screen, next);
    expect(plan.scroll?.by).toBe(-2);
    expect(plan.writes.map((w) => w.row)).toEqual([0, 1]);
  });

  it('skips a scroll that would cost more than rewriting', () => {
    const screen = rows(['a', 'b'], 4);
    const next = rows(['b', 'c'], 4);
    expect(planFrame(screen, next).scroll).toBeUndefined();
  });
});

describe('encodePlan', () => {
  it('sends region, scroll, region reset, then erase-and-write per row, closing styles', () => {
    const encoded = encodePlan({
      scroll: { top: 2, bottom: 9, by: 3 },
      writes: [
        { row: 7, line: '\x1b[1mbold\x1b[22m' },
        { row: 8, line: '' },
      ],
    });
    expect(encoded).toBe('\x1b[3;10r\x1b[3S\x1b[r\x1b[8;1H\x1b[K\x1b[1mbold\x1b[22m\x1b[m\r\n\x1b[K');
  });
});
