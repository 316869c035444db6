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

describe('flags a script written for claude -p passes', () => {
  it('a bare -p reads standard input, or takes the positional words as the prompt', () => {
    expect(parseCliArgs(['-p']).print).toBe('-');
    expect(parseCliArgs(['-p', '--output-format', 'json']).print).toBe('-');
    expect(parseCliArgs(['-p', '--model', 'm', 'fix', 'it'])).toMatchObject({ print: 'fix it', prompt: undefined, model: 'm' });
    expect(parseCliArgs(['-p', 'task']).print).toBe('task');
  });

  it('--input-format stream-json is headless and takes no prompt', () => {
    expect(parseCliArgs(['--input-format', 'stream-json'])).toMatchObject({ print: '-', inputFormat: 'stream-json' });
    expect(() => parseCliArgs(['-p', 'task', '--input-format', 'stream-json'])).toThrow(/give no prompt/);
    expect(() => parseCliArgs(['--input-format', 'xml'])).toThrow(/text or stream-json/);
  });

  it('takes one of --system-prompt and --system-prompt-file', () => {
    expect(parseCliArgs(['--append-system-prompt', 'be brief']).appendSystemPrompt).toBe('be brief');
    expect(() => parseCliArgs(['--system-prompt', 'a', '--system-prompt-file', 'b'])).toThrow(/either/);
  });

  it('takes --fork-session only with --resume or --continue', () => {
    expect(parseCliArgs(['--resume', 'abc', '--fork-session'])).toMatchObject({ resume: 'abc', forkSession: true });
    expect(parseCliArgs(['-c', '--fork-session', '-p', 'go'])).toMatchObject({ continue: true, forkSession: true, print: 'go' });
    expect(parseCliArgs(['-c']).forkSession).toBe(false);
    expect(() => parseCliArgs(['--fork-session'])).toThrow('--fork-session copies a saved session: use it with --resume <id> or --continue.');
  });

  it('takes --max-turns 0 as no limit and refuses a negative or fractional number', () => {
    expect(parseCliArgs(['--max-turns', '0']).maxTurns).toBe(0);
    expect(() => parseCliArgs(['--max-turns=-1'])).toThrow(/--max-turns must be a whole number/);
    expect(() => parseCliArgs(['--max-turns', '1.5'])).toThrow(/--max-turns must be a whole number/);
  });
});
