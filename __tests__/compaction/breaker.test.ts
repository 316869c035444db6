import { describe, expect, it } from 'vitest';
import { ContextBreaker, offloadWarning } from '../../source/engine/compaction/breaker.js';

const window = 1_000;

describe('ContextBreaker', () => {
  it('continues below the danger line and asks for compaction at or above it', () => {
    const breaker = new ContextBreaker({ dangerRatio: 0.9, stopRatio: 0.95, maxFailures: 3 });
    expect(breaker.check(899, window)).toBe('continue');
    expect(breaker.check(900, window)).toBe('compact');
    breaker.compacted(400, window);
    expect(breaker.check(950, window)).toBe('compact');
  });

  it('after maxFailures failed compactions warns once, then continues below the stop line and stops above it', () => {
    const breaker = new ContextBreaker({ dangerRatio: 0.9, stopRatio: 0.95, maxFailures: 3 });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(breaker.check(920, window));
      breaker.compacted(910, window);
    }
    seen.push(breaker.check(920, window), breaker.check(930, window), breaker.check(949, window), breaker.check(950, window), breaker.check(990, window));
    expect(seen).toEqual(['compact', 'compact', 'compact', 'warn', 'continue', 'continue', 'stop', 'stop']);
    expect(breaker.check(100, window)).toBe('continue');
  });

  it('a success resets the failure count; so does reset()', () => {
    const breaker = new ContextBreaker({ dangerRatio: 0.9, stopRatio: 0.95, maxFailures: 2 });
    breaker.compacted(950, window);
    breaker.compacted(500, window);
    breaker.compacted(950, window);
    expect(breaker.check(960, window)).toBe('compact');
    breaker.compacted(950, window);
    expect(breaker.check(960, window)).toBe('warn');
    expect(breaker.check(960, window)).toBe('stop');
    breaker.reset();
    expect(breaker.check(960, window)).toBe('compact');
    breaker.compacted(950, window);
    breaker.compacted(950, window);
    expect(breaker.check(960, window)).toBe('warn');
  });

  it('uses the documented defaults', () => {
    const breaker = new ContextBreaker();
    expect(breaker.check(899, window)).toBe('continue');
    expect(breaker.check(900, window)).toBe('compact');
    for (let i = 0; i < 3; i++) breaker.compacted(900, window);
    expect(breaker.check(900, window)).toBe('warn');
    expect(breaker.check(949, window)).toBe('continue');
    expect(breaker.check(950, window)).toBe('stop');
  });

  it('tells the model how to offload', () => {
    for (const word of ['subagent', 'memory', 'brief']) expect(offloadWarning).toContain(word);
  });
});
