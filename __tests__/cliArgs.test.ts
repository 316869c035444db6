// Command-line parsing: a positional first message for the TUI, and its clash with -p.
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../source/cliArgs.js';

describe('parseCliArgs', () => {
  it('takes a positional argument as the first message of the TUI', () => {
    expect(parseCliArgs(['fix the tests']).prompt).toBe('fix the tests');
    expect(parseCliArgs(['--model', 'm', 'fix', 'the', 'tests']).prompt).toBe('fix the tests');
    expect(parseCliArgs([]).prompt).toBeUndefined();
    expect(parseCliArgs(['fix']).print).toBeUndefined();
  });

  it('refuses a positional prompt together with -p', () => {
    expect(() => parseCliArgs(['-p', 'one', 'two'])).toThrow(UsageError);
  });
});
