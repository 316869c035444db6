// Command-line parsing: a positional first message for the TUI, and its clash with -p.
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../source/cli/args.js';

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

describe('argument shapes of claude -p', () => {
  it('--allowedTools, --disallowedTools and --add-dir take every word up to the next option', () => {
    const args = parseCliArgs(['-p', 'task', '--allowedTools', 'Read', 'Bash(git log:*)', '--add-dir', '../a', '../b', '--disallowedTools', 'Write', '--model', 'm']);
    expect(args).toMatchObject({ print: 'task', allowedTools: ['Read', 'Bash(git log:*)'], addDirs: ['../a', '../b'], disallowedTools: ['Write'], model: 'm' });
    // The prompt after them is taken as a tool, as in Claude Code: a bare -p then reads standard input.
    expect(parseCliArgs(['-p', '--allowedTools', 'Read', 'fix it'])).toMatchObject({ print: '-', allowedTools: ['Read', 'fix it'] });
    expect(parseCliArgs(['--allowed-tools=Read', '-p', 'x']).allowedTools).toEqual(['Read']);
  });

  it('--debug takes a following category filter, but not a prompt', () => {
    expect(parseCliArgs(['-p', 'go', '--debug'])).toMatchObject({ debug: { filter: undefined }, print: 'go' });
    expect(parseCliArgs(['--debug', 'api,!mcp', '-p', 'go']).debug).toEqual({ filter: 'api,!mcp' });
    expect(parseCliArgs(['-p', '--debug', 'fix the bug'])).toMatchObject({ debug: { filter: undefined }, print: 'fix the bug' });
    expect(parseCliArgs(['-d', 'hooks', '-p', 'go']).debug).toEqual({ filter: 'hooks' });
    expect(parseCliArgs(['-p', 'go']).debug).toBeUndefined();
  });

  it('--permission-mode takes Claude Code\'s names; --dangerously-skip-permissions wins over any mode', () => {
    expect(parseCliArgs(['--permission-mode', 'default'])).toMatchObject({ permissionMode: 'ask', dontAsk: false });
    expect(parseCliArgs(['--permission-mode', 'acceptEdits']).permissionMode).toBe('auto-edit');
    expect(parseCliArgs(['--permission-mode', 'bypassPermissions']).permissionMode).toBe('yolo');
    expect(parseCliArgs(['--permission-mode', 'dontAsk'])).toMatchObject({ permissionMode: 'ask', dontAsk: true });
    expect(parseCliArgs(['--permission-mode', 'plan']).permissionMode).toBe('plan');
    expect(parseCliArgs(['--permission-mode', 'yolo']).permissionMode).toBe('yolo');
    expect(parseCliArgs(['--permission-mode', 'dontAsk', '--dangerously-skip-permissions'])).toMatchObject({ permissionMode: 'yolo', dontAsk: false });
    expect(() => parseCliArgs(['--permission-mode', 'auto'])).toThrow(/--permission-mode must be one of/);
  });

  it('checks the values of the new flags in one sentence each', () => {
    expect(() => parseCliArgs(['-p', 'x', '--max-budget-usd', '0'])).toThrow('--max-budget-usd must be a number of US dollars greater than 0 (got "0").');
    expect(parseCliArgs(['-p', 'x', '--max-budget-usd', '0.25']).maxBudgetUsd).toBe(0.25);
    expect(() => parseCliArgs(['-p', 'x', '--session-id', 'abc'])).toThrow(/--session-id must be a UUID/);
    expect(() => parseCliArgs(['-p', 'x', '--json-schema', '[1]'])).toThrow('--json-schema must be a JSON object (a JSON schema).');
    expect(() => parseCliArgs(['-p', 'x', '--permission-prompt-tool', 'approve'])).toThrow(/mcp__<server>__<tool>/);
    expect(parseCliArgs(['-p', 'x', '--fallback-model', 'a, b']).fallbackModels).toEqual(['a', 'b']);
    expect(parseCliArgs(['-p', 'x', '--no-session-persistence']).sessionPersistence).toBe(false);
    expect(parseCliArgs(['-p', 'x', '--output-format', 'rein-events']).outputFormat).toBe('rein-events');
  });

  it('headless-only flags are refused in the full-screen session; --max-budget-usd and --session-id work there too', () => {
    expect(() => parseCliArgs(['--json-schema', '{}'])).toThrow('--json-schema works with -p (headless runs) only.');
    expect(() => parseCliArgs(['--fallback-model', 'm'])).toThrow(/--fallback-model works with -p/);
    expect(parseCliArgs(['--max-budget-usd', '2']).maxBudgetUsd).toBe(2);
    expect(parseCliArgs(['--session-id', '0190f6a2-3b4c-7d5e-8f60-123456789abc']).sessionId).toBe('0190f6a2-3b4c-7d5e-8f60-123456789abc');
  });

  it('accepts the flags that mean nothing in rein, with the words --betas takes', () => {
    expect(parseCliArgs(['-p', 'x', '--ide', '--chrome', '--betas', 'b1', 'b2'])).toMatchObject({ print: 'x', meaninglessFlags: ['--ide', '--chrome', '--betas'] });
  });
});

describe('--mcp-config as in Claude Code', () => {
  it('takes every following word: files or JSON strings', () => {
    expect(parseCliArgs(['-p', 'task', '--mcp-config', 'a.json', '{"mcpServers":{}}', '--strict-mcp-config'])).toMatchObject({
      mcpConfig: ['a.json', '{"mcpServers":{}}'], strictMcpConfig: true, print: 'task',
    });
  });
});
