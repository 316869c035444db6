import { afterEach, describe, expect, it, vi } from 'vitest';
import { collector, createIdleCollector } from '../../components/screen/idleCollect.js';

afterEach(() => vi.useRealTimers());

describe('idle garbage collection', () => {
  it('collects only after a quiet spell, and soon after a task ends', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = createIdleCollector({ quietMs: 1000, collect });
    idle.activity();
    vi.advanceTimersByTime(900);
    idle.activity();
    vi.advanceTimersByTime(900);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.now();
    idle.activity();
    vi.advanceTimersByTime(60);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.activity();
    idle.dispose();
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('reaches the V8 collector without --expose-gc', () => {
    expect(typeof collector()).toBe('function');
  });
});
