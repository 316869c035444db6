import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../source/config/index.js';
import { parseJson } from '../../source/config/jsonSyntax.js';
import { makeTempConfigDirs, type TempConfigDirs } from './tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

/** Loads with `content` as the project file and returns the error thrown. */
function failure(content: unknown): { error: ConfigError; file: string } {
  const file = dirs.write(dirs.project, content);
  try {
    loadConfig({ cwd: dirs.project, env: dirs.env });
  } catch (err) {
    if (err instanceof ConfigError) return { error: err, file };
    throw err;
  }
  throw new Error('expected loadConfig to throw');
}

describe('invalid JSON', () => {
  it('names the file, the problem, the line and the column', () => {
    const { error, file } = failure('{\n  "model": "m",\n  "maxTurns": 3\n  }}\n');
    expect(error.message).toBe(`${file} is not valid JSON: Unexpected text after the end } at line 4, column 4.`);
    expect(error.file).toBe(file);
    expect(error.exitCode).toBe(2);
  });

  it('explains an early end of input and a missing comma', () => {
    const cut = failure('{ "model": "m"');
    expect(cut.error.message).toBe(`${cut.file} is not valid JSON: Unexpected end of input (expected }) at line 1, column 15.`);
    const comma = failure('{\n  "model": "m"\n  "maxTurns": 3\n}');
    expect(comma.error.message).toBe(`${comma.file} is not valid JSON: Expected a comma, found "maxTurns" at line 3, column 3.`);
  });

  it('locates other syntax problems', () => {
    const findJsonSyntaxProblem = (text: string) => {
      const parsed = parseJson(text);
      return parsed.ok ? undefined : parsed.problem;
    };
    expect(findJsonSyntaxProblem('{"a": 1}')).toBeUndefined();
    expect(findJsonSyntaxProblem('{"a": tru}')).toEqual({ problem: 'Unexpected character tru', line: 1, column: 7 });
    expect(findJsonSyntaxProblem('{\n"a": "x\ny"}')).toEqual({ problem: 'Unterminated string', line: 2, column: 6 });
    expect(findJsonSyntaxProblem("{'a': 1}")).toEqual({ problem: 'Unexpected character \' (strings and keys take "double quotes")', line: 1, column: 2 });
    expect(findJsonSyntaxProblem('[1 2]')).toEqual({ problem: 'Expected a comma, found 2', line: 1, column: 4 });
    expect(findJsonSyntaxProblem('{} x')).toEqual({ problem: 'Unexpected character x', line: 1, column: 4 });
    expect(findJsonSyntaxProblem('{ /* x')).toEqual({ problem: 'Unterminated comment', line: 1, column: 3 });
    expect(findJsonSyntaxProblem('')).toEqual({ problem: 'Unexpected end of input (expected a value)', line: 1, column: 1 });
  });
});

describe('JSONC', () => {
  it('takes comments and trailing commas, as VS Code settings do', () => {
    const file = dirs.write(dirs.project, '{\n  // output tokens\n  "maxTokens": 1024, /* per response */\n  "tools": ["read_file", "grep",],\n}\n');
    const { config, sources } = loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(config.maxTokens).toBe(1024);
    expect(config.tools).toEqual(['read_file', 'grep']);
    expect(sources).toContain(file);
  });

  it("accepts the manual's config example as it is pasted", () => {
    const manual = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const example = /## Config files and variables[\s\S]*?```jsonc\n([\s\S]*?)```/.exec(manual)?.[1];
    expect(example).toContain('//');
    dirs.write(dirs.project, example);
    const { config } = loadConfig({ cwd: dirs.project, env: dirs.env });
    expect(config.maxTokens).toBe(8192);
    expect(config.maxTurns).toBe(50);
  });
});

describe('schema errors', () => {
  it('names the file, the JSON path and the problem', () => {
    const { error, file } = failure({ maxTurns: 'ten' });
    expect(error.message).toBe(`Invalid config in ${file} at /maxTurns: must be integer (got "ten").`);
    expect(error.file).toBe(file);
  });

  it('reports range, enum and nested problems', () => {
    const cases: Array<[unknown, string]> = [
      [{ temperature: -1 }, 'at /temperature: must be >= 0 (got -1).'],
      [{ maxRetries: 11 }, 'at /maxRetries: must be <= 10 (got 11).'],
      [{ maxTokens: 0 }, 'at /maxTokens: must be >= 1 (got 0).'],
      [{ model: '' }, 'at /model: must not be empty.'],
      [{ tools: ['read_file', 'bash_ouptut'] }, 'at /tools/1: must be one of "read_file", "write_file", "edit_file", "glob", "grep", "bash", "bash_output", "kill_task", "todo_write", "memory", "task", "web_fetch", "web_search", "ask_user", "exit_plan_mode" (got "bash_ouptut"; did you mean "bash_output"?).'],
      [{ security: { workspace: 5 } }, 'at /security/workspace: must be string (got 5).'],
      [{ apiKey: 12345 }, 'at /apiKey: must be string.'],
      [{ baseUrl: 'ftp://host/v1' }, 'at /baseUrl: must be an http(s) URL such as http://localhost:8080/v1 (got "ftp://host/v1").'],
      // Node's URL parser is the judge: a port that is not a number, or a space, is caught here, not at the first request.
      [{ baseUrl: 'http://localhost:port/v1' }, 'at /baseUrl: must be an http(s) URL such as http://localhost:8080/v1 (got "http://localhost:port/v1").'],
      [{ baseUrl: 'http://local host:8080/v1' }, 'at /baseUrl: must be an http(s) URL such as http://localhost:8080/v1 (got "http://local host:8080/v1").'],
    ];
    for (const [content, expected] of cases) {
      const { error, file } = failure(content);
      expect(error.message).toBe(`Invalid config in ${file} ${expected}`);
    }
  });

  it('rejects a file that is not an object', () => {
    const { error, file } = failure('[1, 2]');
    expect(error.message).toBe(`Invalid config in ${file}: must be object (got [1,2]).`);
  });

  it('rejects unknown keys with a suggestion', () => {
    const top = failure({ modle: 'x' });
    expect(top.error.message).toBe(`Invalid config in ${top.file}: unknown key "modle" (did you mean "model"?).`);
    const nested = failure({ security: { workspce: '/x' } });
    expect(nested.error.message).toBe(`Invalid config in ${nested.file} at /security: unknown key "workspce" (did you mean "workspace"?).`);
    const far = failure({ colour: 'blue' });
    expect(far.error.message).toBe(`Invalid config in ${far.file}: unknown key "colour".`);
  });
});
