// A headless run keeps V8's young generation at its first size; a TUI session and a user's own setting are left alone.
import { describe, expect, it } from 'vitest';
import { isHeadlessRun, tuneHeap } from '../../source/cli/heapTuning.js';

function tuned(argv: string[], execArgv: string[] = [], nodeOptions = ''): string[] {
  const set: string[] = [];
  tuneHeap(argv, execArgv, nodeOptions, (flag) => set.push(flag));
  return set;
}

describe('tuneHeap', () => {
  it('sets the growth factor for -p, --print, --print=... and -cp', () => {
    for (const argv of [['-p', 'go'], ['--print', 'go'], ['--print=go'], ['-cp', 'go'], ['--model', 'm', '-p', 'go']]) {
      expect(tuned(argv), argv.join(' ')).toEqual(['--semi-space-growth-factor=1']);
    }
  });

  it('leaves a TUI session and other subcommands alone', () => {
    for (const argv of [[], ['--model', 'gpt-4.1'], ['-c'], ['mcp', 'list'], ['--resume', 'abc']]) {
      expect(tuned(argv), argv.join(' ')).toEqual([]);
      expect(isHeadlessRun(argv)).toBe(false);
    }
  });

  it("leaves the young generation alone when the user's node flags set it", () => {
    expect(tuned(['-p', 'go'], ['--max-semi-space-size=4'])).toEqual([]);
    expect(tuned(['-p', 'go'], [], '--semi_space_growth_factor=3')).toEqual([]);
    expect(tuned(['-p', 'go'], [], '--max-old-space-size=512')).toEqual(['--semi-space-growth-factor=1']);
  });
});
